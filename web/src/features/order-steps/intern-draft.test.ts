import { describe, expect, it } from 'vitest';
import { hoursShowing, optionsKeeping } from './intern-draft';

describe('the hours of the intern step’s calendar', () => {
  const settings = { start: 7, end: 17 };

  it('are the settings’ without a planned slot, or when the slot fits in them', () => {
    expect(hoursShowing(settings, null)).toEqual({ startHour: 7, endHour: 17 });
    expect(hoursShowing(settings, { time: '10:00', duration: 60, travel: 30 })).toEqual({
      startHour: 7,
      endHour: 17,
    });
  });

  it('widen to hold the slot with its travel either side, within the day', () => {
    expect(hoursShowing(settings, { time: '06:15', duration: 90, travel: 45 })).toEqual({
      startHour: 5,
      endHour: 17,
    });
    expect(hoursShowing(settings, { time: '16:30', duration: 60, travel: 20 })).toEqual({
      startHour: 7,
      endHour: 18,
    });
    expect(hoursShowing(settings, { time: '23:00', duration: 120, travel: 0 }).endHour).toBe(24);
    expect(hoursShowing(settings, { time: '00:15', duration: 15, travel: 60 }).startHour).toBe(0);
  });
});

describe('options keeping the order’s own choice', () => {
  const listed = [{ value: '1', label: 'Dřevo Polná' }];

  it('add the order’s own when the list no longer has it', () => {
    expect(optionsKeeping(listed, { id: 4, name: 'Staré dřevo' })).toEqual([
      ...listed,
      { value: '4', label: 'Staré dřevo' },
    ]);
  });

  it('stay as listed when it is there or there is none', () => {
    expect(optionsKeeping(listed, { id: 1, name: 'Dřevo Polná' })).toBe(listed);
    expect(optionsKeeping(listed, null)).toBe(listed);
    expect(optionsKeeping(listed, undefined)).toBe(listed);
  });
});
