import type { UserItem } from '@letokruh/contracts/users';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { ListPageHeader } from '../../ui/list-page-header';
import { useListState } from '../../ui/list-state';
import { type Column, PagedTable } from '../../ui/paged-table';
import { ActiveToggle } from './active-toggle';
import { userListQuery } from './api';
import { canEditUser, canToggleActive } from './rules';

const noFilters = { name: '' };

/** domain.md §2.2 Users: the list with an edit link; deactivate and reactivate, owners shielded. */
export function UsersPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const format = useFormat();
  const list = useListState('users', noFilters);
  const [name] = useDebouncedValue((list.filters.name ?? '').trim(), 300);
  const allowed = access.can('view_user');
  const users = useQuery({
    ...userListQuery({ current_page: list.current_page, per_page: list.per_page, ...(name ? { name } : {}) }),
    enabled: allowed,
  });
  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;

  const columns: Column<UserItem>[] = [
    {
      key: 'name',
      header: t('users.fields.name'),
      cell: (u) => (
        <Anchor component={Link} to={`/user/${u.id}`} fw={500}>
          {u.name || u.username}
        </Anchor>
      ),
    },
    { key: 'username', header: t('users.fields.username'), cell: (u) => u.username },
    { key: 'email', header: t('users.fields.email'), cell: (u) => u.email || t('common.noValue') },
    { key: 'phone', header: t('users.fields.phone'), cell: (u) => format.phone(u.phone) },
    {
      key: 'functions',
      header: t('users.fields.functions'),
      cell: (u) => (
        <Group gap={4}>
          {u.functions.map((f) => (
            <Badge key={f.id} variant="light" size="sm" tt="none">
              {t(`functions.${f.name}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'maximum_order_count',
      header: t('users.fields.maximumOrderCountShort'),
      cell: (u) =>
        u.maximum_order_count === null ? t('common.noValue') : format.number(u.maximum_order_count),
    },
    {
      key: 'state',
      header: t('users.fields.state'),
      cell: (u) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} c={u.is_active ? 'green.8' : 'dimmed'}>
            {u.is_active ? t('users.active') : t('users.inactive')}
          </Text>
          {u.sign_in_locked_until ? (
            <Badge size="sm" color="orange" variant="light" tt="none">
              {t('users.locked')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (u) => (
        <Group gap="xs" wrap="nowrap">
          <Button component={Link} to={`/user/${u.id}`} size="compact-sm" variant="default">
            {canEditUser(access, u) ? t('common.edit') : t('common.detail')}
          </Button>
          {canToggleActive(access, u) ? <ActiveToggle user={u} /> : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <ListPageHeader
        title={t('users.heading')}
        add={{ call: 'POST /user/add', to: '/user/add', label: t('users.add') }}
        filters={
          // Decision 0034: "novak" finds Novák, by name, username or e-mail.
          <TextInput
            label={t('users.search')}
            value={list.filters.name ?? ''}
            onChange={(e) => list.setFilter('name', e.currentTarget.value)}
            maw={360}
          />
        }
      />
      <PagedTable
        columns={columns}
        rows={users.data?.items}
        total={users.data?.total ?? 0}
        rowKey={(u) => u.id}
        currentPage={list.current_page}
        perPage={list.per_page}
        onPage={list.setPage}
        onPerPage={list.setPerPage}
        loading={users.isFetching}
        error={
          users.error ? (
            <Alert color="red" mt="sm">
              {t(errorKey(users.error))}
            </Alert>
          ) : null
        }
      />
      <Text size="sm" c="dimmed">
        {t('users.ownersShielded')}
      </Text>
    </Stack>
  );
}
