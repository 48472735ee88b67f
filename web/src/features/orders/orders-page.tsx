import type { OrderSort } from '@letokruh/contracts/order-sort';
import type { OrderListItem } from '@letokruh/contracts/orders';
import { Alert, Anchor, Badge, Box, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { countActiveFilters, FilterBar } from '../../ui/filter-bar';
import { useFormat } from '../../ui/format';
import { ListPageHeader } from '../../ui/list-page-header';
import { type Column, PagedTable } from '../../ui/paged-table';
import { addOrder, noOrderFilters, type OrderFilters, orderListParams, orderListQuery } from './api';
import { DeliveryNotesModal } from './delivery-notes-modal';
import { orderStage, stageColor } from './labels';
import { OrderFiltersForm } from './order-filters';
import { useOrderListView } from './order-list-url';
import { OrderRowActions } from './order-row-actions';
import { OrdersPdfModal } from './orders-pdf-modal';
import { usePageStarts } from './page-starts';
import { ariaSortOf, SortHeader } from './sort-header';

/** domain.md §1.2 Order list: paged, filtered (filters kept for the session), row actions, exports. */
export function OrdersPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const format = useFormat();
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
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [modal, setModal] = useState<'notes' | 'pdf' | null>(null);
  const add = useMutation({
    mutationFn: addOrder,
    onSuccess: (id) => void navigate(`/order/${id}/customer`),
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });

  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;

  const rows = orders.data?.items ?? [];
  const pickedOnPage = rows.filter((o) => selected.has(o.id)).length;
  const toggle = (id: number, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const o of rows) {
        if (on) next.add(o.id);
        else next.delete(o.id);
      }
      return next;
    });
  const filtered = (Object.keys(noOrderFilters) as (keyof OrderFilters)[]).some(
    (key) => list.typedFilters[key] !== noOrderFilters[key],
  );

  const sortable = (column: OrderSort, label: string) => ({
    key: column,
    header: (
      <SortHeader
        column={column}
        label={label}
        sort={list.sort}
        direction={list.direction}
        onSort={list.sortBy}
      />
    ),
    ariaSort: ariaSortOf(column, list.sort, list.direction),
  });
  const columns: Column<OrderListItem>[] = [
    ...(canSelect
      ? [
          {
            key: 'select',
            width: 36,
            header: (
              <Checkbox
                aria-label={t('orders.selectPage')}
                checked={rows.length > 0 && pickedOnPage === rows.length}
                indeterminate={pickedOnPage > 0 && pickedOnPage < rows.length}
                disabled={rows.length === 0}
                onChange={(e) => togglePage(e.currentTarget.checked)}
              />
            ),
            cell: (o: OrderListItem) => (
              <Checkbox
                aria-label={t('orders.selectOrder', { number: o.intern_id })}
                checked={selected.has(o.id)}
                onChange={(e) => toggle(o.id, e.currentTarget.checked)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'intern_id',
      header: t('orders.fields.internId'),
      width: 110,
      cell: (o) => (
        <Anchor component={Link} to={`/order/${o.id}`} ff="monospace" size="sm">
          {o.intern_id}
        </Anchor>
      ),
    },
    {
      ...sortable('state', t('orders.fields.state')),
      width: 110,
      cell: (o) => {
        const stage = orderStage(o);
        // A minimum width: squeezed on a narrow screen, Mantine's badges would cut their words.
        return (
          <Stack gap={2} align="flex-start" miw={90}>
            <Badge size="xs" variant="light" color={stageColor[stage]} tt="none">
              {t(`orders.stages.${stage}`)}
            </Badge>
            {o.collected_revenue_at ? (
              <Badge size="xs" variant="light" color="teal" tt="none">
                {t('orders.paidBadge')}
              </Badge>
            ) : null}
          </Stack>
        );
      },
    },
    {
      ...sortable('expected_delivery', t('orders.fields.expectedDelivery')),
      width: 120,
      cell: (o) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {format.day(o.expected_delivery_date)}
          {o.expected_delivery_time ? (
            <Text span size="xs" c="dimmed">{` ${o.expected_delivery_time}`}</Text>
          ) : null}
        </Text>
      ),
    },
    {
      ...sortable('created', t('orders.fields.created')),
      width: 100,
      cell: (o) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {format.dateShort(o.created)}
        </Text>
      ),
    },
    {
      ...sortable('customer', t('orders.fields.customer')),
      cell: (o) =>
        o.customer ? (
          <>
            <Text size="sm" fw={500}>
              {o.customer.name}
            </Text>
            {o.customer.organization_name || o.customer.organization_id ? (
              <Text size="xs" c="dimmed">
                {[
                  o.customer.organization_name,
                  o.customer.organization_id &&
                    t('orders.organizationId', { id: o.customer.organization_id }),
                ]
                  .filter(Boolean)
                  .join(', ')}
              </Text>
            ) : null}
          </>
        ) : (
          t('common.noValue')
        ),
    },
    {
      key: 'phone',
      header: t('orders.fields.phone'),
      cell: (o) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {format.phone(o.customer?.whole_phone)}
        </Text>
      ),
    },
    {
      key: 'address',
      header: t('orders.fields.address'),
      cell: (o) => <Text size="sm">{o.customer?.address.full_address ?? t('common.noValue')}</Text>,
    },
    {
      // What the customer pays; a draft without a currency shows the bare amount.
      ...sortable('total', t('orders.fields.total')),
      width: 110,
      cell: (o) => (
        <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
          {format.money(o.price_with_vat, o.currency ?? undefined)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (o) => <OrderRowActions order={o} onFailure={setFailure} />,
    },
  ];

  // Decision 0082: on a phone each order is a card: the name, the town, the day and time, the
  // state and the amount, the number a link to the detail; selection and actions stay.
  const card = (o: OrderListItem) => {
    const stage = orderStage(o);
    return (
      <Paper withBorder p="sm" radius="md" data-testid="order-card">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} size="md" style={{ overflowWrap: 'anywhere' }}>
              {o.customer?.name ?? t('common.noValue')}
            </Text>
            <Text size="sm">{o.customer?.address.town ?? ''}</Text>
            <Text size="sm">
              {format.day(o.expected_delivery_date)}
              {o.expected_delivery_time ? ` ${o.expected_delivery_time}` : ''}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text fw={600} size="md" style={{ whiteSpace: 'nowrap' }}>
              {format.money(o.price_with_vat, o.currency ?? undefined)}
            </Text>
            <Badge size="sm" variant="light" color={stageColor[stage]} tt="none">
              {t(`orders.stages.${stage}`)}
            </Badge>
            {o.collected_revenue_at ? (
              <Badge size="sm" variant="light" color="teal" tt="none">
                {t('orders.paidBadge')}
              </Badge>
            ) : null}
          </Stack>
        </Group>
        <Group gap="sm" mt="xs" wrap="nowrap">
          {canSelect ? (
            <Checkbox
              size="lg"
              aria-label={t('orders.selectOrder', { number: o.intern_id })}
              checked={selected.has(o.id)}
              onChange={(e) => toggle(o.id, e.currentTarget.checked)}
            />
          ) : null}
          <Button
            component={Link}
            to={`/order/${o.id}`}
            variant="subtle"
            size="md"
            px={6}
            ff="monospace"
            aria-label={t('orders.cardDetail', { number: o.intern_id })}
          >
            {o.intern_id}
          </Button>
        </Group>
        <Box mt="xs">
          <OrderRowActions order={o} onFailure={setFailure} phone />
        </Box>
      </Paper>
    );
  };

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
                {t('orders.documents.deliveryNotesButton', { count: selected.size })}
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
        card={card}
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
          onDownloaded={() => setSelected(new Set())}
          orderIds={[...selected]}
        />
      ) : null}
      {canExport ? <OrdersPdfModal opened={modal === 'pdf'} onClose={() => setModal(null)} /> : null}
    </Stack>
  );
}
