import type { WarehouseSummary } from '@letokruh/contracts/warehouses';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { countActiveFilters, FilterBar } from '../../ui/filter-bar';
import { ListPageHeader } from '../../ui/list-page-header';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import { RemoveButton } from '../../ui/remove-button';
import { useHideWarehouse, useWarehouses } from './api';

type Filters = { name: string; withHidden: boolean };
const emptyFilters: Filters = { name: '', withHidden: false };

/** domain.md §2.2 Warehouses: the list with links to stock and edit, and "do not use further". */
export function WarehousesPage() {
  const { t } = useTranslation();
  const { canCall } = useAccess();
  const list = useListState('warehouses', emptyFilters);
  // domain.md §2.7: list loads are debounced 500 ms.
  const [name] = useDebouncedValue(list.filters.name, 500);
  const query = {
    current_page: list.current_page,
    per_page: list.per_page,
    name: name.trim() || undefined,
    hidden: list.filters.withHidden ? ('true' as const) : undefined,
  };
  const warehouses = useWarehouses(query);
  const hide = useHideWarehouse();

  const hideWarehouse = (warehouse: WarehouseSummary) =>
    hide.mutate(warehouse.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('warehouses.hidden', { name: warehouse.name }) }),
      onError: (e) => notifications.show({ color: 'red', message: t(errorKey(e)) }),
    });

  const columns: Column<WarehouseSummary>[] = [
    { key: 'id', header: t('warehouses.fields.id'), cell: (w) => w.id, width: 70 },
    {
      key: 'name',
      header: t('warehouses.fields.name'),
      cell: (w) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={`/warehouse/${w.id}`}>
            {w.name}
          </Anchor>
          {w.hidden ? (
            <Badge color="gray" variant="light">
              {t('warehouses.notInUse')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'address', header: t('warehouses.fields.fullAddress'), cell: (w) => w.address.full_address },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (w) => (
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to={`/warehouse/${w.id}`} size="compact-sm" variant="light">
            {t('warehouses.stock')}
          </Button>
          {/* Name, address, staff and cars: manage_warehouse (decision 0021), not stock work. */}
          {canCall('PUT /warehouse/:id/edit') ? (
            <Button component={Link} to={`/warehouse/${w.id}/edit`} size="compact-sm" variant="default">
              {t('common.edit')}
            </Button>
          ) : null}
          {canCall('DELETE /warehouse/:id/hide') && !w.hidden ? (
            <RemoveButton
              label={t('warehouses.hide')}
              question={t('warehouses.hideQuestion', { name: w.name })}
              onRemove={() => hideWarehouse(w)}
            />
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <ListPageHeader
        title={t('warehouses.heading')}
        add={{ call: 'POST /warehouse/add', to: '/warehouses/add', label: t('warehouses.add') }}
        filters={
          <FilterBar active={countActiveFilters(list.filters, emptyFilters)} onClear={list.clearFilters}>
            <Group align="flex-end">
              <TextInput
                label={t('warehouses.fields.name')}
                value={list.filters.name}
                onChange={(e) => list.setFilter('name', e.currentTarget.value)}
                w={260}
              />
              <Checkbox
                label={t('warehouses.showNotInUse')}
                checked={list.filters.withHidden}
                onChange={(e) => list.setFilter('withHidden', e.currentTarget.checked)}
                mb={8}
              />
            </Group>
          </FilterBar>
        }
      />
      <PagedTable
        columns={columns}
        rows={warehouses.data?.items}
        total={warehouses.data?.total ?? 0}
        rowKey={(w) => w.id}
        currentPage={list.current_page}
        perPage={list.per_page}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        loading={warehouses.isPending}
        error={warehouses.isError ? <Alert color="red">{t(errorKey(warehouses.error))}</Alert> : null}
      />
    </Stack>
  );
}
