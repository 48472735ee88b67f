import type { WarehouseVacation } from '@letokruh/contracts/vacations';
import { Alert, Box, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { ConfirmButton } from '../../ui/confirm-button';
import { useFormat } from '../../ui/format';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import {
  deactivateWarehouseVacation,
  ownWarehousesQuery,
  vacationsKey,
  warehouseVacationsQuery,
} from './api';
import { VacationStateBadge } from './vacation-state';

const emptyFilters: { warehouse: string | null } = { warehouse: null };

/** part 2 §2 Vacations: closures of warehouses, paged, with add, edit and deactivate. */
export function WarehouseVacationsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { can, canCall, user } = useAccess();
  const queryClient = useQueryClient();
  const list = useListState('warehouse-vacations', emptyFilters);
  const allowed = can('view_vacationwarehouse');
  const vacations = useQuery({
    ...warehouseVacationsQuery({
      current_page: list.current_page,
      per_page: list.per_page,
      ...(list.filters.warehouse ? { warehouse: Number(list.filters.warehouse) } : {}),
    }),
    enabled: allowed,
  });
  const warehouses = useQuery({ ...ownWarehousesQuery, enabled: allowed });
  const deactivate = useMutation({
    mutationFn: deactivateWarehouseVacation,
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('vacations.deactivated') });
      void queryClient.invalidateQueries({ queryKey: vacationsKey });
    },
    onError: (e) => notifications.show({ color: 'red', message: t(errorKey(e)) }),
  });
  if (!user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;

  const at = (day: string, time: string | null) => (time ? `${format.day(day)} ${time}` : format.day(day));
  const columns: Column<WarehouseVacation>[] = [
    {
      key: 'warehouse',
      header: t('vacations.fields.warehouse'),
      cell: (v) => (
        <Group gap={8} wrap="nowrap">
          <Box w={12} h={12} style={{ borderRadius: 3, background: v.warehouse.color, flexShrink: 0 }} />
          <Text size="sm" fw={500}>
            {v.warehouse.name}
          </Text>
        </Group>
      ),
    },
    { key: 'from', header: t('vacations.fields.from'), cell: (v) => at(v.vacation_from, v.from_time) },
    { key: 'to', header: t('vacations.fields.to'), cell: (v) => at(v.vacation_to, v.to_time) },
    {
      key: 'state',
      header: t('vacations.fields.state'),
      cell: (v) => <VacationStateBadge from={v.vacation_from} to={v.vacation_to} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (v) => (
        <Group gap="xs" wrap="nowrap">
          {canCall('PUT /warehouse_vacation/:id/edit') ? (
            <Button
              component={Link}
              to={`/warehouse-vacation/${v.id}/edit`}
              size="compact-sm"
              variant="default"
            >
              {t('common.edit')}
            </Button>
          ) : null}
          {canCall('DELETE /vacation_warehouse/:id/delete') ? (
            <ConfirmButton
              size="compact-sm"
              variant="subtle"
              color="red"
              question={t('vacations.deactivateWarehouseQuestion', {
                name: v.warehouse.name,
                from: at(v.vacation_from, v.from_time),
                to: at(v.vacation_to, v.to_time),
              })}
              confirmLabel={t('vacations.deactivate')}
              onConfirm={() => deactivate.mutate(v.id)}
            >
              {t('vacations.deactivate')}
            </ConfirmButton>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('vacations.warehousesHeading')}</Title>
        {canCall('POST /warehouse_vacation/add') ? (
          <Button component={Link} to="/warehouse-vacation/add">
            {t('vacations.addWarehouse')}
          </Button>
        ) : null}
      </Group>
      <Select
        label={t('vacations.fields.warehouse')}
        placeholder={t('vacations.allWarehouses')}
        data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
        value={list.filters.warehouse}
        onChange={(v) => list.setFilter('warehouse', v)}
        clearable
        w={260}
      />
      <PagedTable
        columns={columns}
        rows={vacations.data?.items}
        total={vacations.data?.total ?? 0}
        rowKey={(v) => v.id}
        currentPage={list.current_page}
        perPage={list.per_page}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        loading={vacations.isPending}
        error={vacations.isError ? <Alert color="red">{t(errorKey(vacations.error))}</Alert> : null}
      />
    </Stack>
  );
}
