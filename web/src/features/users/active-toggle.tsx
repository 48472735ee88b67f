import type { UserItem } from '@letokruh/contracts/users';
import { Button, type ButtonProps, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { ModalFooter } from '../../ui/modal-footer';
import { deactivateUser, reactivateUser, usersKey } from './api';

/** Deactivate (after a confirmation: it signs the user out everywhere) or reactivate a user. */
export function ActiveToggle({ user, size = 'compact-sm' }: { user: UserItem; size?: ButtonProps['size'] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, { open, close }] = useDisclosure(false);
  const toggle = useMutation({
    mutationFn: () => (user.is_active ? deactivateUser(user.id) : reactivateUser(user.id)),
    onSuccess: (next) => {
      close();
      void queryClient.invalidateQueries({ queryKey: usersKey });
      notifications.show({
        color: 'green',
        message: t(next.is_active ? 'users.reactivated' : 'users.deactivated', { name: next.name }),
      });
    },
    onError: (error) => {
      close();
      notifications.show({ color: 'red', message: t(errorKey(error)) });
    },
  });
  if (!user.is_active) {
    return (
      <Button
        size={size}
        variant="light"
        color="green"
        loading={toggle.isPending}
        onClick={() => toggle.mutate()}
      >
        {t('users.reactivate')}
      </Button>
    );
  }
  return (
    <>
      <Button size={size} variant="light" color="red" onClick={open}>
        {t('users.deactivate')}
      </Button>
      <Modal opened={asking} onClose={close} title={t('users.deactivateTitle')} centered>
        <Text mb="lg">{t('users.deactivateQuestion', { name: user.name, username: user.username })}</Text>
        <ModalFooter
          onCancel={close}
          confirmLabel={t('users.deactivate')}
          onConfirm={() => toggle.mutate()}
          pending={toggle.isPending}
          color="red"
        />
      </Modal>
    </>
  );
}
