import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayNumber,
  daysBetween,
  eachDay,
  pragueDay,
  pragueTimeExists,
  pragueWallClockAsUtc,
  pragueWallClockMs,
} from './prague-day.ts';

describe('pragueDay', () => {
  it('is the Prague calendar day, not the UTC one', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Prague (UTC+1 in winter).
    expect(pragueDay(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    // 21:59 UTC on 30 June is 23:59 in Prague (UTC+2 in summer): still 30 June.
    expect(pragueDay(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
    expect(pragueDay(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});

describe('addDays', () => {
  it('crosses months, years and daylight-saving changes', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('counts real days and refuses to step past the year 9999 (domain.md §3.3 Time)', () => {
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
    expect(addDays('0000-01-01', 1)).toBe('0000-01-02');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
  });

  it('refuses what is not a real day rather than guessing', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '+010000-01-01', '10000-01-01', '2026-1-1', '', 'x']) {
      expect(() => dayNumber(bad), bad).toThrow(RangeError);
    }
  });
});

describe('eachDay and daysBetween', () => {
  it('list the days of a range by counting, across both daylight-saving changes', () => {
    expect(eachDay('2026-03-28', '2026-03-30')).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(eachDay('2026-10-24', '2026-10-26')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(eachDay('2026-12-31', '2027-01-01')).toEqual(['2026-12-31', '2027-01-01']);
    expect(eachDay('2026-05-02', '2026-05-01')).toEqual([]);
    expect(daysBetween('2000-01-01', '2100-12-31')).toBe(36889);
  });

  it('end at the last day of the calendar instead of looping for ever', () => {
    expect(eachDay('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
    expect(() => eachDay('2000-01-01', '2100-12-31')).toThrow(RangeError);
    expect(eachDay('2000-01-01', '2100-12-31', 40_000)).toHaveLength(36890);
  });
});

describe('Prague wall clock', () => {
  it('names the spring gap as a time that never happens, and only it', () => {
    expect(pragueTimeExists('2027-03-28', '02:30')).toBe(false);
    expect(pragueTimeExists('2027-03-28', '02:00')).toBe(false);
    expect(pragueTimeExists('2027-03-28', '01:59')).toBe(true);
    expect(pragueTimeExists('2027-03-28', '03:00')).toBe(true);
    expect(pragueTimeExists('2026-03-29', '02:15')).toBe(false);
    expect(pragueTimeExists('2027-03-21', '02:30')).toBe(true);
    // The autumn hour that comes twice exists.
    expect(pragueTimeExists('2026-10-25', '02:30')).toBe(true);
  });

  it('writes the Prague clock as UTC in winter and summer, whatever the machine’s zone', () => {
    expect(pragueWallClockAsUtc(new Date('2026-11-25T10:15:30Z')).toISOString()).toBe(
      '2026-11-25T11:15:30.000Z',
    );
    expect(pragueWallClockAsUtc(new Date('2026-07-01T22:30:00Z')).toISOString()).toBe(
      '2026-07-02T00:30:00.000Z',
    );
  });
});

describe('Prague offset by the summer-time rule (decision 0103)', () => {
  const zone = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Prague',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const byZone = (time: number) => {
    const p = Object.fromEntries(zone.formatToParts(new Date(time)).map((x) => [x.type, x.value]));
    return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!);
  };

  it('gives the zone database’s wall clock and day in 1996–2099: every hour around each change, every day', () => {
    const times: number[] = [];
    for (let year = 1996; year <= 2099; year++) {
      // Every hour from the 20th of March and of October to the 1st of the next month (the changes
      // fall on the last Sunday), and 23:30 UTC of every day (past midnight in Prague).
      for (const month of [2, 9])
        for (let time = Date.UTC(year, month, 20); time < Date.UTC(year, month + 1, 1, 1); time += 3_600_000)
          times.push(time);
      for (let time = Date.UTC(year, 0, 1, 23, 30); time < Date.UTC(year + 1, 0, 1); time += 86_400_000)
        times.push(time);
    }
    const wrong = times.filter((time) => {
      const wall = byZone(time);
      return (
        pragueWallClockMs(time) !== wall ||
        pragueDay(new Date(time)) !== new Date(wall).toISOString().slice(0, 10)
      );
    });
    expect(times.length).toBeGreaterThan(95_000);
    expect(wrong.map((time) => new Date(time).toISOString())).toEqual([]);
  });

  it('asks the zone database outside those years', () => {
    for (const time of [Date.UTC(1979, 6, 1, 12), Date.UTC(1995, 6, 1, 22, 30), Date.UTC(2100, 6, 1, 12)]) {
      expect(pragueWallClockMs(time)).toBe(byZone(time));
      expect(pragueDay(new Date(time))).toBe(new Date(byZone(time)).toISOString().slice(0, 10));
    }
  });
});
