import { ErrorCode } from '@letokruh/contracts/errors';
import type { UserEdit, UserItem } from '@letokruh/contracts/users';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { useAccess, userQueryKey } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { StaleAlert } from '../../ui/stale-alert';
import { ViewField } from '../../ui/view-field';
import { ActiveToggle } from './active-toggle';
import { editUser, userQuery, usersKey } from './api';
import { canEditUser, canToggleActive, isOwner } from './rules';
import { SignInLock } from './sign-in-lock';
import { UserFeeds } from './user-feeds';
import { draftOf, UserForm } from './user-form';
import { UserPassword } from './user-password';

/** domain.md §2.2: the user detail that really saves; a 404 goes back to the list. */
export function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const allowed = access.can('view_user');
  const user = useQuery({ ...userQuery(id), enabled: validId && allowed });
  const missing = !validId || (user.error instanceof ApiError && user.error.status === 404);

  useEffect(() => {
    if (!missing) return;
    notifications.show({ id: 'user-not-found', color: 'red', message: t('errors.202') });
    void navigate('/users', { replace: true });
  }, [missing, navigate, t]);

  if (!access.user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  if (missing) return null;
  if (user.error) return <Alert color="red">{t(errorKey(user.error))}</Alert>;
  if (!user.data) return null;
  const item = user.data;
  return (
    <Stack maw={820}>
      <Anchor component={Link} to="/users" size="sm">
        {t('users.backToList')}
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{item.name || item.username}</Title>
          {isOwner(item) ? <Badge variant="light">{t('functions.owner')}</Badge> : null}
          {!item.is_active ? <Badge color="gray">{t('users.inactive')}</Badge> : null}
        </Group>
        {canToggleActive(access, item) ? <ActiveToggle user={item} size="sm" /> : null}
      </Group>
      <SignInLock user={item} canUnlock={access.canCall('PUT /user/:id/unlock')} />
      {canEditUser(access, item) ? (
        <EditUser key={item.version} item={item} onReload={() => void user.refetch()} />
      ) : (
        <ViewUser item={item} />
      )}
      {access.canCall('PUT /user/:id/password') && item.id !== access.user.id ? (
        <UserPassword key={item.id} user={item} />
      ) : null}
      <UserFeeds userId={item.id} />
    </Stack>
  );
}

function EditUser({ item, onReload }: { item: UserItem; onReload(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  const save = useMutation({
    mutationFn: (body: UserEdit) => editUser(item.id, body),
    onSuccess: (next) => {
      queryClient.setQueryData(userQuery(item.id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: [...usersKey, 'list'] });
      // Editing oneself may change one's own functions and with them the navigation.
      if (next.id === access.user?.id) void queryClient.invalidateQueries({ queryKey: userQueryKey });
      notifications.show({ color: 'green', message: t('users.saved', { name: next.name }) });
      void navigate('/users');
    },
  });
  // A stale version (140), not the last owner's function (205, shown as the form's error).
  const stale = save.error instanceof ApiError && save.error.errorCode === ErrorCode.conflict;
  return (
    <>
      {stale ? <StaleAlert onReload={onReload} /> : null}
      <UserForm
        mode="edit"
        version={item.version}
        initial={draftOf(item)}
        canGrantOwner={access.hasFunction('owner')}
        pending={save.isPending}
        serverError={stale ? null : save.error}
        submitLabel={t('users.save')}
        onSubmit={(body) => save.mutate(body)}
        onCancel={() => void navigate('/users')}
      />
    </>
  );
}

function ViewUser({ item }: { item: UserItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ViewField label={t('users.fields.username')} value={item.username} />
        <ViewField label={t('users.fields.name')} value={item.name} />
        <ViewField label={t('users.fields.email')} value={item.email} />
        <ViewField label={t('users.fields.phone')} value={format.phone(item.phone)} />
        <ViewField label={t('users.fields.functions')}>
          <Group gap={4}>
            {item.functions.map((f) => (
              <Badge key={f.id} variant="light">
                {t(`functions.${f.name}`)}
              </Badge>
            ))}
          </Group>
        </ViewField>
        {item.functions.some((f) => f.name === 'technical_specialist') ? (
          <ViewField
            label={t('users.fields.maximumOrderCount')}
            value={format.number(item.maximum_order_count)}
          />
        ) : null}
      </SimpleGrid>
    </Paper>
  );
}
