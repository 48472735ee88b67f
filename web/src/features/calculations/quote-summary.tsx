import type { CalculationAnswer } from '@letokruh/contracts/calculations';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';

/** The quote's delivery and totals, as the items step's totals panel shows an order's. */
export function QuoteSummary({ quote }: { quote: CalculationAnswer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (v: number) => format.money(v, quote.currency);
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={6} aria-label={t('calculations.quote')}>
      {row(
        t('calculations.route'),
        `${format.number(quote.distance)} km · ${quote.duration} min${quote.estimate ? ` (${t('calculations.estimate')})` : ''}`,
        'quote-distance',
      )}
      <Text size="xs" c="dimmed">
        {t('calculations.from', {
          name: quote.warehouse.name,
          address: quote.warehouse.address.full_address,
        })}
      </Text>
      {row(t('calculations.productPrices'), money(quote.product_prices), 'quote-products')}
      {row(t('calculations.delivery'), money(quote.delivery_price.price), 'quote-delivery')}
      <Text size="xs" c="dimmed">
        {t('calculations.deliveryRule', {
          rate: money(quote.delivery_price.amount),
          minimum: money(quote.delivery_price.minimum_price),
        })}
      </Text>
      <Divider my={4} />
      {row(t('calculations.totalNet'), money(quote.total_price), 'quote-net')}
      {row(t('calculations.totalVat'), money(quote.total_price_vat), 'quote-vat')}
      {row(t('calculations.totalWithVat'), money(quote.price_with_vat), 'quote-total', true)}
    </Stack>
  );
}
