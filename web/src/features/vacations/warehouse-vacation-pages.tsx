import {
  type WarehouseVacation,
  type WarehouseVacationInput,
  warehouseVacationInputSchema,
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
import {
  addWarehouseVacation,
  editWarehouseVacation,
  ownWarehousesQuery,
  vacationsKey,
  warehouseVacationQuery,
} from './api';
import { checkDraft, type FormProblem, serverProblem } from './form-check';
import { emptyPeriod, type PeriodDraft, type PeriodField, PeriodFields } from './period-fields';

type Draft = PeriodDraft & { warehouse: string | null };
const listPath = '/warehouse-vacations';

const draftOf = (v: WarehouseVacation): Draft => ({
  warehouse: String(v.warehouse.id),
  vacation_from: v.vacation_from,
  vacation_to: v.vacation_to,
  from_time: v.from_time ?? '',
  to_time: v.to_time ?? '',
});

type FormProps = {
  initial: Draft;
  version?: number;
  /** The warehouse of an edited closure, offered even when it is no longer in use. */
  current?: WarehouseVacation['warehouse'];
  pending: boolean;
  serverError: unknown;
  submitLabel: string;
  onSubmit: (body: WarehouseVacationInput) => void;
};

function WarehouseVacationForm({
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
  const warehouses = useQuery(ownWarehousesQuery);
  const options = (warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }));
  if (current && !options.some((o) => o.value === String(current.id))) {
    options.push({ value: String(current.id), label: current.name });
  }
  useEffect(() => {
    if (serverError) setProblem(serverProblem(serverError, t));
  }, [serverError, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkDraft(draft, ['warehouse', 'vacation_from', 'vacation_to'], t);
    setProblem(found);
    if (found) return;
    const parsed = warehouseVacationInputSchema.safeParse({
      warehouse: Number(draft.warehouse),
      vacation_from: draft.vacation_from,
      vacation_to: draft.vacation_to,
      from_time: draft.from_time || null,
      to_time: draft.to_time || null,
      ...(version ? { version } : {}),
    });
    if (!parsed.success) {
      return setProblem({ fields: parsed.error.issues.map((i) => String(i.path[0])), text: t('errors.120') });
    }
    onSubmit(parsed.data);
  };
  const invalid = problem?.fields ?? [];

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        {problem ? (
          <Alert color="red" role="alert">
            {problem.text}
          </Alert>
        ) : null}
        <Select
          label={t('vacations.fields.warehouse')}
          required
          data={options}
          value={draft.warehouse}
          onChange={(v) => setDraft((d) => ({ ...d, warehouse: v }))}
          error={invalid.includes('warehouse')}
          allowDeselect={false}
        />
        <PeriodFields
          value={draft}
          onChange={(period) => setDraft((d) => ({ ...d, ...period }))}
          withTimes
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
        {t('vacations.backToWarehouses')}
      </Anchor>
      <Title order={2}>{heading}</Title>
      {children}
    </Stack>
  );
}

/** /warehouse-vacation/add: a warehouse, the first and last day, optionally the hours. */
export function WarehouseVacationAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canCall, user } = useAccess();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: addWarehouseVacation,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vacationsKey });
      notifications.show({ color: 'green', message: t('vacations.added') });
      void navigate(listPath);
    },
  });
  if (!user) return null;
  if (!canCall('POST /warehouse_vacation/add')) return <Alert color="red">{t('common.accessDenied')}</Alert>;
  return (
    <Page heading={t('vacations.addWarehouseHeading')}>
      <WarehouseVacationForm
        initial={{ ...emptyPeriod, warehouse: null }}
        pending={add.isPending}
        serverError={add.error}
        submitLabel={t('vacations.create')}
        onSubmit={(body) => add.mutate(body)}
      />
    </Page>
  );
}

/** /warehouse-vacation/{id}/edit: saved with its version; a 404 goes back to the list. */
export function WarehouseVacationEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canCall, user } = useAccess();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const allowed = canCall('PUT /warehouse_vacation/:id/edit');
  const vacation = useQuery({ ...warehouseVacationQuery(id), enabled: validId && allowed });
  const missing =
    !validId ||
    (vacation.error instanceof ApiError && vacation.error.status === 404) ||
    vacation.data?.active === false;
  const save = useMutation({
    mutationFn: (body: WarehouseVacationInput) => editWarehouseVacation(id, body),
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
    <Page heading={t('vacations.editWarehouseHeading')}>
      {stale ? <StaleAlert onReload={() => void vacation.refetch().then(() => save.reset())} /> : null}
      <WarehouseVacationForm
        key={item.version}
        initial={draftOf(item)}
        version={item.version}
        current={item.warehouse}
        pending={save.isPending}
        serverError={stale ? null : save.error}
        submitLabel={t('vacations.save')}
        onSubmit={(body) => save.mutate(body)}
      />
    </Page>
  );
}
