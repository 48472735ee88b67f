import { ColorSwatch, Group, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { collectedRevenueQuery, collectorsQuery } from './api';
import { ReportBlock } from './block';
import type { ReportRange } from './range';

type Revenue = { currency: 'CZK' | 'EUR'; amount: number; rounding: number };

/** domain.md §2.2 "collected revenue": what was collected (or marked paid) on those days, per warehouse and per collector. */
export function RevenueBlock({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [collector, setCollector] = useState<string | null>(null);
  const collectors = useQuery(collectorsQuery);
  const revenue = useQuery(collectedRevenueQuery(range, collector));
  // Decision 0038: CZK cash is counted as handed over, rounded to whole crowns per order; the sum of
  // those roundings is shown under the amount.
  const amounts = (prices: Revenue[]) => {
    const rounding = prices.find((p) => p.currency === 'CZK' && p.rounding !== 0);
    return (
      <>
        {prices.length
          ? prices.map((p) => format.money(p.amount, p.currency)).join(' + ')
          : format.money(0, 'CZK')}
        {rounding ? (
          <Text size="xs" c="dimmed" fw={400}>
            {t('overviews.revenue.rounding', { amount: format.money(rounding.rounding, 'CZK') })}
          </Text>
        ) : null}
      </>
    );
  };
  return (
    <ReportBlock
      testId="revenue-block"
      title={t('overviews.revenue.title')}
      description={t('overviews.revenue.description')}
      filters={
        <Group>
          <Select
            label={t('overviews.revenue.collector')}
            data={[
              { value: '', label: t('overviews.revenue.anyone') },
              ...(collectors.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            ]}
            value={collector ?? ''}
            onChange={(v) => setCollector(v || null)}
            allowDeselect={false}
            w={220}
          />
        </Group>
      }
      loading={revenue.isFetching}
      error={revenue.error}
    >
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Table striped withTableBorder aria-label={t('overviews.revenue.byWarehouse')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('overviews.warehouse')}</Table.Th>
              <Table.Th ta="right">{t('overviews.orders')}</Table.Th>
              <Table.Th ta="right">{t('overviews.revenue.collected')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(revenue.data?.items ?? []).map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={w.color} size={12} />
                    <Text size="sm">{w.name}</Text>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{w.count}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {amounts(w.prices)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Table striped withTableBorder aria-label={t('overviews.revenue.byCollector')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('overviews.revenue.collector')}</Table.Th>
              <Table.Th ta="right">{t('overviews.orders')}</Table.Th>
              <Table.Th ta="right">{t('overviews.revenue.collected')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {revenue.data && revenue.data.collectors.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed">
                    {t('overviews.nothing')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {(revenue.data?.collectors ?? []).map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td ta="right">{c.count}</Table.Td>
                <Table.Td ta="right">{amounts(c.prices)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </ReportBlock>
  );
}
