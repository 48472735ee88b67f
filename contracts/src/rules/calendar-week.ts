import { addDays } from './prague-day.ts';

/**
 * Week maths of the delivery calendar (domain.md §1.2 Dashboard, §1.5, §1.9): weeks run Monday to Sunday,
 * are numbered as ISO 8601 does (week 1 holds the year's first Thursday), and are called odd or
 * even by that number, as Czech planners say "lichý / sudý týden".
 */

const dayNumber = (isoDay: string): number => new Date(`${isoDay}T12:00:00Z`).getUTCDay();

/** The Monday of the week an ISO day falls in. */
export const mondayOf = (isoDay: string): string => addDays(isoDay, -((dayNumber(isoDay) + 6) % 7));

/** The seven days, Monday to Sunday, of the week an ISO day falls in. */
export const weekDates = (isoDay: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(mondayOf(isoDay), i));

/** The ISO week number and its year (the year of the week's Thursday). */
export function isoWeek(isoDay: string): { week: number; year: number } {
  const thursday = addDays(mondayOf(isoDay), 3);
  const year = Number(thursday.slice(0, 4));
  const firstThursday = addDays(mondayOf(`${year}-01-04`), 3);
  const days = (Date.parse(`${thursday}T12:00:00Z`) - Date.parse(`${firstThursday}T12:00:00Z`)) / 86_400_000;
  return { week: Math.round(days / 7) + 1, year };
}

export const weekParity = (week: number): 'odd' | 'even' => (week % 2 === 0 ? 'even' : 'odd');

/** Hours shown by the calendar (domain.md §1.5, §1.9): defaults, bounds. */
export const defaultHourRange = { start: 6, end: 18 } as const;
export const hourBounds = { min: 0, max: 24 } as const;

/**
 * Keeps the hour range valid after one end was changed (domain.md §1.5): within 0–24 and start below
 * end; when they cross, the changed end is corrected to the other end minus 1 (start) or plus 1
 * (end).
 */
export function correctHourRange(
  range: { start: number; end: number },
  changed: 'start' | 'end',
): { start: number; end: number } {
  const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(v)));
  let start = clamp(Number.isFinite(range.start) ? range.start : defaultHourRange.start, 0, 23);
  let end = clamp(Number.isFinite(range.end) ? range.end : defaultHourRange.end, 1, 24);
  if (start >= end) {
    if (changed === 'start') start = end - 1;
    else end = start + 1;
  }
  return { start, end };
}
