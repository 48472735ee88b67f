import { ErrorCode } from '@letokruh/contracts/errors';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { useHydrated } from '../../lib/hydrated';
import { configQuery, profileQuery, userQueryKey } from '../../lib/session';
import { LanguageSelect } from '../../ui/language-select';
import { login } from './api';

export const afterLoginRoute = '/dashboard';

/**
 * Where a sign-in without a wanted path lands: a driver (without an office function) on "Můj den"
 * (domain.md §2.11), everyone else on the calendar.
 */
export function homeOf(user: { functions: { name: string }[] } | null | undefined): string {
  const names = user?.functions.map((f) => f.name) ?? [];
  return names.includes('driver') && !names.includes('owner') && !names.includes('dispatcher')
    ? '/driver'
    : afterLoginRoute;
}
const sessionChecks = { times: 20, everyMs: 100 };

/**
 * Only in-app paths are followed after login; anything else goes to the dashboard. The path is
 * resolved as a browser would, since `/\host` and `/<tab>/host` lead to another host too.
 */
export function safeTarget(path: string | null): string {
  if (!path?.startsWith('/') || path === '/') return afterLoginRoute;
  const origin = 'http://app.invalid';
  try {
    return new URL(path, origin).origin === origin ? path : afterLoginRoute;
  } catch {
    return afterLoginRoute;
  }
}

/** domain.md §1.2 and §1.5: the login screen. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const wanted = params.get('path');
  const targetFor = useCallback(
    (user: Parameters<typeof homeOf>[0]) => (wanted ? safeTarget(wanted) : homeOf(user)),
    [wanted],
  );
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { data: config } = useQuery(configQuery);
  const running = useHydrated();

  const mutation = useMutation({
    mutationFn: (typed: { username: string; password: string }) => login(typed.username, typed.password),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      void navigate(targetFor(user), { replace: true });
    },
  });
  const { mutate } = mutation;

  // Decision 0095: the form is on screen before its script runs. What was typed meanwhile is kept,
  // and an Enter pressed meanwhile (index.html's first-screen script noted it) sends it now. In the
  // commit itself, so that no key lands between the markup taken over and the button made live.
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    const typed = { username: usernameRef.current?.value ?? '', password: passwordRef.current?.value ?? '' };
    if (typed.username) setUsername(typed.username);
    if (typed.password) setPassword(typed.password);
    if (root?.dataset.sendWanted && typed.username && typed.password) mutate(typed);
    if (root) {
      delete root.dataset.sendWanted;
      delete root.dataset.drawn;
    }
  }, [mutate]);

  // An existing session is looked for 20 times at 100 ms (domain.md §1.2) before the form is trusted.
  // The session's own answer counts too, however late it comes: on a slow phone the call can take
  // longer than those 2 s, and a signed-in user must not be left on the form.
  useEffect(() => {
    let checks = 0;
    let open = true;
    const leave = (user: Parameters<typeof homeOf>[0]) => {
      if (!open || !user) return;
      open = false;
      window.clearInterval(timer);
      void navigate(targetFor(user), { replace: true });
    };
    const timer = window.setInterval(() => {
      checks += 1;
      leave(queryClient.getQueryData<Parameters<typeof homeOf>[0]>(userQueryKey));
      if (checks >= sessionChecks.times) window.clearInterval(timer);
    }, sessionChecks.everyMs);
    queryClient.fetchQuery({ ...profileQuery, staleTime: 0 }).then(leave, () => {});
    return () => {
      open = false;
      window.clearInterval(timer);
    };
  }, [queryClient, navigate, targetFor]);

  const invalid =
    mutation.error instanceof ApiError && mutation.error.errorCode === ErrorCode.invalidCredentials;
  const invalidText = invalid ? t('login.invalid') : '';

  // domain.md §1.5: error 100 is also the custom validity message of both fields.
  useEffect(() => {
    usernameRef.current?.setCustomValidity(invalidText);
    passwordRef.current?.setCustomValidity(invalidText);
  }, [invalidText]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ username, password });
  };
  const clearError = () => {
    if (mutation.isError) mutation.reset();
  };

  return (
    <Center mih="90vh">
      <Paper withBorder shadow="sm" p="xl" w={380} radius="md">
        {/* POST: the form is drawn before its script runs (decision 0095); never a password in a URL. */}
        <form onSubmit={submit} method="post" noValidate>
          <Stack>
            <Title order={2}>{t('app.name')}</Title>
            <Title order={4} c="dimmed" fw={500}>
              {t('login.heading')}
            </Title>
            {mutation.isError ? (
              <Alert color="red" role="alert" data-testid="login-error">
                {invalid ? t('login.invalid') : t(errorKey(mutation.error))}
              </Alert>
            ) : null}
            <TextInput
              ref={usernameRef}
              label={t('login.username')}
              name="username"
              autoComplete="username"
              required
              autoFocus
              value={username}
              error={invalid}
              aria-invalid={invalid}
              onChange={(e) => {
                setUsername(e.currentTarget.value);
                clearError();
              }}
            />
            <PasswordInput
              ref={passwordRef}
              label={t('login.password')}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              error={invalid}
              aria-invalid={invalid}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                clearError();
              }}
            />
            <Button type="submit" loading={mutation.isPending} disabled={!username || !password}>
              {t('login.submit')}
            </Button>
            <LanguageSelect size="sm" />
            {/* Not in the markup drawn at build time, which React takes over unchanged. */}
            {running && config?.old_system_url ? (
              // A finger's 44 px, as every target on a phone (decision 0082).
              <Anchor
                href={config.old_system_url}
                size="sm"
                mih={44}
                display="flex"
                style={{ alignItems: 'center' }}
              >
                {t('login.oldSystem')}
              </Anchor>
            ) : null}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
