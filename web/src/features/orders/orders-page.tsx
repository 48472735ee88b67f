import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { countActiveFilters, FilterBar } from '../../ui/filter-bar';
import { ListPageHeader } from '../../ui/list-page-header';
import { PagedTable } from '../../ui/paged-table';
import { addOrder, noOrderFilters, type OrderFilters, orderListParams, orderListQuery } from './api';
import { DeliveryNotesModal } from './delivery-notes-modal';
import { OrderCard } from './order-card';
import { useOrderColumns } from './order-columns';
import { OrderFiltersForm } from './order-filters';
import { useOrderListView } from './order-list-url';
import { useOrderSelection } from './order-selection';
import { OrdersPdfModal } from './orders-pdf-modal';
import { usePageStarts } from './page-starts';

/** domain.md §1.2 Order list: paged, filtered (filters kept for the session), row actions, exports. */
export function OrdersPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const navigate = useNavigate();
  const list = useOrderListView();
  const filters = list.filters;
  const allowed = access.can('view_order');
  const canAddOrder = access.can('add_order');
  // A draft has no delivery note (decision 0030): the drafts filter offers no selection.
  const canSelect =
    access.canCall('GET /download_multiple_delivery_notes') && list.filters.state !== 'drafts';
  const canExport = access.canCall('GET /download-orders');
  const paging = { current_page: list.current_page, per_page: list.per_page };
  const order = { sort: list.sort, direction: list.direction };
  const pageStarts = usePageStarts(
    orderListParams(filters, { ...paging, current_page: 1 }, canAddOrder, order),
  );
  const params = orderListParams(filters, paging, canAddOrder, {
    ...order,
    after: pageStarts.of(list.current_page),
  });
  const orders = useQuery({ ...orderListQuery(params), enabled: allowed && access.user !== null });
  // An answer still shown while the next loads (placeholder) belongs to another page.
  if (!orders.isPlaceholderData) pageStarts.remember(list.current_page, orders.data?.next_after);
  const rows = orders.data?.items ?? [];
  const selection = useOrderSelection(rows);
  const [failure, setFailure] = useState<string | null>(null);
  const [modal, setModal] = useState<'notes' | 'pdf' | null>(null);
  const add = useMutation({
    mutationFn: addOrder,
    onSuccess: (id) => void navigate(`/order/${id}/customer`),
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  const columns = useOrderColumns({
    rows,
    selection: canSelect ? selection : undefined,
    sort: list.sort,
    direction: list.direction,
    sortBy: list.sortBy,
    onFailure: setFailure,
  });

  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;

  const filtered = (Object.keys(noOrderFilters) as (keyof OrderFilters)[]).some(
    (key) => list.typedFilters[key] !== noOrderFilters[key],
  );

  return (
    <Stack>
      <ListPageHeader
        title={t('orders.heading')}
        add={{
          call: 'GET /order/add',
          onClick: () => add.mutate(),
          pending: add.isPending,
          label: t('orders.add'),
        }}
        actions={
          <>
            {canSelect ? (
              <Button variant="default" onClick={() => setModal('notes')}>
                {t('orders.documents.deliveryNotesButton', { count: selection.selected.size })}
              </Button>
            ) : null}
            {canExport ? (
              <Button variant="default" onClick={() => setModal('pdf')}>
                {t('orders.documents.ordersPdfButton')}
              </Button>
            ) : null}
          </>
        }
        filters={
          <FilterBar active={countActiveFilters(list.filters, noOrderFilters)} onClear={list.clearFilters}>
            <OrderFiltersForm
              filters={list.typedFilters}
              setFilter={list.setFilter}
              canAddOrder={canAddOrder}
            />
          </FilterBar>
        }
        clearFilters={{ filtered, onClear: list.clearFilters }}
      />
      {list.filters.state === 'drafts' ? (
        <Text size="sm" c="dimmed">
          {t('orders.drafts.hint')}
        </Text>
      ) : null}
      {failure ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      <PagedTable
        columns={columns}
        rows={orders.data?.items}
        total={orders.data?.total ?? 0}
        rowKey={(o) => o.id}
        minWidth={1100}
        // Decision 0082: on a phone each order is a card.
        card={(o) => (
          <OrderCard order={o} selection={canSelect ? selection : undefined} onFailure={setFailure} />
        )}
        currentPage={list.current_page}
        perPage={list.per_page}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        loading={orders.isFetching}
        error={
          orders.error ? (
            <Alert color="red" mt="sm">
              {t(errorKey(orders.error))}
            </Alert>
          ) : null
        }
      />
      {canSelect ? (
        <DeliveryNotesModal
          opened={modal === 'notes'}
          onClose={() => setModal(null)}
          onDownloaded={selection.clear}
          orderIds={[...selection.selected]}
        />
      ) : null}
      {canExport ? <OrdersPdfModal opened={modal === 'pdf'} onClose={() => setModal(null)} /> : null}
    </Stack>
  );
}
