import { initialPasswordMinLength, passwordLinkHours, type UserItem } from '@letokruh/contracts/users';
import { Alert, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { useFormat } from '../../ui/format';
import { sendPasswordLink, setUserPassword, userQuery } from './api';

/**
 * Decision 0089: a user without a password (brought from the old system, or one who forgot it)
 * cannot sign in. The owner gives one, which the user changes at the first sign-in, or e-mails
 * them a link with which they choose their own.
 */
export function UserPassword({ user }: { user: UserItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [checked, setChecked] = useState(false);
  const name = user.name || user.username;
  const tooShort = password.length < initialPasswordMinLength;
  const differs = repeat !== password;

  const set = useMutation({
    mutationFn: () => setUserPassword(user.id, password),
    onSuccess: (next) => {
      queryClient.setQueryData(userQuery(user.id).queryKey, next);
      setPassword('');
      setRepeat('');
      setChecked(false);
      notifications.show({ color: 'green', message: t('users.password.setDone', { name }) });
    },
  });
  const link = useMutation({ mutationFn: () => sendPasswordLink(user.id) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!tooShort && !differs) set.mutate();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="user-password-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="user-password-heading">
          {t('users.password.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('users.password.intro')}
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {set.isError ? <Alert color="red">{t(errorKey(set.error))}</Alert> : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label={t('users.password.new')}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={
                  checked && tooShort ? t('users.invalid.password', { min: initialPasswordMinLength }) : null
                }
              />
              <PasswordInput
                label={t('users.password.repeat')}
                autoComplete="new-password"
                value={repeat}
                onChange={(e) => setRepeat(e.currentTarget.value)}
                error={checked && !tooShort && differs ? t('users.password.mismatch') : null}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={set.isPending} mih={44}>
                {t('users.password.set')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap={6}>
          <Group>
            <Button
              variant="light"
              mih={44}
              loading={link.isPending}
              disabled={!user.email}
              onClick={() => link.mutate()}
            >
              {t('users.password.sendLink')}
            </Button>
          </Group>
          {link.data ? (
            <Alert color="green" data-testid="password-link-sent">
              {t('users.password.linkSent', {
                email: link.data.sent_to,
                until: format.dateShort(link.data.expires_at),
              })}
            </Alert>
          ) : link.isError ? (
            <Alert color="red">{t(errorKey(link.error))}</Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {user.email
                ? t('users.password.linkHint', { email: user.email, hours: passwordLinkHours })
                : t('users.password.noEmail')}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
