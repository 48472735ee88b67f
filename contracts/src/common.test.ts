import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkDayRange, daySchema, deliveryDaySchema, deliveryWallClockSchema } from './common.ts';
import { firstPricedDay } from './rules/vat.ts';

describe('the day type (domain.md §3.3 Days the product deals in)', () => {
  it('takes the days from 2000-01-01 to 2100-12-31, both included, and nothing else', () => {
    for (const day of ['2000-01-01', '2026-03-29', '2026-10-25', '2100-12-31']) {
      expect(daySchema.safeParse(day).success, day).toBe(true);
    }
    for (const day of [
      '1999-12-31',
      '2101-01-01',
      '0000-01-01',
      '9999-12-31',
      '10000-01-01',
      '-0001-01-01',
    ]) {
      expect(daySchema.safeParse(day).success, day).toBe(false);
    }
    expect(daySchema.safeParse('2026-02-29').success).toBe(false);
  });

  it('starts a delivery day where the VAT table starts pricing', () => {
    expect(firstPricedDay).toBe('2013-01-01');
    expect(deliveryDaySchema.safeParse('2013-01-01').success).toBe(true);
    expect(deliveryDaySchema.safeParse('2012-12-31').success).toBe(false);
    expect(deliveryWallClockSchema.safeParse('2013-01-01T08:00').success).toBe(true);
    expect(deliveryWallClockSchema.safeParse('2012-12-31T08:00').success).toBe(false);
    expect(deliveryWallClockSchema.safeParse('9999-12-31T23:59').success).toBe(false);
  });

  it('names `to` when a range runs backwards or too long, and stays quiet on bad days', () => {
    const range = z
      .object({ from: daySchema, to: daySchema.optional() })
      .superRefine((r, ctx) => checkDayRange(r, ctx, 62));
    const problems = (value: object) => {
      const result = range.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(problems({ from: '2026-11-01', to: '2027-01-01' })).toEqual([]);
    expect(problems({ from: '2026-11-01', to: '2027-01-02' })).toEqual(['to: at most 62 days']);
    expect(problems({ from: '2026-11-02', to: '2026-11-01' })).toEqual(['to: to is before from']);
    expect(problems({ from: '9999-12-31' })).toEqual(['from: a day from 2000-01-01 to 2100-12-31']);
    expect(problems({ from: '10000-01-01', to: '2026-01-01' })).toHaveLength(2);
  });
});
