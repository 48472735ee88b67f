import { BarChart } from '@mantine/charts';
import { Grid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { type DoneFilter, productStatsQuery } from './api';
import { ReportBlock } from './block';
import { bestSellers } from './chart-data';
import { DoneSelect } from './done-select';
import { NameTick, nameLines } from './name-tick';
import type { ReportRange } from './range';

/** domain.md §2.2 "production overview": per product the amount sold, its unit and prices by currency. */
export function ProductsBlock({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [done, setDone] = useState<DoneFilter>('all');
  const stats = useQuery(productStatsQuery(range, done));
  const items = stats.data?.items ?? [];
  const price = (prices: { currency: string; amount: number }[], currency: 'CZK' | 'EUR') =>
    prices.find((p) => p.currency === currency)?.amount;
  const top = bestSellers(items);
  const twoLines = top.some((p) => nameLines(p.product).length > 1);
  return (
    <ReportBlock
      testId="products-block"
      title={t('overviews.products.title')}
      description={t('overviews.products.description')}
      filters={<DoneSelect value={done} onChange={setDone} />}
      loading={stats.isFetching}
      error={stats.error}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }} order={{ base: 2, lg: 1 }}>
          <Table.ScrollContainer minWidth={520}>
            <Table striped withTableBorder aria-label={t('overviews.products.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('overviews.product')}</Table.Th>
                  <Table.Th ta="right">{t('overviews.amount')}</Table.Th>
                  <Table.Th>{t('overviews.unit')}</Table.Th>
                  <Table.Th ta="right">{t('overviews.orders')}</Table.Th>
                  <Table.Th ta="right">CZK</Table.Th>
                  <Table.Th ta="right">EUR</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text size="sm" c="dimmed">
                        {t('overviews.nothing')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td ta="right">{format.number(p.count)}</Table.Td>
                    <Table.Td>{p.measurement_unit}</Table.Td>
                    <Table.Td ta="right">{p.order_count}</Table.Td>
                    <Table.Td ta="right">{format.money(price(p.prices, 'CZK') ?? null, 'CZK')}</Table.Td>
                    <Table.Td ta="right">{format.money(price(p.prices, 'EUR') ?? null, 'EUR')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Grid.Col>
        {/* Below a desk's width the best sellers come first, the whole table after them. */}
        <Grid.Col span={{ base: 12, lg: 5 }} order={{ base: 1, lg: 2 }}>
          {top.length ? (
            <div>
              <Text fw={600} size="sm" mb="xs">
                {t('overviews.products.topChart', { count: top.length })}
              </Text>
              <BarChart
                h={Math.max(160, top.length * (twoLines ? 44 : 34))}
                data={top}
                dataKey="product"
                orientation="vertical"
                yAxisProps={{ width: 150, tick: <NameTick />, interval: 0 }}
                xAxisProps={{ tickFormatter: format.compact }}
                series={[{ name: 'CZK', color: 'teal.6', label: t('overviews.products.sales') }]}
                valueFormatter={(v) => format.money(v, 'CZK')}
                aria-label={t('overviews.products.topChart', { count: top.length })}
                role="img"
              />
            </div>
          ) : null}
        </Grid.Col>
      </Grid>
    </ReportBlock>
  );
}
