import { BarChart } from '@mantine/charts';
import { ColorSwatch, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { type DoneFilter, warehouseStatsQuery } from './api';
import { ReportBlock } from './block';
import { perPeriod } from './chart-data';
import { DoneSelect } from './done-select';
import type { ReportRange } from './range';

/** domain.md §2.2 "warehouses overview": orders and prices by currency per warehouse, with charts over the range. */
export function WarehousesBlock({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [done, setDone] = useState<DoneFilter>('all');
  const stats = useQuery(warehouseStatsQuery(range, done));
  const items = stats.data?.items ?? [];
  const chart = stats.data ? perPeriod(range, stats.data.days, items, format) : null;
  const series = items.map((w) => ({ name: w.name, color: w.color }));
  return (
    <ReportBlock
      testId="warehouses-block"
      title={t('overviews.warehouses.title')}
      description={t('overviews.warehouses.description')}
      filters={<DoneSelect value={done} onChange={setDone} />}
      loading={stats.isFetching}
      error={stats.error}
    >
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder aria-label={t('overviews.warehouses.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('overviews.warehouse')}</Table.Th>
              <Table.Th ta="right">{t('overviews.orders')}</Table.Th>
              <Table.Th>{t('overviews.currency')}</Table.Th>
              <Table.Th ta="right">{t('overviews.travel')}</Table.Th>
              <Table.Th ta="right">{t('overviews.goods')}</Table.Th>
              <Table.Th ta="right">{t('overviews.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.flatMap((w) => {
              const prices = w.prices.length ? w.prices : [null];
              return prices.map((p, index) => (
                <Table.Tr key={`${w.id}-${p?.currency ?? 'none'}`}>
                  {index === 0 ? (
                    <>
                      <Table.Td rowSpan={prices.length}>
                        <Group gap="xs" wrap="nowrap">
                          <ColorSwatch color={w.color} size={12} />
                          <Text size="sm">{w.name}</Text>
                        </Group>
                      </Table.Td>
                      <Table.Td rowSpan={prices.length} ta="right">
                        {w.count}
                      </Table.Td>
                    </>
                  ) : null}
                  <Table.Td>{p?.currency ?? format.number(null)}</Table.Td>
                  <Table.Td ta="right">{p ? format.money(p.travel, p.currency) : null}</Table.Td>
                  <Table.Td ta="right">{p ? format.money(p.products, p.currency) : null}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {p ? format.money(p.total, p.currency) : null}
                  </Table.Td>
                </Table.Tr>
              ));
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {chart && items.length ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <div>
            <Text fw={600} size="sm" mb="xs">
              {t('overviews.warehouses.ordersChart')}
            </Text>
            <BarChart
              h={240}
              data={chart.counts}
              dataKey="label"
              type="stacked"
              series={series}
              withLegend
              aria-label={t('overviews.warehouses.ordersChart')}
              role="img"
            />
          </div>
          <div>
            <Text fw={600} size="sm" mb="xs">
              {t('overviews.warehouses.revenueChart')}
            </Text>
            <BarChart
              h={240}
              data={chart.totals}
              dataKey="label"
              type="stacked"
              series={series}
              withLegend
              valueFormatter={(v) => format.money(v, 'CZK')}
              yAxisProps={{ tickFormatter: format.compact, width: 56 }}
              aria-label={t('overviews.warehouses.revenueChart')}
              role="img"
            />
          </div>
        </SimpleGrid>
      ) : null}
    </ReportBlock>
  );
}
