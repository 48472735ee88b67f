import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { Box, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ownWarehousesQuery } from '../../lib/reference-queries';
import { DayInput } from '../../ui/day-input';
import { useListState } from '../../ui/list-state';
import { usePhone } from '../../ui/use-phone';

/** The filter of the whole page (decision 0088): a range of Prague days and one or all warehouses. */
export type ReportRange = { from: string; to: string; warehouse: string | null };

export const presets = ['thisMonth', 'lastMonth', 'thisYear'] as const;
export type Preset = (typeof presets)[number];

/** A kept range: a preset follows the calendar (this month is still this month next month), a custom one stays. */
export type PageRange = { preset: Preset | 'custom'; from: string; to: string; warehouse: string | null };

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const lastOfMonth = (day: string) => {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
};

/** The whole calendar month or year, in Prague days (decision 0088). */
export function presetRange(preset: Preset, today = pragueDay()): { from: string; to: string } {
  if (preset === 'thisMonth') return { from: firstOfMonth(today), to: lastOfMonth(today) };
  if (preset === 'thisYear') return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  const last = addDays(firstOfMonth(today), -1);
  return { from: firstOfMonth(last), to: last };
}

/** This month, all warehouses: the page's default (decision 0088). */
export const defaultPageRange = (today = pragueDay()): PageRange => ({
  preset: 'thisMonth',
  ...presetRange('thisMonth', today),
  warehouse: null,
});

/** The range a kept state stands for today. */
export function rangeOf(state: PageRange, today = pragueDay()): ReportRange {
  const days = state.preset === 'custom' ? state : presetRange(state.preset, today);
  return { from: days.from, to: days.to, warehouse: state.warehouse };
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

/** The page's range, kept for the browser session like a list's filters (domain.md §1.2). */
export function usePageRange() {
  const kept = useListState<PageRange>('overviews', defaultPageRange());
  const state = kept.filters;
  const range = rangeOf(state);
  const custom = (next: ReportRange) => kept.setFilters({ preset: 'custom', ...next });
  return {
    range,
    preset: state.preset,
    choose: (preset: Preset) => kept.setFilters({ preset, ...presetRange(preset) }),
    setFrom: (day: string | null) => custom(withFrom(range, day)),
    setTo: (day: string | null) => custom(withTo(range, day)),
    setWarehouse: (warehouse: string | null) => kept.setFilters({ warehouse }),
  };
}

type Props = ReturnType<typeof usePageRange>;

/** The one range of the overviews page: presets, the two days, the warehouse. */
export function RangeBar({ range, preset, choose, setFrom, setTo, setWarehouse }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  const warehouses = useQuery(ownWarehousesQuery);
  const presetsLabel = useId();
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={t('overviews.range.label')}
      data-testid="overviews-range"
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={presetsLabel}>
            {t('overviews.range.period')}
          </Text>
          <Group gap="xs" role="group" aria-labelledby={presetsLabel}>
            {presets.map((p) => (
              <Button
                key={p}
                size="sm"
                // Decision 0082: a 44 px target on a phone.
                mih={phone ? 44 : undefined}
                variant={preset === p ? 'filled' : 'default'}
                aria-pressed={preset === p}
                onClick={() => choose(p)}
              >
                {t(`overviews.range.${p}`)}
              </Button>
            ))}
          </Group>
        </Stack>
        {/* On a phone the two days side by side, the warehouse under them. */}
        <Box
          style={{
            display: phone ? 'grid' : 'flex',
            gridTemplateColumns: '1fr 1fr',
            flexWrap: 'wrap',
            alignItems: 'flex-end',
            gap: 'var(--mantine-spacing-sm)',
          }}
        >
          <DayInput
            label={t('overviews.from')}
            value={range.from}
            maxDate={range.to}
            onChange={setFrom}
            w={phone ? undefined : 180}
          />
          <DayInput
            label={t('overviews.to')}
            value={range.to}
            minDate={range.from}
            onChange={setTo}
            w={phone ? undefined : 180}
          />
          <Select
            label={t('overviews.warehouse')}
            data={[
              { value: '', label: t('overviews.allWarehouses') },
              ...(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name })),
            ]}
            value={range.warehouse ?? ''}
            onChange={(warehouse) => setWarehouse(warehouse || null)}
            allowDeselect={false}
            w={phone ? undefined : 220}
            style={phone ? { gridColumn: '1 / -1' } : undefined}
          />
        </Box>
      </Stack>
    </Paper>
  );
}
