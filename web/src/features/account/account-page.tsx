import type { Profile } from '@letokruh/contracts/auth';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { useProfile, userQueryKey } from '../../lib/session';
import { useFormat } from '../../ui/format';
import { ViewField } from '../../ui/view-field';
import { avatarUrl, updateProfile, uploadAvatar } from '../auth/api';
import { UserDetailsForm } from '../users';
import { CalendarFeeds } from './calendar-feeds';

type Draft = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  old_password: string;
  new_password: string;
  new_password_repeat: string;
};

const draftOf = (user: Profile): Draft => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  phone: user.phone,
  old_password: '',
  new_password: '',
  new_password_repeat: '',
});

/** domain.md §2.2 Profile: view and edit modes; leaving edit discards the draft. */
export function AccountPage() {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  return (
    <Stack maw={720}>
      <Group justify="space-between">
        <Title order={2}>{t('account.heading')}</Title>
        {!editing ? <Button onClick={() => setEditing(true)}>{t('account.edit')}</Button> : null}
      </Group>
      {user.must_change_password ? <Alert color="orange">{t('account.mustChangePassword')}</Alert> : null}
      <AvatarBlock user={user} />
      {editing || user.must_change_password ? (
        <EditProfile user={user} onDone={() => setEditing(false)} />
      ) : (
        <ViewProfile user={user} />
      )}
      <CalendarFeeds user={user} />
    </Stack>
  );
}

function AvatarBlock({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (next) => {
      queryClient.setQueryData(userQueryKey, next);
      notifications.show({ color: 'green', message: t('account.avatarSaved') });
    },
    onError: (e) => setError(t(errorKey(e))),
  });
  const pick = (file: File | null) => {
    setError(null);
    if (!file) return;
    // Images only (domain.md §2.5); the server checks the bytes again.
    if (!file.type.startsWith('image/')) {
      setError(t('account.avatarNotImage'));
      return;
    }
    upload.mutate(file);
  };
  return (
    <Paper withBorder p="md">
      <Group>
        <Avatar size={72} radius="xl" src={user.avatar ? avatarUrl(user.id) : null} alt={t('account.avatar')}>
          {`${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`}
        </Avatar>
        <Stack gap={4}>
          <Text fw={600} size="lg">
            {user.name}
          </Text>
          <FileButton onChange={pick} accept="image/png,image/jpeg,image/gif,image/webp">
            {(props) => (
              <Button {...props} variant="light" size="xs" loading={upload.isPending}>
                {t('account.uploadAvatar')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Group>
      {error ? (
        <Alert color="red" mt="sm" role="alert">
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}

function ViewProfile({ user }: { user: Profile }) {
  const { t } = useTranslation();
  const format = useFormat();
  const technician = user.functions.some((f) => f.name === 'technical_specialist');
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ViewField label={t('account.username')} value={user.username} />
        <ViewField label={t('account.name')} value={user.name} />
        <ViewField label={t('account.firstName')} value={user.first_name} />
        <ViewField label={t('account.lastName')} value={user.last_name} />
        <ViewField label={t('account.email')} value={user.email} />
        <ViewField label={t('account.phone')} value={format.phone(user.phone)} />
        {technician ? (
          <ViewField label={t('account.maximumOrderCount')} value={format.number(user.maximum_order_count)} />
        ) : null}
        <ViewField label={t('account.functions')}>
          <Group gap={4}>
            {user.functions.map((f) => (
              <Badge key={f.id} variant="light">
                {t(`functions.${f.name}`)}
              </Badge>
            ))}
          </Group>
        </ViewField>
      </SimpleGrid>
    </Paper>
  );
}

function EditProfile({ user, onDone }: { user: Profile; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof Draft) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const save = useMutation({
    mutationFn: () =>
      updateProfile({
        first_name: draft.first_name,
        last_name: draft.last_name,
        email: draft.email,
        phone: draft.phone,
        old_password: draft.old_password,
        ...(draft.new_password ? { new_password: draft.new_password } : {}),
      }),
    onSuccess: (next) => {
      queryClient.setQueryData(userQueryKey, next);
      notifications.show({ color: 'green', message: t('account.saved') });
      onDone();
    },
    onError: (e) => setProblem(t(errorKey(e))),
  });
  const submit = () => {
    setProblem(null);
    if (!draft.first_name.trim() || !draft.last_name.trim()) return setProblem(t('errors.missingFields'));
    if (!draft.old_password) return setProblem(t('errors.102'));
    if (draft.new_password !== draft.new_password_repeat) return setProblem(t('account.passwordMismatch'));
    save.mutate();
  };
  return (
    <UserDetailsForm
      details={{ ...draft, username: user.username }}
      onDetail={(key, value) => setDraft((d) => ({ ...d, [key]: value }))}
      problem={problem}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={t('account.save')}
      // A password that must change first leaves nothing to go back to.
      onCancel={user.must_change_password ? undefined : onDone}
      cancelLabel={t('account.cancel')}
    >
      <Title order={5}>{t('account.passwordSection')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <PasswordInput
          label={t('account.oldPassword')}
          description={t('account.oldPasswordHint')}
          required
          autoComplete="current-password"
          value={draft.old_password}
          onChange={set('old_password')}
        />
        <PasswordInput
          label={t('account.newPassword')}
          autoComplete="new-password"
          value={draft.new_password}
          onChange={set('new_password')}
        />
        <PasswordInput
          label={t('account.newPasswordRepeat')}
          autoComplete="new-password"
          value={draft.new_password_repeat}
          onChange={set('new_password_repeat')}
        />
      </SimpleGrid>
    </UserDetailsForm>
  );
}
