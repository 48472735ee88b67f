import type { Customer } from '@letokruh/contracts/customers';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { ownWarehousesQuery } from '../../lib/reference-queries';
import { useAccess } from '../../lib/session';
import { countActiveFilters, FilterBar } from '../../ui/filter-bar';
import { useFormat } from '../../ui/format';
import { ListPageHeader } from '../../ui/list-page-header';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import { type CustomerFilters, customerListQuery, noCustomerFilters } from './api';

/** domain.md §2.7: list loads are debounced 500 ms. */
const filterDebounceMs = 500;
const filterKeys = [
  'internId',
  'fullName',
  'email',
  'phone',
  'address',
  'warehouse',
] as const satisfies (keyof CustomerFilters)[];

/** domain.md §2.2 Customers: the paged list with its filters, kept for the session (ui/list-state). */
export function CustomersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const access = useAccess();
  const list = useListState<CustomerFilters>('customers', noCustomerFilters);
  const [filters] = useDebouncedValue(list.filters, filterDebounceMs);
  const allowed = access.can('view_customer');
  const customers = useQuery({
    ...customerListQuery(filters, { current_page: list.current_page, per_page: list.per_page }),
    enabled: allowed,
  });
  const warehouses = useQuery({ ...ownWarehousesQuery, enabled: allowed });
  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;

  const filtered = filterKeys.some((key) => list.filters[key] !== '');
  const columns: Column<Customer>[] = [
    {
      key: 'intern_id',
      header: t('customers.fields.internId'),
      width: 110,
      cell: (c) => (
        <Anchor component={Link} to={`/customer/${c.id}`} ff="monospace">
          {c.intern_id}
        </Anchor>
      ),
    },
    {
      key: 'name',
      header: t('customers.fields.name'),
      cell: (c) => (
        <>
          <Anchor component={Link} to={`/customer/${c.id}`} fw={500}>
            {c.name}
          </Anchor>
          {c.organization_name ? (
            <Text size="xs" c="dimmed">
              {c.organization_name}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'phone',
      header: t('customers.fields.phone'),
      cell: (c) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {format.phone(c.whole_phone)}
        </Text>
      ),
    },
    { key: 'email', header: t('customers.fields.email'), cell: (c) => c.email || t('common.noValue') },
    { key: 'address', header: t('customers.fields.address'), cell: (c) => c.address.full_address },
    {
      key: 'to_contact',
      header: t('customers.fields.toContact'),
      width: 110,
      cell: (c) =>
        c.to_contact ? (
          <Badge color="orange" variant="light" tt="none">
            {t('customers.toContactYes')}
          </Badge>
        ) : null,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to={`/customer/${c.id}`} size="compact-sm" variant="default">
            {t('common.detail')}
          </Button>
          {access.canCall('PUT /customer/:id/edit') ? (
            <Button component={Link} to={`/customer/${c.id}/edit`} size="compact-sm" variant="subtle">
              {t('common.edit')}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <ListPageHeader
        title={t('customers.heading')}
        add={{ call: 'POST /customer/add', to: '/customer/add', label: t('customers.add') }}
        filters={
          <FilterBar active={countActiveFilters(list.filters, noCustomerFilters)} onClear={list.clearFilters}>
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 6 }}
              spacing="sm"
              role="search"
              aria-label={t('common.filter')}
            >
              <TextInput
                label={t('customers.filters.internId')}
                inputMode="numeric"
                value={list.filters.internId}
                onChange={(e) => list.setFilter('internId', e.currentTarget.value.replace(/\D/g, ''))}
              />
              <TextInput
                label={t('customers.filters.fullName')}
                value={list.filters.fullName}
                onChange={(e) => list.setFilter('fullName', e.currentTarget.value)}
              />
              <TextInput
                label={t('customers.filters.email')}
                value={list.filters.email}
                onChange={(e) => list.setFilter('email', e.currentTarget.value)}
              />
              <TextInput
                label={t('customers.filters.phone')}
                inputMode="tel"
                value={list.filters.phone}
                onChange={(e) => list.setFilter('phone', e.currentTarget.value)}
              />
              <TextInput
                label={t('customers.filters.address')}
                value={list.filters.address}
                onChange={(e) => list.setFilter('address', e.currentTarget.value)}
              />
              <Select
                label={t('customers.filters.warehouse')}
                placeholder={t('customers.filters.allWarehouses')}
                data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                value={list.filters.warehouse || null}
                onChange={(value) => list.setFilter('warehouse', value ?? '')}
                clearable
              />
            </SimpleGrid>
          </FilterBar>
        }
        clearFilters={{ filtered, onClear: list.clearFilters }}
      />
      <PagedTable
        columns={columns}
        rows={customers.data?.items}
        total={customers.data?.total ?? 0}
        rowKey={(c) => c.id}
        currentPage={list.current_page}
        perPage={list.per_page}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        loading={customers.isFetching}
        error={
          customers.error ? (
            <Alert color="red" mt="sm">
              {t(errorKey(customers.error))}
            </Alert>
          ) : null
        }
      />
    </Stack>
  );
}
