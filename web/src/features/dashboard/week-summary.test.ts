import type { CalendarOrder } from '@letokruh/contracts/order-calendar';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../orders/test-data';
import { entryOf } from './test-week';
import { needsSummary, summaryDayLimit, summaryEvents } from './week-summary';

const josef = { id: 5, username: 'driver', first_name: 'Josef', last_name: 'Černý', name: 'Josef Černý' };
const adam = { id: 7, username: 'adam', first_name: 'Adam', last_name: 'Bílý', name: 'Adam Bílý' };

function orders(n: number, date: string, overrides: Partial<CalendarOrder> = {}): CalendarEntry[] {
  return Array.from({ length: n }, (_, i) => {
    const { files: _files, ...o } = makeOrder({ id: i + 1, expected_delivery_date: date, ...overrides });
    return entryOf({ ...o, ...overrides });
  });
}

describe('the summarised week', () => {
  it('starts when one day holds more orders than a column can show', () => {
    expect(needsSummary(orders(summaryDayLimit, '2026-11-18'))).toBe(false);
    expect(needsSummary([...orders(summaryDayLimit, '2026-11-18'), ...orders(30, '2026-11-19')])).toBe(false);
    expect(needsSummary(orders(summaryDayLimit + 1, '2026-11-18'))).toBe(true);
  });

  it('counts each day’s orders per driver, collections and unassigned, each leading to its day', () => {
    const week = [
      ...orders(3, '2026-11-18', { driver: josef }),
      ...orders(2, '2026-11-18', { driver: adam }),
      ...orders(1, '2026-11-18', { driver: null, car: null }),
      ...orders(4, '2026-11-19', { driver: josef }),
      ...orders(1, '2026-11-19', { driver: null, car: { id: 2, name: 'Avia', hex_color: '#2b8a3e' } }),
    ];
    const events = summaryEvents(week, (kind) => (kind === 'collection' ? 'Osobní odběr' : 'Nepřiřazeno'));
    expect(events.map((e) => [e.start, e.title, e.extendedProps?.date])).toEqual([
      ['2026-11-18', 'Josef Černý · 3', '2026-11-18'],
      ['2026-11-18', 'Adam Bílý · 2', '2026-11-18'],
      ['2026-11-18', 'Osobní odběr · 1', '2026-11-18'],
      ['2026-11-19', 'Josef Černý · 4', '2026-11-19'],
      ['2026-11-19', 'Nepřiřazeno · 1', '2026-11-19'],
    ]);
    // Drivers by name first, then collections, then the unassigned (FullCalendar's eventOrder).
    expect(events.map((e) => e.extendedProps?.rank)).toEqual([
      '0 Josef Černý',
      '0 Adam Bílý',
      '1',
      '0 Josef Černý',
      '2',
    ]);
    expect(events.every((e) => e.allDay && e.editable === false)).toBe(true);
  });
});
