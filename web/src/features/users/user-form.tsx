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
import { Checkbox, Group, NumberInput, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { FormCard } from '../../ui/form-page';

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
  const setText = (key: keyof UserDetails | 'password', value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const serverFields = props.serverError instanceof ApiError ? props.serverError.fields : [];
  const marked = new Set([...invalid, ...serverFields]);
  const errorOf = (field: string) =>
    marked.has(field) ? t(`users.invalid.${field}`, { min: initialPasswordMinLength }) : undefined;

  const submit = () => {
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
    <UserDetailsForm
      details={draft}
      onDetail={setText}
      usernameEditable={props.mode === 'add'}
      errorOf={(field) => (field === 'username' && usernameTaken ? t('errors.203') : errorOf(field))}
      problem={problem}
      onSubmit={submit}
      pending={props.pending}
      submitLabel={props.submitLabel}
      onCancel={props.onCancel}
      cancelLabel={t('common.cancel')}
    >
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
          onChange={(e) => setText('password', e.currentTarget.value)}
          error={errorOf('password')}
        />
      ) : null}
    </UserDetailsForm>
  );
}

/** What every user form asks for: who the person is and how to reach them. */
export type UserDetails = Pick<UserDraft, 'username' | 'first_name' | 'last_name' | 'email' | 'phone'>;

type UserDetailsFormProps = {
  details: UserDetails;
  onDetail(key: keyof UserDetails, value: string): void;
  /** Only a new user's username is typed; afterwards it is shown and never changes. */
  usernameEditable?: boolean;
  /** The message under a field that failed its check. */
  errorOf?(field: keyof UserDetails): string | undefined;
  /** The text of the alert on top: a failed check or the server's answer. */
  problem: string | null;
  onSubmit(): void;
  pending: boolean;
  submitLabel: string;
  /** Without it no cancel button: there is nothing to go back to (a password that must change first). */
  onCancel?(): void;
  cancelLabel: string;
  /** The sections of one form between the details and the buttons: functions, passwords. */
  children?: ReactNode;
};

/**
 * The frame both the user page and the profile (/account) fill in: the alert, username, names,
 * e-mail and phone, the caller's own sections, save and cancel. Each caller keeps its own checks
 * (the server's schemas here, the profile's password rules there, domain.md §2.2 Profile).
 */
export function UserDetailsForm(props: UserDetailsFormProps) {
  const { t } = useTranslation();
  const { details, onDetail, errorOf } = props;
  const input = (key: keyof UserDetails) => ({
    value: details[key],
    onChange: (e: { currentTarget: { value: string } }) => onDetail(key, e.currentTarget.value),
    error: errorOf?.(key),
  });
  return (
    <FormCard
      onSubmit={props.onSubmit}
      problem={props.problem}
      submitLabel={props.submitLabel}
      pending={props.pending}
      cancel={props.onCancel ? { onClick: props.onCancel } : undefined}
      cancelLabel={props.cancelLabel}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {props.usernameEditable ? (
          <TextInput
            label={t('users.fields.username')}
            description={t('users.usernameHint')}
            required
            autoComplete="off"
            {...input('username')}
          />
        ) : (
          <TextInput label={t('users.fields.username')} value={details.username} readOnly disabled />
        )}
        <div />
        <TextInput label={t('users.fields.firstName')} required {...input('first_name')} />
        <TextInput label={t('users.fields.lastName')} required {...input('last_name')} />
        <TextInput label={t('users.fields.email')} type="email" {...input('email')} />
        <TextInput label={t('users.fields.phone')} type="tel" {...input('phone')} />
      </SimpleGrid>
      {props.children}
    </FormCard>
  );
}
