import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { describe, expect, it } from 'vitest';
import { cardName, lanesFor, layoutDay, linesOf } from './week-layout';

const entry = (id: number, time: string, driver: number | null, minutes = 60): CalendarEntry => ({
  id,
  intern_id: 2026000000 + id,
  version: 1,
  expected_delivery_date: '2026-11-30',
  expected_delivery_time: time,
  expected_delivery_duration: minutes,
  duration: 15,
  calendar_name: 'Jaroslav Černý, Luka nad Jihlavou',
  warehouse: { id: 1, name: 'Sklad Jihlava', color: '#2f9e44', text_color: '#000000' },
  driver: driver === null ? null : { id: driver, name: `Řidič ${driver}` },
  car: null,
  done: false,
  prepared: false,
  paid: false,
});
const options = { maxLanes: 2, showTravel: true, pxPerMinute: 1.2 };

describe('the week layout (decision 0081)', () => {
  it('holds as many lanes as 64 px cards fit in the day', () => {
    expect(lanesFor(152)).toBe(2);
    expect(lanesFor(63)).toBe(1);
    expect(lanesFor(260)).toBe(4);
  });

  it('packed: the first free lane; a third overlapping order folds into "+N" at its time', () => {
    const day = layoutDay(
      [entry(1, '08:00', 1), entry(2, '08:30', 2), entry(3, '08:45', 3), entry(4, '11:00', 1)],
      {
        ...options,
        strategy: 'packed',
      },
    );
    expect(day.cards.map((c) => [c.order.id, c.lane])).toEqual([
      [1, 0],
      [2, 1],
      [4, 0],
    ]);
    expect(day.overflow).toEqual([{ at: 8 * 60 + 45, orders: [day.overflow[0]!.orders[0]] }]);
    expect(day.overflow[0]!.orders[0]!.id).toBe(3);
  });

  it('driver: a lane per driver; a driver beyond the lanes folds though a lane is free', () => {
    const day = layoutDay([entry(1, '08:00', 1), entry(2, '12:00', 2), entry(3, '15:00', 3)], {
      ...options,
      strategy: 'driver',
    });
    expect(day.cards.map((c) => c.order.id)).toEqual([1, 2]);
    expect(day.overflow.flatMap((o) => o.orders.map((x) => x.id))).toEqual([3]);
  });

  it('a short delivery takes the height its text needs, so the next one in the lane starts below it', () => {
    // 15 min at 1.2 px/min is 18 px; the card needs 70 px (about 58 min) with its travel after.
    const day = layoutDay([entry(1, '08:00', 1, 15), entry(2, '08:45', 1, 15)], {
      ...options,
      maxLanes: 1,
      strategy: 'packed',
      cardHeight: () => 70,
    });
    expect(day.cards).toHaveLength(1);
    expect(day.overflow[0]!.orders[0]!.id).toBe(2);
  });

  it('a card says the surname or the organisation and the town', () => {
    expect(cardName('Jaroslav Černý, Luka nad Jihlavou')).toEqual({
      name: 'Černý',
      town: 'Luka nad Jihlavou',
    });
    expect(cardName('Stavby Novotný s.r.o., Brtnice')).toEqual({
      name: 'Stavby Novotný s.r.o.',
      town: 'Brtnice',
    });
    expect(cardName('Obec Batelov, Batelov')).toEqual({ name: 'Obec Batelov', town: 'Batelov' });
    expect(linesOf('Luka nad Jihlavou', 9)).toBe(2);
    expect(linesOf('Procházková', 9)).toBe(2);
  });
});
