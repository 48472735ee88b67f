import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../../lib/api-client';
import { LanguageSelect } from '../../ui/language-select';
import { setPasswordWithLink } from './api';

/** The user form's rule (contracts users.ts `initialPasswordMinLength`), without loading zod here. */
const minLength = 8;

/** The link's secret: in the fragment, which the browser never sends to a server. */
const tokenOf = (hash: string) => {
  const token = hash.replace(/^#/, '');
  return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
};

/**
 * `/set-password#<secret>` (decision 0089): the page of the link the owner e-mailed. The user
 * chooses a password, typed twice, and signs in with it.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [token] = useState(() => tokenOf(window.location.hash));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [checked, setChecked] = useState(false);
  const tooShort = password.length < minLength;
  const differs = repeat !== password;
  const save = useMutation({ mutationFn: () => setPasswordWithLink(token!, password) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!tooShort && !differs) save.mutate();
  };

  return (
    <Center mih="90vh" px="sm">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%" radius="md">
        <Stack>
          <Title order={2}>{t('app.name')}</Title>
          <Title order={3} size="h4" c="dimmed" fw={500}>
            {t('login.setPassword.heading')}
          </Title>
          {!token ? (
            <Alert color="red" role="alert">
              {t('login.setPassword.missingToken')}
            </Alert>
          ) : save.data ? (
            <>
              <Alert color="green" role="status">
                {t('login.setPassword.done', { username: save.data.username })}
              </Alert>
              <Button component={Link} to="/" mih={44}>
                {t('login.setPassword.toLogin')}
              </Button>
            </>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack>
                <Text size="sm">{t('login.setPassword.intro', { min: minLength })}</Text>
                {save.isError ? (
                  <Alert color="red" role="alert">
                    {t(errorKey(save.error))}
                  </Alert>
                ) : null}
                <PasswordInput
                  label={t('users.password.new')}
                  autoComplete="new-password"
                  required
                  autoFocus
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={checked && tooShort ? t('users.invalid.password', { min: minLength }) : null}
                />
                <PasswordInput
                  label={t('users.password.repeat')}
                  autoComplete="new-password"
                  required
                  value={repeat}
                  onChange={(e) => setRepeat(e.currentTarget.value)}
                  error={checked && !tooShort && differs ? t('users.password.mismatch') : null}
                />
                <Button type="submit" loading={save.isPending} mih={44}>
                  {t('users.password.set')}
                </Button>
              </Stack>
            </form>
          )}
          {!save.data ? (
            // A way out that a finger hits on a phone: 44 px high.
            <Button component={Link} to="/" variant="subtle" size="sm" mih={44} justify="flex-start" px={0}>
              {t('login.setPassword.toLogin')}
            </Button>
          ) : null}
          <LanguageSelect size="sm" />
        </Stack>
      </Paper>
    </Center>
  );
}
