import {
  type TransportationPayload,
  transportChoices,
  transportTypes,
} from '@letokruh/contracts/transportations';
import {
  ActionIcon,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { DayInput } from '../../ui/day-input';
import { FormCard } from '../../ui/form-page';
import { useDecimalProps } from '../../ui/number-props';
import { driversQuery, transportationDataQuery } from './api';
import {
  type Draft,
  type DraftField,
  emptyCmr,
  emptyPlace,
  insertAfter,
  missingFields,
  OTHER,
  payloadOf,
} from './draft';

type Props = {
  initial: Draft;
  /** The record's version on edit; the payload carries it back. */
  version?: number;
  /** A driver of an edited haul, offered even when no longer an active driver. */
  currentDriver?: { id: number; name: string } | null;
  pending: boolean;
  serverError: unknown;
  submitLabel: string;
  onSubmit: (payload: TransportationPayload) => void;
};

type Problem = { text: string; fields: string[] };

/**
 * The add and edit form of domain.md §2.2, in domain.md's order. Subscriber, date and plate are
 * required (§2.5): without them the red missing-fields alert shows and nothing is sent.
 */
export function TransportationForm({
  initial,
  version,
  currentDriver,
  pending,
  serverError,
  submitLabel,
  onSubmit,
}: Props) {
  const { t } = useTranslation();
  const decimal = useDecimalProps();
  const [draft, setDraft] = useState<Draft>(initial);
  const [problem, setProblem] = useState<Problem | null>(null);
  const data = useQuery(transportationDataQuery);
  const drivers = useQuery(driversQuery);
  useEffect(() => {
    if (!serverError) return;
    setProblem({
      text: t(errorKey(serverError)),
      fields: serverError instanceof ApiError ? serverError.fields : [],
    });
  }, [serverError, t]);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [field]: value }));
  const invalid = (field: DraftField) =>
    problem?.fields.some((f) => f === field || f.startsWith(`${field}.`));
  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((e) => ({ value: String(e.id), label: e.name }));
  const driverOptions = (drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.name }));
  if (currentDriver && !driverOptions.some((o) => o.value === String(currentDriver.id))) {
    driverOptions.push({ value: String(currentDriver.id), label: currentDriver.name });
  }

  const submit = () => {
    const missing = missingFields(draft);
    if (missing.length) return setProblem({ text: t('errors.missingFields'), fields: missing });
    setProblem(null);
    onSubmit(payloadOf(draft, version));
  };

  const bezrukace = draft.transportType === 'bezrukaceTransport';
  return (
    <FormCard
      onSubmit={submit}
      problem={problem?.text}
      submitLabel={submitLabel}
      pending={pending}
      cancel={{ to: '/transportations' }}
    >
      <Radio.Group
        label={t('transportations.fields.transportType')}
        value={draft.transportType}
        onChange={(v) => set('transportType', v as Draft['transportType'])}
      >
        <Group mt={6}>
          {transportTypes.map((type) => (
            <Radio key={type} value={type} label={t(`transportations.types.${type}`)} />
          ))}
        </Group>
      </Radio.Group>
      {bezrukace ? (
        <Fieldset legend={t('transportations.fields.choice')} variant="filled">
          <Radio.Group
            aria-label={t('transportations.fields.choice')}
            value={draft.choice}
            onChange={(v) => set('choice', v as Draft['choice'])}
            error={invalid('transportType.choice') ? t('transportations.pickLoader') : undefined}
          >
            <Group>
              {transportChoices.map((choice) => (
                <Radio key={choice} value={choice} label={t(`transportations.choices.${choice}`)} />
              ))}
            </Group>
          </Radio.Group>
          {draft.choice === 'other' ? (
            <TextInput
              mt="sm"
              maw={360}
              label={t('transportations.fields.differentChoice')}
              required
              value={draft.differentChoice}
              onChange={(e) => set('differentChoice', e.currentTarget.value)}
              error={invalid('transportType.differentChoice')}
            />
          ) : null}
        </Fieldset>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DayInput
          label={t('transportations.fields.date')}
          required
          value={draft.date}
          onChange={(day) => set('date', day)}
          error={invalid('date')}
          placeholder={t('transportations.dayPlaceholder')}
          clearable
        />
        <Select
          label={t('transportations.fields.driver')}
          searchable
          clearable
          data={driverOptions}
          value={draft.driver}
          onChange={(v) => set('driver', v)}
          error={invalid('driver')}
        />
        <Select
          label={t('transportations.fields.recipient')}
          searchable
          clearable
          data={options(data.data?.recipients)}
          value={draft.recipient}
          onChange={(v) => set('recipient', v)}
          error={invalid('recipient')}
        />
      </SimpleGrid>

      <CmrRows draft={draft} setDraft={setDraft} decimal={decimal} />

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('transportations.fields.subscriber')}
          required
          searchable
          data={[
            ...options(data.data?.subscribers),
            { value: OTHER, label: t('transportations.otherSubscriber') },
          ]}
          value={draft.subscriber}
          onChange={(v) => set('subscriber', v)}
          error={invalid('subscriber') && draft.subscriber !== OTHER}
        />
        {draft.subscriber === OTHER ? (
          <TextInput
            label={t('transportations.fields.subscriberText')}
            required
            value={draft.subscriberText}
            onChange={(e) => set('subscriberText', e.currentTarget.value)}
            error={invalid('subscriber')}
          />
        ) : null}
      </SimpleGrid>
      <Select
        label={t('transportations.fields.sortiment')}
        searchable
        clearable
        maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
        data={options(data.data?.wood_types)}
        value={draft.sortiment}
        onChange={(v) => set('sortiment', v)}
        error={invalid('sortiment')}
      />

      <PlaceRows draft={draft} setDraft={setDraft} />

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('transportations.fields.spz')}
          required
          searchable
          data={[
            ...options(data.data?.licence_plates),
            { value: OTHER, label: t('transportations.otherPlate') },
          ]}
          value={draft.spz}
          onChange={(v) => set('spz', v)}
          error={invalid('spz') && draft.spz !== OTHER}
        />
        {draft.spz === OTHER ? (
          <TextInput
            label={t('transportations.fields.spzText')}
            required
            value={draft.spzText}
            onChange={(e) => set('spzText', e.currentTarget.value)}
            error={invalid('spz')}
            placeholder="1J2 3456"
          />
        ) : null}
      </SimpleGrid>
    </FormCard>
  );
}

type RowsProps = { draft: Draft; setDraft: (update: (d: Draft) => Draft) => void };

/** domain.md §2.2: CMR or wagon numbers with amounts; remove on every row but the first, add on each. */
function CmrRows({ draft, setDraft, decimal }: RowsProps & { decimal: ReturnType<typeof useDecimalProps> }) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<Draft['cmrs'][number]>) =>
    setDraft((d) => ({ ...d, cmrs: d.cmrs.map((c, i) => (i === index ? { ...c, ...patch } : c)) }));
  return (
    <Fieldset legend={t('transportations.cmrHeading')}>
      <Stack gap="xs">
        {draft.cmrs.map((row, index) => (
          <Group key={row.key} align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 2 }}
              label={index === 0 ? t('transportations.fields.cmrOrWagon') : undefined}
              aria-label={t('transportations.rowLabel', {
                label: t('transportations.fields.cmrOrWagon'),
                n: index + 1,
              })}
              value={row.cmrOrWagon}
              onChange={(e) => change(index, { cmrOrWagon: e.currentTarget.value })}
            />
            <NumberInput
              style={{ flex: 1 }}
              {...decimal}
              label={index === 0 ? t('transportations.fields.amount') : undefined}
              aria-label={t('transportations.rowLabel', {
                label: t('transportations.fields.amount'),
                n: index + 1,
              })}
              min={0}
              max={1_000_000}
              decimalScale={2}
              allowNegative={false}
              value={row.amount}
              onChange={(v) =>
                change(index, { amount: typeof v === 'number' ? v : v === '' ? '' : Number(v) })
              }
            />
            <RowButtons
              index={index}
              onAdd={() => setDraft((d) => ({ ...d, cmrs: insertAfter(d.cmrs, index, emptyCmr()) }))}
              onRemove={() => setDraft((d) => ({ ...d, cmrs: d.cmrs.filter((_, i) => i !== index) }))}
            />
          </Group>
        ))}
      </Stack>
    </Fieldset>
  );
}

/** Places of loading and of delivery, in pairs (domain.md §2.2). */
function PlaceRows({ draft, setDraft }: RowsProps) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<Draft['places'][number]>) =>
    setDraft((d) => ({ ...d, places: d.places.map((p, i) => (i === index ? { ...p, ...patch } : p)) }));
  return (
    <Fieldset legend={t('transportations.placesHeading')}>
      <Stack gap="xs">
        {draft.places.map((row, index) => (
          <Group key={row.key} align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={index === 0 ? t('transportations.fields.loading') : undefined}
              aria-label={t('transportations.rowLabel', {
                label: t('transportations.fields.loading'),
                n: index + 1,
              })}
              value={row.loading}
              onChange={(e) => change(index, { loading: e.currentTarget.value })}
            />
            <TextInput
              style={{ flex: 1 }}
              label={index === 0 ? t('transportations.fields.unloading') : undefined}
              aria-label={t('transportations.rowLabel', {
                label: t('transportations.fields.unloading'),
                n: index + 1,
              })}
              value={row.unloading}
              onChange={(e) => change(index, { unloading: e.currentTarget.value })}
            />
            <RowButtons
              index={index}
              onAdd={() => setDraft((d) => ({ ...d, places: insertAfter(d.places, index, emptyPlace()) }))}
              onRemove={() => setDraft((d) => ({ ...d, places: d.places.filter((_, i) => i !== index) }))}
            />
          </Group>
        ))}
      </Stack>
    </Fieldset>
  );
}

function RowButtons({ index, onAdd, onRemove }: { index: number; onAdd: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" w={72} mb={4}>
      <ActionIcon
        variant="light"
        size="lg"
        aria-label={t('transportations.addRow', { n: index + 1 })}
        onClick={onAdd}
      >
        <IconPlus size={18} />
      </ActionIcon>
      {index > 0 ? (
        <ActionIcon
          variant="light"
          color="red"
          size="lg"
          aria-label={t('transportations.removeRow', { n: index + 1 })}
          onClick={onRemove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
