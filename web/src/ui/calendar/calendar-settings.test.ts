import { describe, expect, it } from 'vitest';
import { correctHourRange, defaultCalendarSettings } from './calendar-settings';

describe('correctHourRange (domain.md §1.5, §1.9)', () => {
  it('starts at 6 to 18', () => {
    expect([defaultCalendarSettings.start, defaultCalendarSettings.end]).toEqual([6, 18]);
  });

  it('keeps a range that holds', () => {
    expect(correctHourRange('start', 7, { start: 6, end: 18 })).toEqual({ start: 7, end: 18 });
    expect(correctHourRange('end', 20, { start: 6, end: 18 })).toEqual({ start: 6, end: 20 });
  });

  it('a start at or past the end becomes end − 1; an end at or before the start becomes start + 1', () => {
    expect(correctHourRange('start', 18, { start: 6, end: 18 })).toEqual({ start: 17, end: 18 });
    expect(correctHourRange('start', 21, { start: 6, end: 18 })).toEqual({ start: 17, end: 18 });
    expect(correctHourRange('end', 6, { start: 6, end: 18 })).toEqual({ start: 6, end: 7 });
    expect(correctHourRange('end', 2, { start: 6, end: 18 })).toEqual({ start: 6, end: 7 });
  });

  it('keeps the bounds 0 and 24', () => {
    expect(correctHourRange('start', -3, { start: 6, end: 18 })).toEqual({ start: 0, end: 18 });
    expect(correctHourRange('end', 30, { start: 6, end: 18 })).toEqual({ start: 6, end: 24 });
    expect(correctHourRange('start', 24, { start: 6, end: 24 })).toEqual({ start: 23, end: 24 });
    expect(correctHourRange('end', 0, { start: 0, end: 5 })).toEqual({ start: 0, end: 1 });
  });
});
