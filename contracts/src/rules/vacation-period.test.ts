import { describe, expect, it } from 'vitest';
import { userVacationInputSchema, warehouseVacationInputSchema } from '../vacations.ts';
import { closureBounds, closureDays, closurePeriod, periodProblems } from './vacation-period.ts';

const week = [
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
];

describe('closure periods', () => {
  it('whole days run from midnight of the first day to midnight after the last', () => {
    const bounds = closureBounds({ vacation_from: '2026-03-03', vacation_to: '2026-03-04' });
    expect(bounds).toEqual({ start: '2026-03-03T00:00', end: '2026-03-05T00:00' });
    expect(closurePeriod(bounds)).toEqual({
      vacation_from: '2026-03-03',
      vacation_to: '2026-03-04',
      from_time: null,
      to_time: null,
    });
  });

  it('hours on the first and last day come back as they were given', () => {
    const period = {
      vacation_from: '2026-03-03',
      vacation_to: '2026-03-05',
      from_time: '12:00',
      to_time: '09:30',
    };
    expect(closurePeriod(closureBounds(period))).toEqual(period);
  });

  it('splits into the calendar days it touches, with the starting hour and minutes', () => {
    const bounds = closureBounds({
      vacation_from: '2026-03-03',
      vacation_to: '2026-03-05',
      from_time: '12:00',
      to_time: '09:30',
    });
    expect(closureDays(bounds, week)).toEqual([
      { date: '2026-03-03', from_time: '12:00', duration: 720 },
      { date: '2026-03-04', from_time: '00:00', duration: 1440 },
      { date: '2026-03-05', from_time: '00:00', duration: 570 },
    ]);
  });

  it('a closure of hours within one day is one entry; days it misses are left out', () => {
    const bounds = closureBounds({
      vacation_from: '2026-03-06',
      vacation_to: '2026-03-06',
      from_time: '13:00',
      to_time: '15:15',
    });
    expect(closureDays(bounds, week)).toEqual([{ date: '2026-03-06', from_time: '13:00', duration: 135 }]);
    expect(closureDays(bounds, ['2026-03-07'])).toEqual([]);
  });

  it('a whole day is 1440 minutes also when the clocks change (wall-clock days)', () => {
    const bounds = closureBounds({ vacation_from: '2026-03-29', vacation_to: '2026-03-29' });
    expect(closureDays(bounds, ['2026-03-29'])).toEqual([
      { date: '2026-03-29', from_time: '00:00', duration: 1440 },
    ]);
  });

  it('from after to, an empty span of hours and an end at 00:00 are problems', () => {
    expect(periodProblems({ vacation_from: '2026-03-05', vacation_to: '2026-03-04' })).toEqual([
      'vacation_from',
      'vacation_to',
    ]);
    expect(
      periodProblems({
        vacation_from: '2026-03-05',
        vacation_to: '2026-03-05',
        from_time: '10:00',
        to_time: '10:00',
      }),
    ).toEqual(['from_time', 'to_time']);
    expect(
      periodProblems({ vacation_from: '2026-03-05', vacation_to: '2026-03-06', to_time: '00:00' }),
    ).toEqual(['to_time']);
    expect(periodProblems({ vacation_from: '2026-03-05', vacation_to: '2026-03-05' })).toEqual([]);
  });
});

describe('vacation input schemas', () => {
  it('name both dates when from is after to', () => {
    const result = warehouseVacationInputSchema.safeParse({
      warehouse: 1,
      vacation_from: '2026-03-05',
      vacation_to: '2026-03-04',
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['vacation_from', 'vacation_to']);
  });

  it('refuse a day that does not exist', () => {
    const result = userVacationInputSchema.safeParse({
      driver: 3,
      vacation_from: '2026-02-30',
      vacation_to: '2026-03-04',
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['vacation_from']);
  });

  it('take the driver as `driver` or `user`, but not two different ones', () => {
    const period = { vacation_from: '2026-03-02', vacation_to: '2026-03-04' };
    expect(userVacationInputSchema.safeParse({ driver: 3, ...period }).success).toBe(true);
    expect(userVacationInputSchema.safeParse({ user: 3, ...period }).success).toBe(true);
    expect(userVacationInputSchema.safeParse({ user: 3, driver: 3, ...period }).success).toBe(true);
    expect(
      userVacationInputSchema.safeParse({ user: 3, driver: 4, ...period }).error?.issues[0]?.path,
    ).toEqual(['driver']);
    expect(userVacationInputSchema.safeParse(period).error?.issues[0]?.path).toEqual(['driver']);
  });
});
