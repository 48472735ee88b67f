import type { OrderListItem } from '@letokruh/contracts/orders';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorKey } from '../../app/api-client';
import { useAccess } from '../../app/session';
import { countActiveFilters, FilterBar } from '../../ui/filter-bar';
import { useFormat } from '../../ui/format';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import { addOrder, noOrderFilters, type OrderFilters, orderListParams, orderListQuery } from './api';
import { DeliveryNotesModal } from './delivery-notes-modal';
import { formatPhone, orderStage, stageColor } from './labels';
import { OrderFiltersForm } from './order-filters';
import { OrderRowActions } from './order-row-actions';
import { OrdersPdfModal } from './orders-pdf-modal';

/** List loads wait until typing stops (part 1 §9: order fetches are debounced 500 ms). */
const filterDebounceMs = 500;

/** part 1 §2 Order list: paged, filtered (filters kept for the session), row actions, exports. */
export function OrdersPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const format = useFormat();
  const navigate = useNavigate();
  const list = useListState<OrderFilters>('orders', noOrderFilters);
  const [filters] = useDebouncedValue(list.filters, filterDebounceMs);
  const allowed = access.can('view_order');
  const canAddOrder = access.can('add_order');
  const canSelect = access.can('can_export_delivery_notes');
  const params = orderListParams(
    filters,
    { current_page: list.current_page, per_page: list.per_page },
    canAddOrder,
  );
  const orders = useQuery({ ...orderListQuery(params), enabled: allowed && access.user !== null });
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
    (key) => list.filters[key] !== noOrderFilters[key],
  );

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
      width: 130,
      cell: (o) => {
        const stage = orderStage(o);
        return (
          <Stack gap={2} align="flex-start">
            <Anchor component={Link} to={`/order/${o.id}`} ff="monospace" size="sm">
              {o.intern_id}
            </Anchor>
            <Group gap={4}>
              {stage !== 'open' ? (
                <Badge size="xs" variant="light" color={stageColor[stage]} tt="none">
                  {t(`orders.stages.${stage}`)}
                </Badge>
              ) : null}
              {o.collected_revenue_at ? (
                <Badge size="xs" variant="light" color="teal" tt="none">
                  {t('orders.paidBadge')}
                </Badge>
              ) : null}
            </Group>
          </Stack>
        );
      },
    },
    {
      key: 'expected',
      header: t('orders.fields.expectedDelivery'),
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
      key: 'customer',
      header: t('orders.fields.customer'),
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
          {o.customer ? formatPhone(o.customer.pre_phone, o.customer.phone) : t('common.noValue')}
        </Text>
      ),
    },
    {
      key: 'address',
      header: t('orders.fields.address'),
      cell: (o) => <Text size="sm">{o.customer?.address.full_address ?? t('common.noValue')}</Text>,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (o) => <OrderRowActions order={o} onFailure={setFailure} />,
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('orders.heading')}</Title>
        <Group gap="sm">
          {canSelect ? (
            <Button variant="default" onClick={() => setModal('notes')}>
              {t('orders.documents.deliveryNotesButton', { count: selected.size })}
            </Button>
          ) : null}
          {access.can('can_export_orders') ? (
            <Button variant="default" onClick={() => setModal('pdf')}>
              {t('orders.documents.ordersPdfButton')}
            </Button>
          ) : null}
          {canAddOrder ? (
            <Button loading={add.isPending} onClick={() => add.mutate()}>
              {t('orders.add')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <FilterBar active={countActiveFilters(list.filters, noOrderFilters)} onClear={list.clearFilters}>
        <OrderFiltersForm filters={list.filters} setFilter={list.setFilter} canAddOrder={canAddOrder} />
      </FilterBar>
      <Group justify="flex-end" mt={-4}>
        <Button variant="subtle" size="compact-sm" disabled={!filtered} onClick={list.clearFilters}>
          {t('common.clearFilters')}
        </Button>
      </Group>
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
      {access.can('can_export_orders') ? (
        <OrdersPdfModal opened={modal === 'pdf'} onClose={() => setModal(null)} />
      ) : null}
    </Stack>
  );
}
