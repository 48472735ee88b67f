import { addDays } from './prague-day.ts';

/**
 * Periods of vacations in Prague wall-clock time (domain.md §3.3 Time), as plain strings: days as
 * YYYY-MM-DD, times as HH:mm, instants as YYYY-MM-DDTHH:mm. No time zone arithmetic: a day of
 * the calendar is 24 wall-clock hours, also on the days the clocks change.
 */

/**
 * A closure of a warehouse as the forms give it: the first and last day (both included), and
 * optionally the hour it starts on the first day and the hour it ends on the last day.
 */
export type ClosurePeriod = {
  vacation_from: string;
  vacation_to: string;
  from_time?: string | null | undefined;
  to_time?: string | null | undefined;
};

/** The same closure as a half-open interval [start, end) of wall-clock instants. */
export type ClosureBounds = { start: string; end: string };

const minutesOf = (instant: string): number => {
  const [day = '', time = '00:00'] = instant.split('T');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d) / 60_000 + h * 60 + min;
};

/** Which fields make a period invalid: `from` after `to`, or an empty span of hours. */
export function periodProblems(
  period: ClosurePeriod,
): ('vacation_from' | 'vacation_to' | 'from_time' | 'to_time')[] {
  if (period.vacation_from > period.vacation_to) return ['vacation_from', 'vacation_to'];
  if (period.to_time === '00:00') return ['to_time'];
  const { start, end } = closureBounds(period);
  if (start >= end) return ['from_time', 'to_time'];
  return [];
}

export function closureBounds(period: ClosurePeriod): ClosureBounds {
  return {
    start: `${period.vacation_from}T${period.from_time || '00:00'}`,
    end: period.to_time
      ? `${period.vacation_to}T${period.to_time}`
      : `${addDays(period.vacation_to, 1)}T00:00`,
  };
}

/** Back from the interval: a boundary at midnight is a whole day, shown without a time. */
export function closurePeriod({ start, end }: ClosureBounds) {
  const [startDay = '', startTime = '00:00'] = start.split('T');
  const [endDay = '', endTime = '00:00'] = end.split('T');
  const wholeLastDay = endTime === '00:00';
  return {
    vacation_from: startDay,
    vacation_to: wholeLastDay ? addDays(endDay, -1) : endDay,
    from_time: startTime === '00:00' ? null : startTime,
    to_time: wholeLastDay ? null : endTime,
  };
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The part of a closure on each of the asked days (domain.md §1.3: date, from_time, duration in
 * minutes): the first day from its starting hour, the days between whole (00:00, 1440), the last
 * day up to its ending hour. Days the closure does not touch are left out.
 */
export function closureDays(
  bounds: ClosureBounds,
  days: readonly string[],
): { date: string; from_time: string; duration: number }[] {
  const start = minutesOf(bounds.start);
  const end = minutesOf(bounds.end);
  const out: { date: string; from_time: string; duration: number }[] = [];
  for (const date of days) {
    const dayStart = minutesOf(`${date}T00:00`);
    const from = Math.max(start, dayStart);
    const to = Math.min(end, dayStart + 24 * 60);
    if (from < to) out.push({ date, from_time: clock(from - dayStart), duration: to - from });
  }
  return out;
}

/** The asked days that fall within [from, to] (whole days, both included). */
export const daysWithin = (from: string, to: string, days: readonly string[]) =>
  days.filter((d) => d >= from && d <= to);
