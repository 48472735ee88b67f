import type { RouteKey } from '@letokruh/contracts/access';
import {
  type UserVacation,
  type UserVacationInput,
  userVacationInputSchema,
  type WarehouseVacation,
  type WarehouseVacationInput,
  warehouseVacationInputSchema,
} from '@letokruh/contracts/vacations';
import { Alert, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { vacationsEndpoints as e } from '../../lib/routes';
import { useAccess } from '../../lib/session';
import { FormCard, FormPage } from '../../ui/form-page';
import { StaleAlert } from '../../ui/stale-alert';
import {
  addUserVacation,
  addWarehouseVacation,
  driversQuery,
  editUserVacation,
  editWarehouseVacation,
  ownWarehousesQuery,
  userVacationQuery,
  vacationsKey,
  warehouseVacationQuery,
} from './api';
import { checkDraft, type FormProblem, serverProblem } from './form-check';
import { emptyPeriod, type PeriodDraft, type PeriodField, PeriodFields } from './period-fields';

/** The form as typed: whose vacation (an id, as the select holds it) and its period. */
type Draft = PeriodDraft & { owner: string | null };
type Owner = { id: number; name: string };
/** What the pages read of a vacation besides the subject's own fields. */
type Stored = { id: number; version: number; active: boolean };

/** What sets a subject's add and edit pages apart; the pages below are the same for both. */
type FormSubject<V extends Stored, I> = {
  /** The list the pages come back to. */
  listPath: string;
  /** The field that names whose vacation it is, as the server names it in a refusal. */
  owner: string;
  /** Whose vacations the select offers. */
  useOwners: () => Owner[] | undefined;
  searchable: boolean;
  /** Warehouse closures may start and end within a day; drivers' vacations are whole days. */
  withTimes: boolean;
  ownerOf: (v: V) => Owner;
  draftOf: (v: V) => Draft;
  /** What is sent: the draft, and the version of an edit. */
  body: (draft: Draft, version?: number) => unknown;
  /** The input's schema in contracts, which the form checks before sending. */
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: I } | { success: false; error: { issues: { path: PropertyKey[] }[] } };
  };
  useVacation: (id: number, enabled: boolean) => UseQueryResult<V>;
  add: (body: I) => Promise<V>;
  edit: (id: number, body: I) => Promise<V>;
  calls: { add: RouteKey; edit: RouteKey };
  text: { owner: string; back: string; addHeading: string; editHeading: string };
};

type FormProps<V extends Stored, I> = {
  subject: FormSubject<V, I>;
  initial: Draft;
  version?: number;
  /** The owner of an edited vacation, offered even when no longer in use or active. */
  current?: Owner;
  pending: boolean;
  serverError: unknown;
  submitLabel: string;
  onSubmit: (body: I) => void;
};

function VacationForm<V extends Stored, I>({
  subject: s,
  initial,
  version,
  current,
  pending,
  serverError,
  submitLabel,
  onSubmit,
}: FormProps<V, I>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(initial);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const options = (s.useOwners() ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  if (current && !options.some((o) => o.value === String(current.id))) {
    options.push({ value: String(current.id), label: current.name });
  }
  useEffect(() => {
    if (serverError) setProblem(serverProblem(serverError, t));
  }, [serverError, t]);

  const submit = () => {
    const found = checkDraft(draft, ['owner', 'vacation_from', 'vacation_to'], t);
    setProblem(found);
    if (found) return;
    const parsed = s.schema.safeParse(s.body(draft, version));
    if (!parsed.success) {
      return setProblem({ fields: parsed.error.issues.map((i) => String(i.path[0])), text: t('errors.120') });
    }
    onSubmit(parsed.data);
  };
  // The edit of a driver's vacation names the driver `user` (domain.md §2.7).
  const invalid = (problem?.fields ?? []).map((f) => (f === s.owner || f === 'user' ? 'owner' : f));

  return (
    <FormCard
      onSubmit={submit}
      problem={problem?.text}
      submitLabel={submitLabel}
      pending={pending}
      cancel={{ to: s.listPath }}
    >
      <Select
        label={t(s.text.owner)}
        required
        searchable={s.searchable}
        data={options}
        value={draft.owner}
        onChange={(v) => setDraft((d) => ({ ...d, owner: v }))}
        error={invalid.includes('owner')}
        allowDeselect={false}
      />
      <PeriodFields
        value={draft}
        onChange={(period) => setDraft((d) => ({ ...d, ...period }))}
        withTimes={s.withTimes}
        invalid={invalid as PeriodField[]}
      />
    </FormCard>
  );
}

function VacationAddPage<V extends Stored, I>({ subject: s }: { subject: FormSubject<V, I> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canCall, user } = useAccess();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: s.add,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vacationsKey });
      notifications.show({ color: 'green', message: t('vacations.added') });
      void navigate(s.listPath);
    },
  });
  if (!user) return null;
  if (!canCall(s.calls.add)) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <FormPage back={{ to: s.listPath, label: t(s.text.back) }} title={t(s.text.addHeading)} maw={720}>
      <VacationForm
        subject={s}
        initial={{ ...emptyPeriod, owner: null }}
        pending={add.isPending}
        serverError={add.error}
        submitLabel={t('vacations.create')}
        onSubmit={(body) => add.mutate(body)}
      />
    </FormPage>
  );
}

/** Saved with its version; a 404 (or a deactivated vacation) goes back to the list. */
function VacationEditPage<V extends Stored, I>({ subject: s }: { subject: FormSubject<V, I> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canCall, user } = useAccess();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const allowed = canCall(s.calls.edit);
  const vacation = s.useVacation(id, validId && allowed);
  const missing =
    !validId ||
    (vacation.error instanceof ApiError && vacation.error.status === 404) ||
    vacation.data?.active === false;
  const save = useMutation({
    mutationFn: (body: I) => s.edit(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vacationsKey });
      notifications.show({ color: 'green', message: t('vacations.saved') });
      void navigate(s.listPath);
    },
  });
  useEffect(() => {
    if (!missing || !allowed) return;
    notifications.show({ id: 'vacation-not-found', color: 'red', message: t('vacations.notFound') });
    void navigate(s.listPath, { replace: true });
  }, [missing, allowed, navigate, t, s.listPath]);

  if (!user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  if (missing) return null;
  if (vacation.error) return <Alert color="red">{t(errorKey(vacation.error))}</Alert>;
  if (!vacation.data) return null;
  const item = vacation.data;
  const stale = save.error instanceof ApiError && save.error.status === 409;
  return (
    <FormPage back={{ to: s.listPath, label: t(s.text.back) }} title={t(s.text.editHeading)} maw={720}>
      {stale ? <StaleAlert onReload={() => void vacation.refetch().then(() => save.reset())} /> : null}
      <VacationForm
        key={item.version}
        subject={s}
        initial={s.draftOf(item)}
        version={item.version}
        current={s.ownerOf(item)}
        pending={save.isPending}
        serverError={stale ? null : save.error}
        submitLabel={t('vacations.save')}
        onSubmit={(body) => save.mutate(body)}
      />
    </FormPage>
  );
}

const warehouses: FormSubject<WarehouseVacation, WarehouseVacationInput> = {
  listPath: '/warehouse-vacations',
  owner: 'warehouse',
  useOwners: () => useQuery(ownWarehousesQuery).data,
  searchable: false,
  withTimes: true,
  ownerOf: (v) => v.warehouse,
  draftOf: (v) => ({
    owner: String(v.warehouse.id),
    vacation_from: v.vacation_from,
    vacation_to: v.vacation_to,
    from_time: v.from_time ?? '',
    to_time: v.to_time ?? '',
  }),
  body: (draft, version) => ({
    warehouse: Number(draft.owner),
    vacation_from: draft.vacation_from,
    vacation_to: draft.vacation_to,
    from_time: draft.from_time || null,
    to_time: draft.to_time || null,
    ...(version ? { version } : {}),
  }),
  schema: warehouseVacationInputSchema,
  useVacation: (id, enabled) => useQuery({ ...warehouseVacationQuery(id), enabled }),
  add: addWarehouseVacation,
  edit: editWarehouseVacation,
  calls: { add: e.warehouseAdd.key, edit: e.warehouseEdit.key },
  text: {
    owner: 'vacations.fields.warehouse',
    back: 'vacations.backToWarehouses',
    addHeading: 'vacations.addWarehouseHeading',
    editHeading: 'vacations.editWarehouseHeading',
  },
};

const drivers: FormSubject<UserVacation, UserVacationInput> = {
  listPath: '/user-vacations',
  owner: 'driver',
  useOwners: () => useQuery(driversQuery).data,
  searchable: true,
  withTimes: false,
  ownerOf: (v) => v.user,
  draftOf: (v) => ({
    ...emptyPeriod,
    owner: String(v.user.id),
    vacation_from: v.vacation_from,
    vacation_to: v.vacation_to,
  }),
  // domain.md §2.7: the add call names the user `driver`, the edit call `user`.
  body: (draft, version) => ({
    ...(version ? { user: Number(draft.owner), version } : { driver: Number(draft.owner) }),
    vacation_from: draft.vacation_from,
    vacation_to: draft.vacation_to,
  }),
  schema: userVacationInputSchema,
  useVacation: (id, enabled) => useQuery({ ...userVacationQuery(id), enabled }),
  add: addUserVacation,
  edit: editUserVacation,
  calls: { add: e.userAdd.key, edit: e.userEdit.key },
  text: {
    owner: 'vacations.fields.driver',
    back: 'vacations.backToUsers',
    addHeading: 'vacations.addUserHeading',
    editHeading: 'vacations.editUserHeading',
  },
};

/** /warehouse-vacation/add: a warehouse, the first and last day, optionally the hours. */
export function WarehouseVacationAddPage() {
  return <VacationAddPage subject={warehouses} />;
}

/** /warehouse-vacation/{id}/edit: saved with its version; a 404 goes back to the list. */
export function WarehouseVacationEditPage() {
  return <VacationEditPage subject={warehouses} />;
}

/** /user-vacation/add: a driver and the first and last day of the vacation. */
export function UserVacationAddPage() {
  return <VacationAddPage subject={drivers} />;
}

/** /user-vacation/{id}/edit: saved with its version; a 404 goes back to the list. */
export function UserVacationEditPage() {
  return <VacationEditPage subject={drivers} />;
}
