import { eachDay } from './prague-day.ts';

/**
 * When an order keeps its driver and car busy (domain.md §1.9, §3.3 Double booking): from the
 * travel block before the delivery to the travel block after it, in Prague wall-clock time as
 * `YYYY-MM-DDTHH:mm`. Plain calendar arithmetic, no time zones: a delivery at 9:30 stays 9:30.
 */

export type Span = { from: string; to: string };

const minutesOf = (instant: string): number => {
  const [day = '', time = '00:00'] = instant.split('T');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d) / 60_000 + h * 60 + min;
};

const instantOf = (minutes: number): string => new Date(minutes * 60_000).toISOString().slice(0, 16);

/** `time` is HH:mm; `duration` the minutes at the customer; `travel` the minutes of each travel block. */
export function deliverySpan(order: { date: string; time: string; duration: number; travel: number }): Span {
  const start = minutesOf(`${order.date}T${order.time}`);
  return { from: instantOf(start - order.travel), to: instantOf(start + order.duration + order.travel) };
}

/** Half-open spans [from, to) overlap when each starts before the other ends. */
export const overlaps = (a: Span, b: Span): boolean => a.from < b.to && b.from < a.to;

/** The days a span touches (its end is exclusive). */
export function spanDays(span: Span): string[] {
  const first = span.from.slice(0, 10);
  const lastInstant = span.to > span.from ? instantOf(minutesOf(span.to) - 1) : span.from;
  return eachDay(first, lastInstant.slice(0, 10));
}
