import { describe, expect, it } from 'vitest';
import { addDays, pragueDay } from './prague-day.ts';

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
});
