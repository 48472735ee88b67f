import type { DriverStop } from '@letokruh/contracts/driver';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';

/**
 * What the customer pays at the door, big enough to read across a yard. For a transfer: the
 * amount and the variable symbol (the order number) the customer types into the bank's app. The
 * QR image itself (GET /order/:id/qr_payment) is the office's call, owner or dispatcher, and
 * needs the supplier's account chosen: the driver's day shows what the QR would carry instead.
 */
export function PaymentAtDoor({ stop }: { stop: DriverStop }) {
  const { t } = useTranslation();
  const f = useFormat();
  const currency = stop.currency === 'EUR' ? 'EUR' : 'CZK';
  const cash = stop.payment_type === 'cash';
  return (
    <Paper withBorder p="sm" radius="md" bg={cash ? 'yellow.0' : 'blue.0'} data-testid="payment-at-door">
      <Text size="sm">{cash ? t('driverDay.collectCash') : t('driverDay.transfer')}</Text>
      <Text fz={32} fw={700} lh={1.2}>
        {f.money(stop.amount_to_pay, currency)}
      </Text>
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
