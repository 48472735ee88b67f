import { describe, expect, it } from 'vitest';
import { correctHourRange, isoWeek, mondayOf, weekDates, weekParity } from './calendar-week.ts';

describe('weeks', () => {
  it('run Monday to Sunday', () => {
    expect(weekDates('2026-11-22')).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(weekDates('2026-12-31')[0]).toBe('2026-12-28');
    // Across a daylight-saving change the days stay whole days.
    expect(weekDates('2026-10-25')).toEqual([
      '2026-10-19',
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
    ]);
  });

  it('are numbered as ISO 8601 does, with the week-year at the turn of the year', () => {
    expect(isoWeek('2026-11-22')).toEqual({ week: 47, year: 2026 });
    expect(isoWeek('2026-01-01')).toEqual({ week: 1, year: 2026 }); // a Thursday
    expect(isoWeek('2027-01-01')).toEqual({ week: 53, year: 2026 }); // a Friday of 2026's week 53
    expect(isoWeek('2024-12-30')).toEqual({ week: 1, year: 2025 });
    expect(isoWeek('2021-01-03')).toEqual({ week: 53, year: 2020 });
    expect(isoWeek('2025-06-15')).toEqual({ week: 24, year: 2025 });
  });

  it('are odd or even by their number', () => {
    expect(weekParity(47)).toBe('odd');
    expect(weekParity(48)).toBe('even');
    expect(weekParity(1)).toBe('odd');
  });
});

describe('correctHourRange (domain.md §1.5)', () => {
  it('keeps a valid range', () => {
    expect(correctHourRange({ start: 6, end: 18 }, 'start')).toEqual({ start: 6, end: 18 });
    expect(correctHourRange({ start: 0, end: 24 }, 'end')).toEqual({ start: 0, end: 24 });
  });

  it('moves the changed end back below or above the other when they cross', () => {
    expect(correctHourRange({ start: 18, end: 18 }, 'start')).toEqual({ start: 17, end: 18 });
    expect(correctHourRange({ start: 20, end: 18 }, 'start')).toEqual({ start: 17, end: 18 });
    expect(correctHourRange({ start: 6, end: 6 }, 'end')).toEqual({ start: 6, end: 7 });
    expect(correctHourRange({ start: 6, end: 3 }, 'end')).toEqual({ start: 6, end: 7 });
  });

  it('holds the bounds 0 to 24', () => {
    expect(correctHourRange({ start: -3, end: 30 }, 'start')).toEqual({ start: 0, end: 24 });
    expect(correctHourRange({ start: 24, end: 24 }, 'start')).toEqual({ start: 23, end: 24 });
    expect(correctHourRange({ start: 0, end: 0 }, 'end')).toEqual({ start: 0, end: 1 });
    expect(correctHourRange({ start: Number.NaN, end: 18 }, 'start')).toEqual({ start: 6, end: 18 });
  });
});
