import { describe, expect, it } from 'vitest';
import { entryOf } from '../../features/dashboard/test-week';
import { makeItemsOrder as makeOrder } from '../../features/order-steps/test-data';
import { calendarEvents, travelOpacity } from './calendar-events';

const makeItemsOrder = (...args: Parameters<typeof makeOrder>) => entryOf(makeOrder(...args));

const order = makeItemsOrder(7, {
  intern_id: 2026000007,
  expected_delivery_date: '2026-11-23',
  expected_delivery_time: '09:30',
  expected_delivery_duration: 45,
  duration: 20,
  driver: { id: 5, username: 'driver', first_name: 'Josef', last_name: 'Černý', name: 'Josef Černý' },
});

describe('calendarEvents (domain.md §1.9)', () => {
  it('draws the order for its duration with travel blocks of `duration` minutes before and after', () => {
    const events = calendarEvents({ orders: [order], options: { showIds: false, showTravel: true } });
    expect(events.map((e) => [e.extendedProps?.kind, e.start, e.end])).toEqual([
      ['order', '2026-11-23T09:30', '2026-11-23T10:15'],
      ['travel-before', '2026-11-23T09:10', '2026-11-23T09:30'],
      ['travel-after', '2026-11-23T10:15', '2026-11-23T10:35'],
    ]);
    expect(events[1]?.classNames).toContain('travel-block');
    expect(travelOpacity).toBe(0.8);
  });

  it('hides travel blocks, shows ids and highlights the chosen order on request', () => {
    const events = calendarEvents({
      orders: [order],
      options: { showIds: true, showTravel: false, highlightedOrderId: 7 },
    });
    expect(events).toHaveLength(1);
    expect(events[0]?.title).toBe('2026000007 · Alžběta Zelenková, Polná · Josef Černý');
    expect(events[0]?.classNames).toContain('order-highlighted');
  });

  it('draws the slot being planned, and leaves out orders without a delivery time', () => {
    const events = calendarEvents({
      orders: [makeItemsOrder(8)],
      planned: { date: '2026-11-23', time: '23:30', duration: 60, travel: 0, title: 'nová' },
      options: { showIds: false, showTravel: true },
    });
    expect(events.map((e) => [e.id, e.start, e.end])).toEqual([
      ['planned', '2026-11-23T23:30', '2026-11-24T00:30'],
    ]);
  });

  it('shades warehouse closures for their minutes and puts drivers’ vacations in the all-day row', () => {
    const events = calendarEvents({
      orders: [],
      closures: [
        {
          id: 3,
          date: '2026-11-24',
          from_time: '12:00',
          duration: 90,
          warehouse: { id: 1, name: 'Sklad Jihlava', color: '#2f9e44', text_color: '#ffffff' },
        },
      ],
      driverVacations: [{ id: 4, date: '2026-11-25', name: 'Josef Černý', hex_color: '#1971c2', user_id: 5 }],
      options: { showIds: false, showTravel: true },
    });
    expect(events).toEqual([
      expect.objectContaining({
        title: 'Sklad Jihlava',
        start: '2026-11-24T12:00',
        end: '2026-11-24T13:30',
        display: 'background',
        extendedProps: { kind: 'closure' },
      }),
      expect.objectContaining({
        title: 'Josef Černý',
        start: '2026-11-25',
        allDay: true,
        backgroundColor: '#1971c2',
        extendedProps: { kind: 'vacation' },
      }),
    ]);
  });

  it('draws a personal collection without travel blocks or car, labelled as collection', () => {
    const collection = makeItemsOrder(9, {
      intern_id: 2026000009,
      expected_delivery_date: '2026-11-23',
      expected_delivery_time: '11:00',
      expected_delivery_duration: 30,
      duration: 20,
      driver: null,
      car: { id: 2, name: 'Tatra 815', hex_color: '#123456' },
    });
    const events = calendarEvents({
      orders: [collection],
      options: { showIds: false, showTravel: true, collectionLabel: 'Osobní odběr' },
    });
    expect(events.map((e) => [e.extendedProps?.kind, e.start, e.end])).toEqual([
      ['order', '2026-11-23T11:00', '2026-11-23T11:30'],
    ]);
    expect(events[0]?.title).toBe('Alžběta Zelenková, Polná · Osobní odběr');
    expect(events[0]?.classNames).toContain('collection-block');
    expect(events[0]?.borderColor).not.toBe('#123456');
  });
});
