import {
  type UserVacation,
  type UserVacationInput,
  userVacationInputSchema,
} from '@letokruh/contracts/vacations';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { useAccess } from '../../lib/session';
import { StaleAlert } from '../../ui/stale-alert';
import { addUserVacation, driversQuery, editUserVacation, userVacationQuery, vacationsKey } from './api';
import { checkDraft, type FormProblem, serverProblem } from './form-check';
import { emptyPeriod, type PeriodDraft, type PeriodField, PeriodFields } from './period-fields';

type Draft = PeriodDraft & { driver: string | null };
const listPath = '/user-vacations';

const draftOf = (v: UserVacation): Draft => ({
  ...emptyPeriod,
  driver: String(v.user.id),
  vacation_from: v.vacation_from,
  vacation_to: v.vacation_to,
});

type FormProps = {
  initial: Draft;
  version?: number;
  /** The driver of an edited vacation, offered even when no longer an active driver. */
  current?: UserVacation['user'];
  pending: boolean;
  serverError: unknown;
  submitLabel: string;
  onSubmit: (body: UserVacationInput) => void;
};

function UserVacationForm({
  initial,
  version,
  current,
  pending,
  serverError,
  submitLabel,
  onSubmit,
}: FormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(initial);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const drivers = useQuery(driversQuery);
  const options = (drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.name }));
  if (current && !options.some((o) => o.value === String(current.id))) {
    options.push({ value: String(current.id), label: current.name });
  }
  useEffect(() => {
    if (serverError) setProblem(serverProblem(serverError, t));
  }, [serverError, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkDraft(draft, ['driver', 'vacation_from', 'vacation_to'], t);
    setProblem(found);
    if (found) return;
    // part 2 §7: the add call names the user `driver`, the edit call `user`.
    const who = version ? { user: Number(draft.driver), version } : { driver: Number(draft.driver) };
    const parsed = userVacationInputSchema.safeParse({
      ...who,
      vacation_from: draft.vacation_from,
      vacation_to: draft.vacation_to,
    });
    if (!parsed.success) {
      return setProblem({ fields: parsed.error.issues.map((i) => String(i.path[0])), text: t('errors.120') });
    }
    onSubmit(parsed.data);
  };
  const invalid = (problem?.fields ?? []).map((f) => (f === 'user' ? 'driver' : f));

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        {problem ? (
          <Alert color="red" role="alert">
            {problem.text}
          </Alert>
        ) : null}
        <Select
          label={t('vacations.fields.driver')}
          required
          searchable
          data={options}
          value={draft.driver}
          onChange={(v) => setDraft((d) => ({ ...d, driver: v }))}
          error={invalid.includes('driver')}
          allowDeselect={false}
        />
        <PeriodFields
          value={draft}
          onChange={(period) => setDraft((d) => ({ ...d, ...period }))}
          invalid={invalid as PeriodField[]}
        />
        <Group>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          <Button component={Link} to={listPath} variant="default">
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Page({ heading, children }: { heading: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack maw={720}>
      <Anchor component={Link} to={listPath} size="sm">
        {t('vacations.backToUsers')}
      </Anchor>
      <Title order={2}>{heading}</Title>
      {children}
    </Stack>
  );
}

/** /user-vacation/add: a driver and the first and last day of the vacation. */
export function UserVacationAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canCall, user } = useAccess();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: addUserVacation,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vacationsKey });
      notifications.show({ color: 'green', message: t('vacations.added') });
      void navigate(listPath);
    },
  });
  if (!user) return null;
  if (!canCall('POST /user_vacation/add')) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <Page heading={t('vacations.addUserHeading')}>
      <UserVacationForm
        initial={{ ...emptyPeriod, driver: null }}
        pending={add.isPending}
        serverError={add.error}
        submitLabel={t('vacations.create')}
        onSubmit={(body) => add.mutate(body)}
      />
    </Page>
  );
}

/** /user-vacation/{id}/edit: saved with its version; a 404 goes back to the list. */
export function UserVacationEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canCall, user } = useAccess();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const allowed = canCall('PUT /user_vacation/:id/edit');
  const vacation = useQuery({ ...userVacationQuery(id), enabled: validId && allowed });
  const missing =
    !validId ||
    (vacation.error instanceof ApiError && vacation.error.status === 404) ||
    vacation.data?.active === false;
  const save = useMutation({
    mutationFn: (body: UserVacationInput) => editUserVacation(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vacationsKey });
      notifications.show({ color: 'green', message: t('vacations.saved') });
      void navigate(listPath);
    },
  });
  useEffect(() => {
    if (!missing || !allowed) return;
    notifications.show({ id: 'vacation-not-found', color: 'red', message: t('vacations.notFound') });
    void navigate(listPath, { replace: true });
  }, [missing, allowed, navigate, t]);

  if (!user) return null;
  if (!allowed) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  if (missing) return null;
  if (vacation.error) return <Alert color="red">{t(errorKey(vacation.error))}</Alert>;
  if (!vacation.data) return null;
  const item = vacation.data;
  const stale = save.error instanceof ApiError && save.error.status === 409;
  return (
    <Page heading={t('vacations.editUserHeading')}>
      {stale ? <StaleAlert onReload={() => void vacation.refetch().then(() => save.reset())} /> : null}
      <UserVacationForm
        key={item.version}
        initial={draftOf(item)}
        version={item.version}
        current={item.user}
        pending={save.isPending}
        serverError={stale ? null : save.error}
        submitLabel={t('vacations.save')}
        onSubmit={(body) => save.mutate(body)}
      />
    </Page>
  );
}
