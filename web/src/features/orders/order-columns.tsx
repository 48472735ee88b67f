import type { OrderSort, SortDirection } from '@letokruh/contracts/order-sort';
import type { OrderListItem } from '@letokruh/contracts/orders';
import { Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../ui/format';
import type { Column } from '../../ui/paged-table';
import { StageBadges } from './order-card';
import { OrderRowActions } from './order-row-actions';
import type { OrderSelection } from './order-selection';
import { ariaSortOf, SortHeader } from './sort-header';

type Options = {
  rows: OrderListItem[];
  /** Without it the list offers no selection (no right to the notes, or the drafts). */
  selection?: OrderSelection;
  sort: OrderSort;
  direction: SortDirection;
  sortBy: (column: OrderSort) => void;
  onFailure: (text: string) => void;
};

/** The order list's columns on a desk (decision 0017), five of them sortable (decision 0027). */
export function useOrderColumns({
  rows,
  selection,
  sort,
  direction,
  sortBy,
  onFailure,
}: Options): Column<OrderListItem>[] {
  const { t } = useTranslation();
  const format = useFormat();
  const sortable = (column: OrderSort, label: string) => ({
    key: column,
    header: <SortHeader column={column} label={label} sort={sort} direction={direction} onSort={sortBy} />,
    ariaSort: ariaSortOf(column, sort, direction),
  });
  return [
    ...(selection
      ? [
          {
            key: 'select',
            width: 36,
            header: (
              <Checkbox
                aria-label={t('orders.selectPage')}
                checked={rows.length > 0 && selection.pickedOnPage === rows.length}
                indeterminate={selection.pickedOnPage > 0 && selection.pickedOnPage < rows.length}
                disabled={rows.length === 0}
                onChange={(e) => selection.togglePage(e.currentTarget.checked)}
              />
            ),
            cell: (o: OrderListItem) => (
              <Checkbox
                aria-label={t('orders.selectOrder', { number: o.intern_id })}
                checked={selection.selected.has(o.id)}
                onChange={(e) => selection.toggle(o.id, e.currentTarget.checked)}
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
      // A minimum width: squeezed on a narrow screen, Mantine's badges would cut their words.
      cell: (o) => (
        <Stack gap={2} align="flex-start" miw={90}>
          <StageBadges order={o} size="xs" />
        </Stack>
      ),
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
      cell: (o) => <OrderRowActions order={o} onFailure={onFailure} />,
    },
  ];
}
