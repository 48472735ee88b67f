import { describe, expect, it } from 'vitest';
import { formatFor } from '../../ui/format';
import { dayTitle, monthTitle } from './calendar-title';

const cs = formatFor('cs');
const en = formatFor('en');

describe('the calendar heading', () => {
  it('names the month of a week, both months across a month end, both years across a year end', () => {
    expect(monthTitle(['2026-11-16', '2026-11-22'], cs)).toBe('listopad 2026');
    expect(monthTitle(['2026-11-30', '2026-12-06'], en)).toBe('November – December 2026');
    expect(monthTitle(['2026-12-28', '2027-01-03'], en)).toBe('December 2026 – January 2027');
  });

  it('names the day of the day view', () => {
    expect(dayTitle('2026-11-25', cs)).toBe('středa 25. listopadu 2026');
    expect(dayTitle('2026-11-25', en)).toBe('Wednesday 25 November 2026');
  });
});
