import type { RouteKey } from '@letokruh/contracts/access';
import type { Permission } from '@letokruh/contracts/permissions';
import type { UserVacation, VacationSubject, WarehouseVacation } from '@letokruh/contracts/vacations';
import { Alert, Box, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { vacationsEndpoints as e } from '../../lib/routes';
import { useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { ListPageHeader } from '../../ui/list-page-header';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import { RemoveButton } from '../../ui/remove-button';
import {
  deactivateUserVacation,
  deactivateWarehouseVacation,
  driversQuery,
  ownWarehousesQuery,
  userVacationsQuery,
  vacationsKey,
  warehouseVacationsQuery,
} from './api';
import { dayCount, VacationStateBadge } from './vacation-state';

type Vacation = UserVacation | WarehouseVacation;
/** A page of the list, of one owner's vacations when the filter (named as the subject) names one. */
type ListQuery = { current_page: number; per_page: number } & { [F in VacationSubject]?: number };

/** What sets a subject's list apart; the page below is the same for warehouses and drivers. */
type ListSubject<V extends Vacation, F extends VacationSubject> = {
  /** The list's path, also the name its filters are kept under. */
  path: string;
  /** The path of one vacation's pages: `${item}/add`, `${item}/{id}/edit`. */
  item: string;
  permission: Permission;
  /** The list's filter by owner, none at first. */
  emptyFilters: Record<F, string | null>;
  filter: F;
  /** The page's queries: the list as asked, and whose vacations the filter offers. */
  useList: (query: ListQuery, enabled: boolean) => UseQueryResult<{ items: V[]; total: number }>;
  useOwners: (enabled: boolean) => { id: number; name: string }[] | undefined;
  searchable: boolean;
  deactivate: (id: number) => Promise<V>;
  calls: { add: RouteKey; edit: RouteKey; deactivate: RouteKey };
  /** The owner as the list shows it (`label`), as the question names it, and its colour. */
  owner: (v: V) => { label: string; name: string; color?: string };
  /** Drivers' vacations are whole days, counted in a column of their own. */
  withDays: boolean;
  text: { heading: string; add: string; owner: string; all: string; question: string };
};

function VacationsPage<V extends Vacation, F extends VacationSubject>({
  subject: s,
}: {
  subject: ListSubject<V, F>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { can, canCall, user } = useAccess();
  const queryClient = useQueryClient();
  const list = useListState(s.path.slice(1), s.emptyFilters);
  const allowed = can(s.permission);
  const chosen: string | null = list.filters[s.filter];
  const query: ListQuery = { current_page: list.current_page, per_page: list.per_page };
  if (chosen) query[s.filter] = Number(chosen);
  const vacations = s.useList(query, allowed);
  const owners = s.useOwners(allowed);
  const deactivate = useMutation({
    mutationFn: s.deactivate,
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('vacations.deactivated') });
      void queryClient.invalidateQueries({ queryKey: vacationsKey });
    },
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  if (!user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;

  // A closure may start and end within a day: its hours follow the day.
  const from = (v: Vacation) => at(v.vacation_from, 'from_time' in v ? v.from_time : null);
  const to = (v: Vacation) => at(v.vacation_to, 'to_time' in v ? v.to_time : null);
  const at = (day: string, time: string | null) => (time ? `${format.day(day)} ${time}` : format.day(day));
  const days: Column<V>[] = [
    {
      key: 'days',
      header: t('vacations.fields.days'),
      cell: (v) => format.number(dayCount(v.vacation_from, v.vacation_to)),
    },
  ];
  const columns: Column<V>[] = [
    {
      key: 'owner',
      header: t(s.text.owner),
      cell: (v) => <Owner {...s.owner(v)} />,
    },
    { key: 'from', header: t('vacations.fields.from'), cell: from },
    { key: 'to', header: t('vacations.fields.to'), cell: to },
    ...(s.withDays ? days : []),
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
          {canCall(s.calls.edit) ? (
            <Button component={Link} to={`${s.item}/${v.id}/edit`} size="compact-sm" variant="default">
              {t('common.edit')}
            </Button>
          ) : null}
          {canCall(s.calls.deactivate) ? (
            <RemoveButton
              label={t('vacations.deactivate')}
              question={t(s.text.question, { name: s.owner(v).name, from: from(v), to: to(v) })}
              onRemove={() => deactivate.mutate(v.id)}
            />
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <ListPageHeader
        title={t(s.text.heading)}
        add={{ call: s.calls.add, to: `${s.item}/add`, label: t(s.text.add) }}
        filters={
          <Select
            label={t(s.text.owner)}
            placeholder={t(s.text.all)}
            data={(owners ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
            value={chosen}
            onChange={(v) => list.setFilter(s.filter, v)}
            clearable
            searchable={s.searchable}
            w={260}
          />
        }
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

/** The owner's name, after the warehouse's colour for a closure. */
function Owner({ label, color }: { label: string; color?: string }) {
  const name = (
    <Text size="sm" fw={500}>
      {label}
    </Text>
  );
  if (!color) return name;
  return (
    <Group gap={8} wrap="nowrap">
      <Box w={12} h={12} style={{ borderRadius: 3, background: color, flexShrink: 0 }} />
      {name}
    </Group>
  );
}

const warehouses: ListSubject<WarehouseVacation, 'warehouse'> = {
  path: '/warehouse-vacations',
  item: '/warehouse-vacation',
  permission: 'view_vacationwarehouse',
  emptyFilters: { warehouse: null },
  filter: 'warehouse',
  useList: (query, enabled) => useQuery({ ...warehouseVacationsQuery(query), enabled }),
  useOwners: (enabled) => useQuery({ ...ownWarehousesQuery, enabled }).data,
  searchable: false,
  deactivate: deactivateWarehouseVacation,
  calls: { add: e.warehouseAdd.key, edit: e.warehouseEdit.key, deactivate: e.warehouseDeactivate.key },
  owner: (v) => ({ label: v.warehouse.name, name: v.warehouse.name, color: v.warehouse.color }),
  withDays: false,
  text: {
    heading: 'vacations.warehousesHeading',
    add: 'vacations.addWarehouse',
    owner: 'vacations.fields.warehouse',
    all: 'vacations.allWarehouses',
    question: 'vacations.deactivateWarehouseQuestion',
  },
};

const drivers: ListSubject<UserVacation, 'user'> = {
  path: '/user-vacations',
  item: '/user-vacation',
  permission: 'view_vacationuser',
  emptyFilters: { user: null },
  filter: 'user',
  useList: (query, enabled) => useQuery({ ...userVacationsQuery(query), enabled }),
  useOwners: (enabled) => useQuery({ ...driversQuery, enabled }).data,
  searchable: true,
  deactivate: deactivateUserVacation,
  calls: { add: e.userAdd.key, edit: e.userEdit.key, deactivate: e.userDeactivate.key },
  owner: (v) => ({ label: v.user.name || v.user.username, name: v.user.name }),
  withDays: true,
  text: {
    heading: 'vacations.usersHeading',
    add: 'vacations.addUser',
    owner: 'vacations.fields.driver',
    all: 'vacations.allDrivers',
    question: 'vacations.deactivateUserQuestion',
  },
};

/** domain.md §2.2 Vacations: closures of warehouses, paged, with add, edit and deactivate. */
export function WarehouseVacationsPage() {
  return <VacationsPage subject={warehouses} />;
}

/** domain.md §2.2 Vacations: drivers' vacations, paged, with add, edit and deactivate. */
export function UserVacationsPage() {
  return <VacationsPage subject={drivers} />;
}
