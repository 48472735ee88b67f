import type { Order, PaymentType } from '@letokruh/contracts/orders';
import { paymentTypes } from '@letokruh/contracts/orders';
import {
  Alert,
  Badge,
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
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../lib/api-client';
import { CalendarSettingsFields } from '../../ui/calendar/calendar-settings';
import { ClashDialog } from '../../ui/calendar/clash-dialog';
import type { PickerMark } from '../../ui/calendar/clash-marks';
import { DayInput } from '../../ui/day-input';
import { CollectionNotice } from './collection-notice';
import { DayCalendar } from './day-calendar';
import { personalCollection } from './intern-draft';
import { ShortStockPanel } from './short-stock-panel';
import { StaleAlert, StepShell } from './step-shell';
import { type After, useOrderIntern } from './use-order-intern';

/** /order/{id}/intern (domain.md §1.2 step 3). */
export function OrderInternPage() {
  return (
    <StepShell step="intern">
      {(order, reload) => <InternStep key={order.version} order={order} reload={reload} />}
    </StepShell>
  );
}

/** A driver or a car in its picker, with what makes it a poor pick at the planned time. */
function MarkedOption({ label, mark }: { label: string; mark: PickerMark | undefined }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
      <span>{label}</span>
      {mark ? (
        <Badge size="sm" color={mark === 'vacation' ? 'red.9' : 'orange.9'} variant="light">
          {t(`orderSteps.intern.marks.${mark}`)}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The chosen driver's or car's mark, said under its field. */
function markText(mark: PickerMark | undefined, who: 'driver' | 'car', t: TFunction): string | undefined {
  return mark ? t(`orderSteps.intern.marks.${who}_${mark}`) : undefined;
}

/** The three ways to save (domain.md §1.2 step 3), the first the main one. */
const saveButtons = [
  ['detail', 'orderSteps.intern.saveDetail'],
  ['list', 'orderSteps.intern.saveList'],
  ['next', 'orderSteps.intern.saveNext'],
] as const satisfies readonly (readonly [After, string])[];

function InternStep({ order, reload }: { order: Order; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const intern = useOrderIntern(order);
  const { draft, set, save, stale, bad, collection } = intern;

  if (!order.customer || !order.warehouse || !order.currency)
    return (
      <Alert color="orange" role="alert">
        {t('orderSteps.intern.earlierSteps')}
      </Alert>
    );

  return (
    <Stack>
      {stale ? <StaleAlert onReload={() => void reload().then(() => save.reset())} /> : null}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={4}>{t('orderSteps.intern.heading')}</Title>
              {intern.problem ? (
                <Alert color="red" role="alert">
                  {intern.problem}
                </Alert>
              ) : null}
              {save.error && !stale && !intern.clashError ? (
                <Alert color="red" role="alert">
                  {intern.serverFields.includes('supplier_id')
                    ? t('orderSteps.intern.missingSupplier')
                    : t(errorKey(save.error))}
                </Alert>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('orderSteps.intern.driver')}
                  required
                  data={intern.driverOptions}
                  renderOption={({ option }) => (
                    <MarkedOption
                      label={option.label}
                      mark={intern.marks.drivers.get(Number(option.value))}
                    />
                  )}
                  description={markText(intern.marks.drivers.get(Number(draft.driver)), 'driver', t)}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
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
                  data={intern.carOptions}
                  renderOption={({ option }) => (
                    <MarkedOption label={option.label} mark={intern.marks.cars.get(Number(option.value))} />
                  )}
                  description={
                    collection ? undefined : markText(intern.marks.cars.get(Number(draft.car)), 'car', t)
                  }
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  value={collection ? null : draft.car}
                  onChange={(v) => set('car', v)}
                  placeholder={t('orderSteps.intern.noCar')}
                  disabled={collection}
                  clearable
                />
              </SimpleGrid>
              {intern.marks.closure ? (
                <Alert color="orange" data-testid="closure-note">
                  {t('orderSteps.intern.marks.closed', {
                    warehouse: intern.marks.closure.warehouse.name,
                  })}
                </Alert>
              ) : null}
              <CollectionNotice collection={collection} order={order} restored={intern.restored} />
              {intern.listsSuppliers ? (
                <Select
                  label={t('orderSteps.intern.supplier')}
                  data={intern.supplierOptions}
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
                data={intern.adOptions}
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
              {intern.shortQuestion ? (
                <ShortStockPanel {...intern.shortQuestion} warehouse={order.warehouse?.name ?? ''} />
              ) : null}
              <Group gap="xs">
                {saveButtons.map(([after, label]) => (
                  <Button
                    key={after}
                    variant={after === 'detail' ? 'filled' : 'light'}
                    onClick={() => intern.submit(after)}
                    loading={save.isPending && save.variables?.after === after}
                    disabled={order.hidden}
                  >
                    {t(label)}
                  </Button>
                ))}
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
              <CalendarSettingsFields value={intern.settings} onChange={intern.setSettings} />
              <DayCalendar
                {...intern.calendar}
                showIds={intern.settings.showIds}
                showTravel={intern.settings.showTravel}
                combined={intern.settings.combined}
                excludeOrderId={order.id}
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <ClashDialog {...intern.clashQuestion} />
    </Stack>
  );
}
