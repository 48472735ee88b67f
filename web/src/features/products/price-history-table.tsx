import type { ProductDetail } from '@letokruh/contracts/products';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';

type HistoryRow = ProductDetail['price_history'][number];
type State = 'inForce' | 'future' | 'replaced';

/** Every price of the product, grouped by warehouse and currency, the future one above today's. */
export function PriceHistoryTable({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const today = pragueDay();
  const inForce = new Set(product.prices.map((p) => p.id));
  const stateOf = (row: HistoryRow): State =>
    inForce.has(row.id) ? 'inForce' : row.from_date > today ? 'future' : 'replaced';
  const rows = [...product.price_history].sort(
    (a, b) =>
      a.warehouse.name.localeCompare(b.warehouse.name, 'cs') ||
      a.currency.localeCompare(b.currency) ||
      b.from_date.localeCompare(a.from_date) ||
      b.created.localeCompare(a.created),
  );
  const colour: Record<State, string> = { inForce: 'green', future: 'blue', replaced: 'gray' };
  if (rows.length === 0) return <Text c="dimmed">{t('products.noPrices')}</Text>;
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped verticalSpacing="xs" data-testid="price-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('products.fields.warehouse')}</Table.Th>
            <Table.Th>{t('products.fields.currency')}</Table.Th>
            <Table.Th>{t('products.fields.priceWithVat')}</Table.Th>
            <Table.Th>{t('products.fields.vat')}</Table.Th>
            <Table.Th>{t('products.fields.fromDate')}</Table.Th>
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
