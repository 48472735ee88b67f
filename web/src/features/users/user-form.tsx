import type { FunctionName } from '@letokruh/contracts/permissions';
import { functionNames } from '@letokruh/contracts/permissions';
import {
  initialPasswordMinLength,
  maximumOrderCountLimit,
  type UserAdd,
  type UserEdit,
  type UserItem,
  userAddSchema,
  userEditSchema,
} from '@letokruh/contracts/users';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';

export type UserDraft = {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  functions: FunctionName[];
  maximum_order_count: number | string;
  password: string;
};

export const draftOf = (user?: UserItem): UserDraft => ({
  username: user?.username ?? '',
  first_name: user?.first_name ?? '',
  last_name: user?.last_name ?? '',
  email: user?.email ?? '',
  phone: user?.phone ?? '',
  functions: user?.functions.map((f) => f.name) ?? [],
  maximum_order_count: user?.maximum_order_count ?? '',
  password: '',
});

type Props = {
  initial: UserDraft;
  /** May the person filling the form give the owner function (only an owner may). */
  canGrantOwner: boolean;
  pending: boolean;
  /** The answer of the last save, if it failed: its text on top, its fields marked. */
  serverError: unknown;
  submitLabel: string;
  onCancel(): void;
} & (
  | { mode: 'add'; onSubmit(payload: UserAdd): void }
  | { mode: 'edit'; version: number; onSubmit(payload: UserEdit): void }
);

const technician: FunctionName = 'technical_specialist';

/** The fields of the user page, for adding and editing; checked with the server's own schemas. */
export function UserForm(props: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.initial);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const set = (key: keyof UserDraft) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [key]: value }));
  };

  const serverFields = props.serverError instanceof ApiError ? props.serverError.fields : [];
  const marked = new Set([...invalid, ...serverFields]);
  const errorOf = (field: string) =>
    marked.has(field) ? t(`users.invalid.${field}`, { min: initialPasswordMinLength }) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      first_name: draft.first_name,
      last_name: draft.last_name,
      email: draft.email.trim(),
      phone: draft.phone,
      functions: draft.functions,
      maximum_order_count:
        draft.functions.includes(technician) && draft.maximum_order_count !== ''
          ? Number(draft.maximum_order_count)
          : null,
    };
    const parsed =
      props.mode === 'add'
        ? userAddSchema.safeParse({ ...common, username: draft.username, password: draft.password })
        : userEditSchema.safeParse({ ...common, version: props.version });
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((i) => String(i.path[0] ?? ''))));
      return;
    }
    setInvalid(new Set());
    if (props.mode === 'add') props.onSubmit(parsed.data as UserAdd);
    else props.onSubmit(parsed.data as UserEdit);
  };

  const problem =
    invalid.size > 0 ? t('users.checkFields') : props.serverError ? t(errorKey(props.serverError)) : null;
  const usernameTaken = props.serverError instanceof ApiError && props.serverError.errorCode === 203;

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {props.mode === 'add' ? (
            <TextInput
              label={t('users.fields.username')}
              description={t('users.usernameHint')}
              required
              autoComplete="off"
              value={draft.username}
              onChange={set('username')}
              error={usernameTaken ? t('errors.203') : errorOf('username')}
            />
          ) : (
            <TextInput label={t('users.fields.username')} value={draft.username} readOnly disabled />
          )}
          <div />
          <TextInput
            label={t('users.fields.firstName')}
            required
            value={draft.first_name}
            onChange={set('first_name')}
            error={errorOf('first_name')}
          />
          <TextInput
            label={t('users.fields.lastName')}
            required
            value={draft.last_name}
            onChange={set('last_name')}
            error={errorOf('last_name')}
          />
          <TextInput
            label={t('users.fields.email')}
            type="email"
            value={draft.email}
            onChange={set('email')}
            error={errorOf('email')}
          />
          <TextInput
            label={t('users.fields.phone')}
            type="tel"
            value={draft.phone}
            onChange={set('phone')}
            error={errorOf('phone')}
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('users.fields.functions')}
          required
          value={draft.functions}
          onChange={(value) => setDraft((d) => ({ ...d, functions: value as FunctionName[] }))}
          error={errorOf('functions')}
        >
          <Group mt="xs">
            {functionNames.map((name) => (
              <Checkbox
                key={name}
                value={name}
                label={t(`functions.${name}`)}
                // Another owner may take it away; the server keeps one active owner (409 / 205).
                disabled={name === 'owner' && !props.canGrantOwner}
              />
            ))}
          </Group>
        </Checkbox.Group>
        {draft.functions.includes(technician) ? (
          <NumberInput
            label={t('users.fields.maximumOrderCount')}
            description={t('users.maximumOrderCountHint')}
            maw={320}
            min={0}
            max={maximumOrderCountLimit}
            allowDecimal={false}
            allowNegative={false}
            value={draft.maximum_order_count}
            onChange={(value) => setDraft((d) => ({ ...d, maximum_order_count: value }))}
            error={errorOf('maximum_order_count')}
          />
        ) : null}
        {props.mode === 'add' ? (
          <PasswordInput
            label={t('users.fields.initialPassword')}
            description={t('users.initialPasswordHint', { min: initialPasswordMinLength })}
            required
            maw={320}
            autoComplete="new-password"
            value={draft.password}
            onChange={set('password')}
            error={errorOf('password')}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
          <Button variant="default" onClick={props.onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
