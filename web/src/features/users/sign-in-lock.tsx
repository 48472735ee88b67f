import type { UserItem } from '@letokruh/contracts/users';
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { useFormat } from '../../ui/format';
import { unlockUser, userQuery, usersKey } from './api';

/**
 * Decision 0002: a user locked out after repeated wrong passwords. Everyone who may see the user
 * sees until when; an owner can lift the lock at once (the user asked, the owner knows it is them).
 */
export function SignInLock({ user, canUnlock }: { user: UserItem; canUnlock: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const unlock = useMutation({
    mutationFn: () => unlockUser(user.id),
    onSuccess: (next) => {
      queryClient.setQueryData(userQuery(user.id).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: [...usersKey, 'list'] });
      notifications.show({
        color: 'green',
        message: t('users.unlocked', { name: next.name || next.username }),
      });
    },
    onError: (error) => notifications.show({ color: 'red', message: t(errorKey(error)) }),
  });
  if (!user.sign_in_locked_until) return null;
  return (
    <Alert color="orange" title={t('users.signInLocked')} data-testid="sign-in-lock">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">
          {t('users.signInLockedUntil', { until: format.dateShort(user.sign_in_locked_until) })}
        </Text>
        {canUnlock ? (
          <Button size="compact-sm" color="orange" loading={unlock.isPending} onClick={() => unlock.mutate()}>
            {t('users.unlock')}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
