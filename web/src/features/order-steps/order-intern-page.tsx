import { ErrorCode } from '@letokruh/contracts/errors';
import type { Clash } from '@letokruh/contracts/order-steps';
import type { Order, PaymentType } from '@letokruh/contracts/orders';
import { paymentTypes } from '@letokruh/contracts/orders';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import {
  Alert,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, errorKey } from '../../lib/api-client';
import { useCanListSuppliers } from '../../lib/reference-queries';
import { CalendarSettingsFields, useCalendarSettings } from '../../ui/calendar/calendar-settings';
import { ClashDialog } from '../../ui/calendar/clash-dialog';
import { DayInput } from '../../ui/day-input';
import {
  addOrder,
  adtypesQuery,
  type ClashAnswer,
  orderCarsQuery,
  orderDriversQuery,
  ordersKey,
  saveIntern,
  suppliersQuery,
} from './api';
import { CollectionNotice } from './collection-notice';
import { DayCalendar } from './day-calendar';
import {
  type InternDraft,
  type InternField,
  internDraftOf,
  internPayloadOf,
  internProblems,
  personalCollection,
  restoredDelivery,
} from './intern-draft';
import { isStale, StaleAlert, StepShell } from './step-shell';

/** /order/{id}/intern (part 1 §2 step 3). */
export function OrderInternPage() {
  return (
    <StepShell step="intern">
      {(order, reload) => <InternStep key={order.version} order={order} reload={reload} />}
    </StepShell>
  );
}

type After = 'detail' | 'list' | 'next';

/** The hour range of the settings, widened to hold the planned slot with its travel. */
function hoursShowing(
  settings: { start: number; end: number },
  planned: { time: string; duration: number; travel: number } | null,
): { startHour: number; endHour: number } {
  if (!planned) return { startHour: settings.start, endHour: settings.end };
  const [h = 0, m = 0] = planned.time.split(':').map(Number);
  const from = h * 60 + m - planned.travel;
  const to = h * 60 + m + planned.duration + planned.travel;
  return {
    startHour: Math.max(0, Math.min(settings.start, Math.floor(from / 60))),
    endHour: Math.min(24, Math.max(settings.end, Math.ceil(to / 60))),
  };
}
type SaveCall = { after: After; confirm: boolean };

function InternStep({ order, reload }: { order: Order; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Owners, dispatchers and order readers list the suppliers (GET /suppliers); others keep the order's own.
  const listsSuppliers = useCanListSuppliers();
  const [draft, setDraft] = useState<InternDraft>(() => internDraftOf(order));
  const [invalid, setInvalid] = useState<InternField[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [clashes, setClashes] = useState<{ list: Clash[]; after: After } | null>(null);
  const [settings, setSettings] = useCalendarSettings();
  const drivers = useQuery(orderDriversQuery(order.id));
  const cars = useQuery(orderCarsQuery(order.id));
  const suppliers = useQuery({ ...suppliersQuery, enabled: listsSuppliers });
  const adtypes = useQuery(adtypesQuery);

  const save = useMutation({
    mutationFn: async ({ after, confirm }: SaveCall) => {
      const payload = internPayloadOf(draft, order.version, confirm, restoredDelivery(draft, order));
      const { item: saved } = await saveIntern(order.id, payload);
      return { saved, after, next: after === 'next' ? await addOrder() : null };
    },
    onSuccess: ({ saved, after, next }) => {
      setClashes(null);
      queryClient.setQueryData([...ordersKey, 'item', order.id], saved);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      if (after === 'detail') void navigate(`/order/${order.id}`);
      else if (after === 'list') void navigate('/orders');
      else if (next !== null) void navigate(`/order/${next}/customer`);
    },
    onError: (error, { after }) => {
      // Part 1 §5: overlapping deliveries are confirmed, then the same form goes again.
      if (error instanceof ApiError && error.errorCode === ErrorCode.overlapNeedsConfirmation) {
        const answer = error.answer as ClashAnswer;
        setClashes({ list: answer.clashes ?? [], after });
      }
    },
  });

  const set = <K extends keyof InternDraft>(key: K, value: InternDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setInvalid((fields) => fields.filter((f) => f !== key));
  };

  const submit = (after: After) => {
    const found = internProblems(draft);
    if (found) {
      setInvalid(found.fields);
      setProblem(t(`orderSteps.intern.${found.problem}`));
      return;
    }
    setInvalid([]);
    setProblem(null);
    save.mutate({ after, confirm: false });
  };

  const collection = draft.driver === personalCollection;
  const planned = useMemo(
    () =>
      draft.date && /^\d{2}:\d{2}$/.test(draft.time)
        ? {
            date: draft.date,
            time: draft.time,
            duration: draft.duration === '' ? 0 : draft.duration,
            // Personal collection: nobody drives, no travel blocks (issue 14).
            travel: collection ? 0 : order.duration,
            title: `${order.calendar_name} (${t('orderSteps.intern.thisOrder')})`,
          }
        : null,
    [draft.date, draft.time, draft.duration, order.duration, order.calendar_name, collection, t],
  );
  const warehouseIds = useMemo(() => (order.warehouse ? [order.warehouse.id] : []), [order.warehouse]);

  if (!order.customer || !order.warehouse || !order.currency)
    return (
      <Alert color="orange" role="alert">
        {t('orderSteps.intern.earlierSteps')}
      </Alert>
    );

  const stale = isStale(save.error);
  const clashError =
    save.error instanceof ApiError && save.error.errorCode === ErrorCode.overlapNeedsConfirmation;
  const serverFields = save.error instanceof ApiError && save.error.status === 400 ? save.error.fields : [];
  const bad = (field: InternField, serverName?: string) =>
    invalid.includes(field) || (serverName !== undefined && serverFields.includes(serverName));

  const driverOptions = [
    { value: personalCollection, label: t('orderSteps.intern.personalCollection') },
    ...(drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
  ];
  const supplierOptions = (suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  // The order's supplier stays selectable even when no longer in the list.
  if (order.default_supplier && !supplierOptions.some((s) => s.value === String(order.default_supplier?.id)))
    supplierOptions.push({ value: String(order.default_supplier.id), label: order.default_supplier.name });
  const adOptions = [
    { value: personalCollection, label: t('orderSteps.intern.noAdType') },
    ...(adtypes.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
  ];
  if (order.ad_type && !adOptions.some((a) => a.value === String(order.ad_type?.id)))
    adOptions.push({ value: String(order.ad_type.id), label: order.ad_type.name });

  return (
    <Stack>
      {stale ? <StaleAlert onReload={() => void reload().then(() => save.reset())} /> : null}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={4}>{t('orderSteps.intern.heading')}</Title>
              {problem ? (
                <Alert color="red" role="alert">
                  {problem}
                </Alert>
              ) : null}
              {save.error && !stale && !clashError ? (
                <Alert color="red" role="alert">
                  {serverFields.includes('supplier_id')
                    ? t('orderSteps.intern.missingSupplier')
                    : t(errorKey(save.error))}
                </Alert>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('orderSteps.intern.driver')}
                  required
                  data={driverOptions}
                  value={draft.driver}
                  onChange={(v) => {
                    set('driver', v);
                    if (v === personalCollection) set('car', null);
                  }}
                  error={bad('driver', 'driver_id')}
                  allowDeselect={false}
                />
                <Select
                  label={t('orderSteps.intern.car')}
                  data={(cars.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                  value={collection ? null : draft.car}
                  onChange={(v) => set('car', v)}
                  placeholder={t('orderSteps.intern.noCar')}
                  disabled={collection}
                  clearable
                />
              </SimpleGrid>
              <CollectionNotice
                collection={collection}
                order={order}
                restored={restoredDelivery(draft, order)}
              />
              {listsSuppliers ? (
                <Select
                  label={t('orderSteps.intern.supplier')}
                  data={supplierOptions}
                  value={draft.supplier}
                  onChange={(v) => set('supplier', v)}
                  error={bad('supplier', 'supplier_id')}
                  required={draft.payment === 'qr_transfer'}
                  clearable
                />
              ) : (
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {t('orderSteps.intern.supplier')}
                  </Text>
                  <Text size="sm">{order.default_supplier?.name ?? t('orderSteps.intern.noSupplier')}</Text>
                  <Text size="xs" c="dimmed">
                    {t('orderSteps.intern.supplierByDispatcher')}
                  </Text>
                </Stack>
              )}
              <Stack gap={4}>
                <Text size="sm" fw={500} id="payment-label">
                  {t('orderSteps.intern.payment')}
                </Text>
                <SegmentedControl
                  aria-labelledby="payment-label"
                  value={draft.payment ?? ''}
                  onChange={(v) => set('payment', v as PaymentType)}
                  data={paymentTypes.map((p) => ({ value: p, label: t(`orderSteps.intern.payments.${p}`) }))}
                />
              </Stack>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <DayInput
                  label={t('orderSteps.intern.date')}
                  required
                  value={draft.date}
                  onChange={(day) => set('date', day)}
                  error={bad('date', 'expected_delivery_date')}
                  placeholder={t('orderSteps.intern.datePlaceholder')}
                />
                <TimePicker
                  label={t('orderSteps.intern.time')}
                  required
                  format="24h"
                  withDropdown
                  minutesStep={15}
                  hoursInputLabel={t('orderSteps.intern.hours')}
                  minutesInputLabel={t('orderSteps.intern.minutes')}
                  value={draft.time}
                  onChange={(v) => set('time', v.slice(0, 5))}
                  error={bad('time', 'expected_delivery_time')}
                />
                <NumberInput
                  label={t('orderSteps.intern.duration')}
                  required
                  min={0}
                  max={24 * 60}
                  step={15}
                  allowDecimal={false}
                  allowNegative={false}
                  value={draft.duration}
                  onChange={(v) => set('duration', typeof v === 'number' ? v : '')}
                  error={bad('duration', 'expected_delivery_duration')}
                />
              </SimpleGrid>
              <Select
                label={t('orderSteps.intern.adType')}
                data={adOptions}
                value={draft.adType ?? personalCollection}
                onChange={(v) => set('adType', v === personalCollection ? null : v)}
                allowDeselect={false}
              />
              <Textarea
                label={t('orderSteps.intern.note')}
                value={draft.note}
                onChange={(e) => set('note', e.currentTarget.value)}
                rows={2}
                maxLength={2000}
              />
              <Group gap="xs">
                <Button
                  onClick={() => submit('detail')}
                  loading={save.isPending && save.variables?.after === 'detail'}
                  disabled={order.hidden}
                >
                  {t('orderSteps.intern.saveDetail')}
                </Button>
                <Button
                  variant="light"
                  onClick={() => submit('list')}
                  loading={save.isPending && save.variables?.after === 'list'}
                  disabled={order.hidden}
                >
                  {t('orderSteps.intern.saveList')}
                </Button>
                <Button
                  variant="light"
                  onClick={() => submit('next')}
                  loading={save.isPending && save.variables?.after === 'next'}
                  disabled={order.hidden}
                >
                  {t('orderSteps.intern.saveNext')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start">
                <Title order={4}>
                  {t('orderSteps.calendar.heading', { warehouse: order.warehouse.name })}
                </Title>
              </Group>
              <CalendarSettingsFields value={settings} onChange={setSettings} />
              <DayCalendar
                date={draft.date ?? pragueDay()}
                warehouseIds={warehouseIds}
                // The slot being planned is always in sight, even outside the chosen hours.
                {...hoursShowing(settings, planned)}
                showIds={settings.showIds}
                showTravel={settings.showTravel}
                combined={settings.combined}
                excludeOrderId={order.id}
                planned={planned}
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <ClashDialog
        clashes={clashes?.list ?? null}
        day={draft.date}
        pending={save.isPending}
        onCancel={() => {
          setClashes(null);
          save.reset();
        }}
        onConfirm={() => clashes && save.mutate({ after: clashes.after, confirm: true })}
      />
    </Stack>
  );
}
