import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ownWarehousesQuery } from '../../lib/reference-queries';
import { DayInput } from '../../ui/day-input';

/** The filter every report block has (domain.md §2.2 Overviews): a range of days and one or all warehouses. */
export type ReportRange = { from: string; to: string; warehouse: string | null };

/** domain.md §2.2, §2.9: to is today, from one month earlier (Prague days). */
export function defaultRange(today = pragueDay()): ReportRange {
  return { from: dayjs(today).subtract(1, 'month').format('YYYY-MM-DD'), to: today, warehouse: null };
}

/**
 * domain.md §2.2, §2.5: the from date's max is the to date, the to date's min the from date. A day typed
 * past the other end moves that end along, so the range is never upside down.
 */
export function withFrom(range: ReportRange, from: string | null): ReportRange {
  if (!from) return range;
  return { ...range, from, to: from > range.to ? from : range.to };
}
export function withTo(range: ReportRange, to: string | null): ReportRange {
  if (!to) return range;
  return { ...range, to, from: to < range.from ? to : range.from };
}

/** Days of a range, both ends included. */
export const daysOf = (range: { from: string; to: string }) =>
  Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;

type Props = {
  value: ReportRange;
  onChange: (range: ReportRange) => void;
  /** More filters of the block, after the warehouse. */
  children?: ReactNode;
};

export function RangeFilter({ value, onChange, children }: Props) {
  const { t } = useTranslation();
  const warehouses = useQuery(ownWarehousesQuery);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <DayInput
        label={t('overviews.from')}
        value={value.from}
        maxDate={value.to}
        onChange={(day) => onChange(withFrom(value, day))}
        w={180}
      />
      <DayInput
        label={t('overviews.to')}
        value={value.to}
        minDate={value.from}
        onChange={(day) => onChange(withTo(value, day))}
        w={180}
      />
      <Select
        label={t('overviews.warehouse')}
        data={[
          { value: '', label: t('overviews.allWarehouses') },
          ...(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name })),
        ]}
        value={value.warehouse ?? ''}
        onChange={(warehouse) => onChange({ ...value, warehouse: warehouse || null })}
        allowDeselect={false}
        w={220}
      />
      {children}
    </Group>
  );
}
