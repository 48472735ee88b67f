import {
  correctHourRange as correctRange,
  defaultHourRange,
  hourBounds,
} from '@letokruh/contracts/rules/calendar-week';
import { Checkbox, Group, NumberInput, Stack } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type CalendarSettings = {
  start: number;
  end: number;
  showIds: boolean;
  showTravel: boolean;
  /** Other warehouses' orders too (domain.md's show_cobined): drivers and cars load anywhere. */
  combined: boolean;
};

export const defaultCalendarSettings: CalendarSettings = {
  ...defaultHourRange,
  showIds: false,
  showTravel: true,
  combined: true,
};

/** domain.md §1.5 after typing `value` into one end: the rule of contracts/rules/calendar-week. */
export function correctHourRange(
  changed: 'start' | 'end',
  value: number,
  current: { start: number; end: number },
): { start: number; end: number } {
  return correctRange({ ...current, [changed]: value }, changed);
}

/** Session storage key of the settings; the dashboard's reset (logout) forgets it too. */
export const calendarSettingsStorageKey = 'calendar:settings';

/** The calendar's settings, kept for the browser session (shared with the dashboard calendar). */
export function useCalendarSettings() {
  const [settings, setSettings] = useState<CalendarSettings>(() => {
    try {
      const stored = sessionStorage.getItem(calendarSettingsStorageKey);
      return stored ? { ...defaultCalendarSettings, ...JSON.parse(stored) } : defaultCalendarSettings;
    } catch {
      return defaultCalendarSettings;
    }
  });
  // Stable, so that a memoised panel holding it is not drawn again for nothing.
  const update = useCallback((next: CalendarSettings) => {
    setSettings(next);
    try {
      sessionStorage.setItem(calendarSettingsStorageKey, JSON.stringify(next));
    } catch {
      // Storage blocked: the settings live for this page.
    }
  }, []);
  return [settings, update] as const;
}

type Props = { value: CalendarSettings; onChange: (next: CalendarSettings) => void; withCombined?: boolean };

function HourInput({
  which,
  value,
  onChange,
}: {
  which: 'start' | 'end';
  value: CalendarSettings;
  onChange: (next: CalendarSettings) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState<number | string>(value[which]);
  const current = value[which];
  useEffect(() => setText(current), [current]);
  // While typing ("2" on the way to "20") only a range that holds is taken; leaving corrects it.
  const commit = (typed: number | string) => {
    const n = typeof typed === 'number' ? typed : Number.NaN;
    const corrected = Number.isFinite(n) ? correctHourRange(which, n, value) : value;
    setText(corrected[which]);
    onChange({ ...value, ...corrected });
  };
  return (
    <NumberInput
      label={t(`orderSteps.calendar.${which}`)}
      value={text}
      min={which === 'start' ? hourBounds.min : hourBounds.min + 1}
      max={which === 'start' ? hourBounds.max - 1 : hourBounds.max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      w={110}
      size="xs"
      onChange={(v) => {
        setText(v);
        if (typeof v !== 'number') return;
        const corrected = correctHourRange(which, v, value);
        if (corrected[which] === v) onChange({ ...value, ...corrected });
      }}
      onBlur={() => commit(text)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(text);
      }}
    />
  );
}

/** Hour range, ids and travel blocks (domain.md §1.2 calendar settings). */
export function CalendarSettingsFields({ value, onChange, withCombined = true }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end">
        <HourInput which="start" value={value} onChange={onChange} />
        <HourInput which="end" value={value} onChange={onChange} />
      </Group>
      <Group gap="md">
        <Checkbox
          size="xs"
          label={t('orderSteps.calendar.showIds')}
          checked={value.showIds}
          onChange={(e) => onChange({ ...value, showIds: e.currentTarget.checked })}
        />
        <Checkbox
          size="xs"
          label={t('orderSteps.calendar.showTravel')}
          checked={value.showTravel}
          onChange={(e) => onChange({ ...value, showTravel: e.currentTarget.checked })}
        />
        {withCombined ? (
          <Checkbox
            size="xs"
            label={t('orderSteps.calendar.combined')}
            checked={value.combined}
            onChange={(e) => onChange({ ...value, combined: e.currentTarget.checked })}
          />
        ) : null}
      </Group>
    </Stack>
  );
}
