import type { UserVacation } from '@letokruh/contracts/vacations';
import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
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
import { deactivateUserVacation, driversQuery, userVacationsQuery, vacationsKey } from './api';
import { dayCount, VacationStateBadge } from './vacation-state';

const emptyFilters: { user: string | null } = { user: null };

/** part 2 §2 Vacations: drivers' vacations, paged, with add, edit and deactivate. */
export function UserVacationsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { can, canCall, user } = useAccess();
  const queryClient = useQueryClient();
  const list = useListState('user-vacations', emptyFilters);
  const allowed = can('view_vacationuser');
  const vacations = useQuery({
    ...userVacationsQuery({
      current_page: list.current_page,
      per_page: list.per_page,
      ...(list.filters.user ? { user: Number(list.filters.user) } : {}),
    }),
    enabled: allowed,
  });
  const drivers = useQuery({ ...driversQuery, enabled: allowed });
  const deactivate = useMutation({
    mutationFn: deactivateUserVacation,
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('vacations.deactivated') });
      void queryClient.invalidateQueries({ queryKey: vacationsKey });
    },
    onError: (e) => notifications.show({ color: 'red', message: t(errorKey(e)) }),
  });
  if (!user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;

  const columns: Column<UserVacation>[] = [
    {
      key: 'driver',
      header: t('vacations.fields.driver'),
      cell: (v) => (
        <Text size="sm" fw={500}>
          {v.user.name || v.user.username}
        </Text>
      ),
    },
    { key: 'from', header: t('vacations.fields.from'), cell: (v) => format.day(v.vacation_from) },
    { key: 'to', header: t('vacations.fields.to'), cell: (v) => format.day(v.vacation_to) },
    {
      key: 'days',
      header: t('vacations.fields.days'),
      cell: (v) => format.number(dayCount(v.vacation_from, v.vacation_to)),
    },
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
          {canCall('PUT /user_vacation/:id/edit') ? (
            <Button component={Link} to={`/user-vacation/${v.id}/edit`} size="compact-sm" variant="default">
              {t('common.edit')}
            </Button>
          ) : null}
          {canCall('DELETE /vacation_user/:id/delete') ? (
            <ConfirmButton
              size="compact-sm"
              variant="subtle"
              color="red"
              question={t('vacations.deactivateUserQuestion', {
                name: v.user.name,
                from: format.day(v.vacation_from),
                to: format.day(v.vacation_to),
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
        <Title order={2}>{t('vacations.usersHeading')}</Title>
        {canCall('POST /user_vacation/add') ? (
          <Button component={Link} to="/user-vacation/add">
            {t('vacations.addUser')}
          </Button>
        ) : null}
      </Group>
      <Select
        label={t('vacations.fields.driver')}
        placeholder={t('vacations.allDrivers')}
        data={(drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
        value={list.filters.user}
        onChange={(v) => list.setFilter('user', v)}
        clearable
        searchable
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
