import type { DriverStop } from '@letokruh/contracts/driver';
import type { DeliveredMoney } from '@letokruh/contracts/rules/delivered-money';
import { Image, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { driverQrQuery } from './api';

/**
 * What the customer pays at the door, big enough to read across a yard: the amount due for what is
 * being delivered (`money`, following the amounts as the driver types them; domain.md §2.13), the
 * ordered amount beside when it differs. For a transfer not yet paid: the QR payment of the order's
 * own supplier (GET /driver/order/:id/qr_payment) to scan with the bank's app, and the amount and
 * the variable symbol (the order number) to type in when the QR cannot be had.
 */
export function PaymentAtDoor({ stop, money }: { stop: DriverStop; money: DeliveredMoney }) {
  const { t } = useTranslation();
  const f = useFormat();
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';
  const cash = stop.payment_type === 'cash';
  const changed = money.amount_due !== money.ordered_amount_due;
  // The QR asks for the order's saved total: shown while the driver delivers everything.
  const qr = useQuery({ ...driverQrQuery(stop.id), enabled: !cash && !stop.paid });
  return (
    <Paper withBorder p="sm" radius="md" bg={cash ? 'yellow.0' : 'blue.0'} data-testid="payment-at-door">
      <Text size="sm">{cash ? t('driverDay.collectCash') : t('driverDay.transfer')}</Text>
      <Text fz={32} fw={700} lh={1.2} data-testid="amount-due">
        {f.money(money.amount_due, currency)}
      </Text>
      {money.rounding !== 0 && (
        <Text size="xs">
          {t('driverDay.rounding')} {f.money(money.rounding, currency)}
        </Text>
      )}
      {changed && (
        <Text size="sm" data-testid="amount-ordered">
          {t('driverDay.money.orderedFor', { amount: f.money(money.ordered_amount_due, currency) })}
        </Text>
      )}
      {qr.data && !changed && <DoorQr image={qr.data.image} number={stop.intern_id} />}
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

/** The QR shown big at the door (260 px), on white so that any bank's app reads it. */
export function DoorQr({ image, number }: { image: string; number: number }) {
  const { t } = useTranslation();
  return (
    <Image
      src={image}
      alt={t('driverDay.deliver.qrAlt', { number })}
      w={260}
      h={260}
      mx="auto"
      my="xs"
      bg="white"
    />
  );
}
