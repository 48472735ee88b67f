import { Alert, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { useFormat } from '../../ui/format';
import { type Column, RowCards } from '../../ui/paged-table';
import { useProductStockByWarehouse } from './api';
import { AvailableAmount, StockAmount } from './stock-figures';

/**
 * Decision 0064: one product in every warehouse that keeps it: on hand, reserved, available and
 * projected on `day`, the current warehouse marked.
 */
export function ProductStockByWarehouse({
  productId,
  currentWarehouseId,
  day,
}: {
  productId: number;
  currentWarehouseId: number;
  day: string | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const stock = useProductStockByWarehouse(productId, day);
  const rows = stock.data ?? [];
  // On a phone, a card a warehouse instead of a table that scrolls sideways.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const columns: Column<(typeof rows)[number]>[] = [
    {
      key: 'warehouse',
      header: t('stock.fields.warehouse'),
      cell: (s) => (
        <Text size="sm" fw={s.warehouse_id === currentWarehouseId ? 700 : 400}>
          {s.warehouse_name}
        </Text>
      ),
    },
    {
      key: 'amount',
      header: t('stock.fields.onHand'),
      cell: (s) => <StockAmount value={s.amount} unit={s.product.measurement_unit} />,
    },
    {
      key: 'reserved',
      header: t('stock.fields.reserved'),
      cell: (s) => <StockAmount value={s.reserved} unit={s.product.measurement_unit} />,
    },
    {
      key: 'available',
      header: t('stock.fields.available'),
      cell: (s) => <AvailableAmount value={s.available} unit={s.product.measurement_unit} />,
    },
    {
      key: 'projected',
      header: rows[0] ? t('stock.fields.projected', { day: format.day(rows[0].projected_date) }) : '',
      cell: (s) => <AvailableAmount value={s.projected} unit={s.product.measurement_unit} />,
    },
  ];
  return (
    <Paper withBorder p="md">
      <Title order={3} mb="sm">
        {t('stock.byWarehouseHeading')}
      </Title>
      {stock.isPending ? <Loader size="sm" /> : null}
      {stock.isError ? <Alert color="red">{t(errorKey(stock.error))}</Alert> : null}
      {rows.length && phone ? (
        <RowCards columns={columns} rows={rows} rowKey={(s) => s.warehouse_id} />
      ) : rows.length ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" data-testid="stock-by-warehouse">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('stock.fields.warehouse')}</Table.Th>
                <Table.Th>{t('stock.fields.onHand')}</Table.Th>
                <Table.Th>{t('stock.fields.reserved')}</Table.Th>
                <Table.Th>{t('stock.fields.available')}</Table.Th>
                <Table.Th>
                  {t('stock.fields.projected', { day: format.day(rows[0]!.projected_date) })}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => {
                const unit = s.product.measurement_unit;
                return (
                  <Table.Tr key={s.warehouse_id}>
                    <Table.Td>
                      <Text size="sm" fw={s.warehouse_id === currentWarehouseId ? 700 : 400}>
                        {s.warehouse_name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StockAmount value={s.amount} unit={unit} />
                    </Table.Td>
                    <Table.Td>
                      <StockAmount value={s.reserved} unit={unit} />
                    </Table.Td>
                    <Table.Td>
                      <AvailableAmount value={s.available} unit={unit} />
                    </Table.Td>
                    <Table.Td>
                      <AvailableAmount value={s.projected} unit={unit} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {!stock.isPending && !stock.isError && !rows.length ? (
        <Text c="dimmed">{t('common.noRecords')}</Text>
      ) : null}
    </Paper>
  );
}
