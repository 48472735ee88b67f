import type { ProductDetail } from '@letokruh/contracts/products';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';

type HistoryRow = ProductDetail['price_history'][number];
type State = 'inForce' | 'future' | 'replaced' | 'neverApplied';

/**
 * Decision 0024, what applied on each day: per warehouse and currency, a price holds from its day until
 * the day before the next later price; of two prices from the same day the one entered later
 * holds, and the other never applied.
 */
export function pricePeriods(rows: HistoryRow[]): Map<number, { until: string | null; applied: boolean }> {
  const periods = new Map<number, { until: string | null; applied: boolean }>();
  const groups = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    const key = `${row.warehouse.id}/${row.currency}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const group of groups.values()) {
    for (const row of group) {
      const sameDayLater = group.some(
        (other) => other.from_date === row.from_date && other.created > row.created,
      );
      const next = group
        .filter((other) => other.from_date > row.from_date)
        .sort((a, b) => a.from_date.localeCompare(b.from_date))[0];
      periods.set(row.id, {
        applied: !sameDayLater,
        until: sameDayLater ? null : next ? addDays(next.from_date, -1) : null,
      });
    }
  }
  return periods;
}

/** Every price of the product, grouped by warehouse and currency, the future one above today's. */
export function PriceHistoryTable({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const today = pragueDay();
  const inForce = new Set(product.prices.map((p) => p.id));
  const periods = pricePeriods(product.price_history);
  const stateOf = (row: HistoryRow): State =>
    inForce.has(row.id)
      ? 'inForce'
      : !periods.get(row.id)?.applied
        ? 'neverApplied'
        : row.from_date > today
          ? 'future'
          : 'replaced';
  const rows = [...product.price_history].sort(
    (a, b) =>
      a.warehouse.name.localeCompare(b.warehouse.name, 'cs') ||
      a.currency.localeCompare(b.currency) ||
      b.from_date.localeCompare(a.from_date) ||
      b.created.localeCompare(a.created),
  );
  const colour: Record<State, string> = {
    inForce: 'green',
    future: 'blue',
    replaced: 'gray',
    neverApplied: 'gray',
  };
  if (rows.length === 0) return <Text c="dimmed">{t('products.noPrices')}</Text>;
  return (
    <Table.ScrollContainer minWidth={780}>
      <Table striped verticalSpacing="xs" data-testid="price-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('products.fields.warehouse')}</Table.Th>
            <Table.Th>{t('products.fields.currency')}</Table.Th>
            <Table.Th>{t('products.fields.priceWithVat')}</Table.Th>
            <Table.Th>{t('products.fields.vat')}</Table.Th>
            <Table.Th>{t('products.fields.fromDate')}</Table.Th>
            <Table.Th>{t('products.fields.untilDate')}</Table.Th>
            <Table.Th>{t('products.fields.created')}</Table.Th>
            <Table.Th>{t('products.fields.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const state = stateOf(row);
            return (
              <Table.Tr key={row.id}>
                <Table.Td>{row.warehouse.name}</Table.Td>
                <Table.Td>{row.currency}</Table.Td>
                <Table.Td>{format.money(row.amount, row.currency)}</Table.Td>
                <Table.Td>{t('products.vatRate', { vat: row.vat })}</Table.Td>
                <Table.Td>{format.day(row.from_date)}</Table.Td>
                <Table.Td>
                  {periods.get(row.id)?.applied
                    ? (periods.get(row.id)?.until && format.day(periods.get(row.id)?.until)) ||
                      t('products.untilFurther')
                    : t('common.noValue')}
                </Table.Td>
                <Table.Td>{format.dateShort(row.created)}</Table.Td>
                <Table.Td>
                  <Badge color={colour[state]} variant="light">
                    {t(`products.priceStates.${state}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
