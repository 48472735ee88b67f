import { periodProblems } from '@letokruh/contracts/rules/vacation-period';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../ui/day-input';

export type PeriodDraft = {
  vacation_from: string | null;
  vacation_to: string | null;
  from_time: string;
  to_time: string;
};
export type PeriodField = keyof PeriodDraft;

export const emptyPeriod: PeriodDraft = {
  vacation_from: null,
  vacation_to: null,
  from_time: '',
  to_time: '',
};

/** What is wrong with the period as typed so far (domain.md §2.5: from must not exceed to). */
export function periodError(draft: PeriodDraft): { fields: PeriodField[]; key: string } | null {
  if (!draft.vacation_from || !draft.vacation_to) return null;
  const fields = periodProblems({
    vacation_from: draft.vacation_from,
    vacation_to: draft.vacation_to,
    from_time: draft.from_time || null,
    to_time: draft.to_time || null,
  });
  if (fields.length === 0) return null;
  const key =
    fields[0] === 'vacation_from'
      ? 'vacations.fromAfterTo'
      : fields[0] === 'to_time' && fields.length === 1
        ? 'vacations.toMidnight'
        : 'vacations.emptyHours';
  return { fields, key };
}

type Props = {
  value: PeriodDraft;
  onChange: (next: PeriodDraft) => void;
  /** Warehouse closures may start and end within a day; drivers' vacations are whole days. */
  withTimes?: boolean;
  /** Fields the last submit found missing or the server refused. */
  invalid: PeriodField[];
};

/**
 * The from and to days (Czech date pickers without time, domain.md §2.9) that keep from ≤ to: the
 * picker offers no day on the wrong side, and a day typed on the wrong side is marked at once.
 */
export function PeriodFields({ value, onChange, withTimes = false, invalid }: Props) {
  const { t } = useTranslation();
  const set = <K extends PeriodField>(key: K, v: PeriodDraft[K]) => onChange({ ...value, [key]: v });
  const live = periodError(value);
  // The message goes under the last field the problem names (the to day, or the to hour).
  const errorOf = (field: PeriodField) =>
    live?.fields.includes(field)
      ? field === live.fields.at(-1)
        ? t(live.key)
        : true
      : invalid.includes(field);
  const from = value.vacation_from;
  const to = value.vacation_to;
  // A 24-hour clock whatever the browser's locale (a native time input follows it).
  const timeProps = {
    format: '24h' as const,
    withDropdown: true,
    clearable: true,
    minutesStep: 5,
    hoursInputLabel: t('vacations.hours'),
    minutesInputLabel: t('vacations.minutes'),
  };
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DayInput
          label={t('vacations.fields.from')}
          required
          placeholder={t('vacations.dayPlaceholder')}
          value={from}
          onChange={(day) => set('vacation_from', day)}
          excludeDate={(day) => Boolean(to && day.slice(0, 10) > to)}
          error={errorOf('vacation_from')}
          clearable
        />
        {withTimes ? (
          <TimePicker
            label={t('vacations.fields.fromTime')}
            {...timeProps}
            value={value.from_time}
            onChange={(v) => set('from_time', v)}
            error={errorOf('from_time')}
          />
        ) : null}
        <DayInput
          label={t('vacations.fields.to')}
          required
          placeholder={t('vacations.dayPlaceholder')}
          value={to}
          onChange={(day) => set('vacation_to', day)}
          excludeDate={(day) => Boolean(from && day.slice(0, 10) < from)}
          error={errorOf('vacation_to')}
          clearable
        />
        {withTimes ? (
          <TimePicker
            label={t('vacations.fields.toTime')}
            {...timeProps}
            value={value.to_time}
            onChange={(v) => set('to_time', v)}
            error={errorOf('to_time')}
          />
        ) : null}
      </SimpleGrid>
      {withTimes ? (
        <Text size="xs" c="dimmed">
          {t('vacations.timesHint')}
        </Text>
      ) : null}
    </Stack>
  );
}
