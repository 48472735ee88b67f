import type { Order } from '@letokruh/contracts/orders';
import { Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';

/**
 * Decision 0038: the VAT recapitulation per rate of the lines and the delivery share (base, VAT,
 * total; the server's vat_recap, which adds up to the order's totals), then what the customer
 * pays: a CZK cash order rounded to whole crowns with the rounding shown, a transfer exact.
 */
export function VatRecap({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const currency = order.currency;
  if (!currency || order.vat_recap.length === 0) return null;
  const money = (v: number) => format.money(v, currency);
  const cashCzk = order.pay_by_cash && currency === 'CZK';
  return (
    <Paper withBorder p="md" data-testid="vat-recap">
      <Title order={3} mb="xs">
        {t('orders.recap.title')}
      </Title>
      {/* Four money columns fit a phone when the cells pad little; narrower screens scroll. */}
      <Table.ScrollContainer minWidth={300}>
        <Table
          withRowBorders
          verticalSpacing={4}
          horizontalSpacing={6}
          fz="sm"
          aria-label={t('orders.recap.title')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.recap.rate')}</Table.Th>
              <Table.Th ta="right">{t('orders.recap.base')}</Table.Th>
              <Table.Th ta="right">{t('orders.recap.vat')}</Table.Th>
              <Table.Th ta="right">{t('orders.recap.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.vat_recap.map((row) => (
              <Table.Tr key={row.rate} data-testid={`recap-${row.rate}`}>
                <Table.Td>{t('orders.recap.rateValue', { rate: row.rate })}</Table.Td>
                <Table.Td ta="right">{money(row.base)}</Table.Td>
                <Table.Td ta="right">{money(row.vat)}</Table.Td>
                <Table.Td ta="right">{money(row.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr data-testid="recap-sum">
              <Table.Th>{t('orders.recap.sum')}</Table.Th>
              <Table.Th ta="right">{money(order.total_price)}</Table.Th>
              <Table.Th ta="right">{money(order.total_price_vat)}</Table.Th>
              <Table.Th ta="right">{money(order.price_with_vat)}</Table.Th>
            </Table.Tr>
            {cashCzk ? (
              <Table.Tr data-testid="recap-rounding">
                <Table.Td colSpan={3}>{t('orders.recap.rounding')}</Table.Td>
                <Table.Td ta="right">{money(order.cash_rounding)}</Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {/* Decision 0082: the amount due in a table of its own, as wide as the screen: never cut off
          at the edge of the recap scrolled sideways on a phone. */}
      <Table verticalSpacing={4} horizontalSpacing={6} fz="sm" mt={4}>
        <Table.Tbody>
          <Table.Tr data-testid="recap-to-pay">
            <Table.Th>{t(cashCzk ? 'orders.recap.toPayCash' : 'orders.recap.toPay')}</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text span fw={700} size="sm">
                {money(order.amount_to_pay)}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
