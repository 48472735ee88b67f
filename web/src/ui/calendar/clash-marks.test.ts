import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import type { CalendarClosure, CalendarDriverVacation } from '@letokruh/contracts/vacations';
import { describe, expect, it } from 'vitest';
import { pickerMarks } from './clash-marks';

const entry = (time: string, driver: number | null, car: number | null): CalendarEntry => ({
  id: 100,
  intern_id: 2026000100,
  version: 1,
  expected_delivery_date: '2026-12-01',
  expected_delivery_time: time,
  expected_delivery_duration: 60,
  duration: 30,
  calendar_name: 'Novák, Polná',
  warehouse: { id: 1, name: 'Sklad Jihlava', color: '#2f9e44', text_color: '#000' },
  driver: driver === null ? null : { id: driver, name: 'Lukáš Veselý' },
  car: car === null ? null : { id: car, name: 'MAN', hex_color: '#000' },
  done: false,
  prepared: false,
  paid: false,
});
const vacation: CalendarDriverVacation = {
  id: 1,
  date: '2026-12-01',
  name: 'Josef Černý',
  hex_color: '#f00',
  user_id: 7,
};
const closure: CalendarClosure = {
  id: 2,
  date: '2026-12-01',
  from_time: '13:00',
  duration: 120,
  warehouse: { id: 1, name: 'Sklad Jihlava', color: '#2f9e44' } as CalendarClosure['warehouse'],
};
// 9:00 for 60 min with 30 min travel each way: 8:30–10:30.
const planned = { date: '2026-12-01', time: '09:00', duration: 60, travel: 30 };

describe('pickerMarks (domain.md §1.5 clashes, ahead of the choice)', () => {
  it('marks a driver and a car with an order whose span with travel overlaps, not one that ends before', () => {
    // 10:45 − 30 min travel = 10:15, before 10:30: overlaps. 11:00 − 30 = 10:30: touches only.
    const marks = pickerMarks(planned, [entry('10:45', 5, 3), entry('11:00', 6, 4)], [], [], 1);
    expect(marks.drivers.get(5)).toBe('busy');
    expect(marks.cars.get(3)).toBe('busy');
    expect(marks.drivers.has(6)).toBe(false);
    expect(marks.cars.has(4)).toBe(false);
  });

  it("marks a driver on vacation that day, and the closure of the order's warehouse at that time only", () => {
    expect(pickerMarks(planned, [], [vacation], [closure], 1).drivers.get(7)).toBe('vacation');
    expect(pickerMarks(planned, [], [], [closure], 1).closure).toBeNull();
    expect(pickerMarks({ ...planned, time: '12:45' }, [], [], [closure], 1).closure?.id).toBe(2);
    expect(pickerMarks({ ...planned, time: '12:45' }, [], [], [closure], 2).closure).toBeNull();
  });

  it('marks nothing before a day and a time are chosen', () => {
    const marks = pickerMarks(null, [entry('09:00', 5, 3)], [vacation], [closure], 1);
    expect(marks.drivers.size + marks.cars.size).toBe(0);
    expect(marks.closure).toBeNull();
  });
});
