import type { UserAdd } from '@letokruh/contracts/users';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccess } from '../../lib/session';
import { FormPage } from '../../ui/form-page';
import { addUser, usersKey } from './api';
import { draftOf, UserForm } from './user-form';

/** A new user with an initial password that they must change at their first sign-in (decision 0009). */
export function UserAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const access = useAccess();
  const add = useMutation({
    mutationFn: (body: UserAdd) => addUser(body),
    onSuccess: (user) => {
      void queryClient.invalidateQueries({ queryKey: usersKey });
      notifications.show({ color: 'green', message: t('users.added', { name: user.name }) });
      void navigate('/users');
    },
  });
  if (!access.user) return null;
  if (!access.canCall('POST /user/add')) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <FormPage back={{ to: '/users', label: t('users.backToList') }} title={t('users.addHeading')} maw={820}>
      <UserForm
        mode="add"
        initial={draftOf()}
        canGrantOwner={access.hasFunction('owner')}
        pending={add.isPending}
        serverError={add.error}
        submitLabel={t('users.create')}
        onSubmit={(body) => add.mutate(body)}
        onCancel={() => void navigate('/users')}
      />
    </FormPage>
  );
}
