import type { DriverStop } from '@letokruh/contracts/driver';
import { Image, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { driverQrQuery } from './api';

/**
 * What the customer pays at the door, big enough to read across a yard. For a transfer not yet
 * paid: the QR payment of the order's own supplier (GET /driver/order/:id/qr_payment) to scan with
 * the bank's app, and the amount and the variable symbol (the order number) to type in when the
 * QR cannot be had (no signal, no supplier chosen).
 */
export function PaymentAtDoor({ stop }: { stop: DriverStop }) {
  const { t } = useTranslation();
  const f = useFormat();
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';
  const cash = stop.payment_type === 'cash';
  const qr = useQuery({ ...driverQrQuery(stop.id), enabled: !cash && !stop.paid });
  return (
    <Paper withBorder p="sm" radius="md" bg={cash ? 'yellow.0' : 'blue.0'} data-testid="payment-at-door">
      <Text size="sm">{cash ? t('driverDay.collectCash') : t('driverDay.transfer')}</Text>
      <Text fz={32} fw={700} lh={1.2}>
        {f.money(stop.amount_to_pay, currency)}
      </Text>
      {qr.data && (
        <Image
          src={qr.data.image}
          alt={t('driverDay.deliver.qrAlt', { number: stop.intern_id })}
          w={260}
          h={260}
          mx="auto"
          my="xs"
          bg="white"
        />
      )}
      {!cash && (
        <Text fz={22} fw={600}>
          {t('driverDay.deliver.variableSymbol')}: {stop.intern_id}
        </Text>
      )}
      {stop.paid && (
        <Text size="sm" c="green.9">
          {t('driverDay.deliver.paid')}
        </Text>
      )}
    </Paper>
  );
}
