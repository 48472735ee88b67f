import type { StockChange } from '@letokruh/contracts/stock';
import { Alert, Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useFormat } from '../../ui/format';
import { type Column, PagedTable } from '../../ui/paged-table';
import { useStockChanges } from './api';

/** The stock change history of a warehouse (domain.md §2.2), newest first; shown with change_warehouse. */
export function StockChangesTable({ warehouseId }: { warehouseId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [paging, setPaging] = useState({ current_page: 1, per_page: 10 });
  const changes = useStockChanges(warehouseId, paging, true);
  const signed = (n: number) => (n > 0 ? `+${format.number(n)}` : format.number(n));
  const columns: Column<StockChange>[] = [
    {
      key: 'created',
      header: t('stock.fields.created'),
      cell: (c) => format.dateShort(c.created),
      width: 160,
    },
    { key: 'product', header: t('stock.fields.product'), cell: (c) => c.product_stock.product.name },
    {
      key: 'amount',
      header: t('stock.fields.change'),
      cell: (c) => (
        <Text span size="sm" c={c.amount < 0 ? 'red.7' : 'green.8'} fw={500} style={{ whiteSpace: 'nowrap' }}>
          {`${signed(c.amount)} ${c.product_stock.product.measurement_unit}`}
        </Text>
      ),
    },
    {
      key: 'after',
      header: t('stock.fields.amountAfter'),
      cell: (c) => `${format.number(c.amount_after)} ${c.product_stock.product.measurement_unit}`,
    },
    {
      key: 'reason',
      header: t('stock.fields.reason'),
      cell: (c) =>
        c.order_id ? (
          <Anchor component={Link} to={`/order/${c.order_id}`} size="sm">
            {t(`stock.reasons.${c.reason}`)} {c.order_intern_id ?? ''}
          </Anchor>
        ) : (
          t(`stock.reasons.${c.reason}`)
        ),
    },
    {
      key: 'by',
      header: t('stock.fields.createdBy'),
      cell: (c) =>
        c.created_by ? `${c.created_by.first_name} ${c.created_by.last_name}` : t('common.noValue'),
    },
  ];
  return (
    <PagedTable
      cardsOnPhone
      columns={columns}
      rows={changes.data?.items}
      total={changes.data?.total ?? 0}
      rowKey={(c) => c.id}
      currentPage={paging.current_page}
      perPage={paging.per_page}
      onPage={(current_page) => setPaging((p) => ({ ...p, current_page }))}
      onPerPage={(per_page) => setPaging({ current_page: 1, per_page })}
      loading={changes.isPending}
      error={changes.isError ? <Alert color="red">{t(errorKey(changes.error))}</Alert> : null}
    />
  );
}
