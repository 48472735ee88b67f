import type { EventInput } from '@fullcalendar/core';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { laneOf } from './driver-day-layout';

/**
 * Issue 14: a day with more orders than this is more than a week's column can show (the issue's
 * busiest yard has about 40 on its busiest day; the million-order bench 1 600). A week holding such
 * a day is drawn summarised: each day's lanes (a driver, personal collections, unassigned) as one
 * all-day block "Josef Černý · 38", a click away from that day's driver columns, where each order
 * is a button. Drawing every block of such a week took FullCalendar seconds.
 */
export const summaryDayLimit = 60;

export function needsSummary(orders: CalendarEntry[]): boolean {
  const perDay = new Map<string, number>();
  for (const o of orders) {
    if (!o.expected_delivery_date) continue;
    const n = (perDay.get(o.expected_delivery_date) ?? 0) + 1;
    if (n > summaryDayLimit) return true;
    perDay.set(o.expected_delivery_date, n);
  }
  return false;
}

/** One all-day block per day and lane, drivers by name, collections and the unassigned last. */
export function summaryEvents(
  orders: CalendarEntry[],
  laneName: (kind: 'collection' | 'unassigned') => string,
) {
  const groups = new Map<string, { date: string; name: string; rank: string; count: number }>();
  for (const o of orders) {
    if (!o.expected_delivery_date) continue;
    const lane = laneOf(o);
    const key = `${o.expected_delivery_date} ${lane.key}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else
      groups.set(key, {
        date: o.expected_delivery_date,
        name: lane.kind === 'driver' ? lane.name : laneName(lane.kind),
        rank: lane.kind === 'driver' ? `0 ${lane.name}` : lane.kind === 'collection' ? '1' : '2',
        count: 1,
      });
  }
  return [...groups.entries()].map(
    ([key, g]): EventInput => ({
      id: `summary-${key}`,
      title: `${g.name} · ${g.count}`,
      start: g.date,
      allDay: true,
      editable: false,
      backgroundColor: '#e9ecef',
      borderColor: '#adb5bd',
      textColor: '#1a1b1e',
      classNames: ['summary-block'],
      extendedProps: { kind: 'summary', date: g.date, rank: g.rank },
    }),
  );
}
