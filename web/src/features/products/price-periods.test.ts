import { describe, expect, it } from 'vitest';
import { pricePeriods } from './price-history-table';

const row = (id: number, from_date: string, created: string, currency: 'CZK' | 'EUR' = 'CZK') =>
  ({
    id,
    from_date,
    created,
    currency,
    warehouse: { id: 1, name: 'Sklad Jihlava' },
    amount: 100,
    vat: 21,
  }) as Parameters<typeof pricePeriods>[0][number];

describe('what price applied on each day', () => {
  it('holds until the day before the next later price; a same-day one entered later wins', () => {
    const periods = pricePeriods([
      row(1, '2026-01-01', '2025-12-20T10:00:00Z'),
      row(2, '2026-03-01', '2026-02-10T10:00:00Z'),
      row(3, '2026-03-01', '2026-02-11T10:00:00Z'),
      row(4, '2026-03-01', '2026-02-01T10:00:00Z', 'EUR'),
    ]);
    expect(periods.get(1)).toEqual({ applied: true, until: '2026-02-28' });
    expect(periods.get(2)).toEqual({ applied: false, until: null });
    expect(periods.get(3)).toEqual({ applied: true, until: null });
    // Another currency is its own line of prices.
    expect(periods.get(4)).toEqual({ applied: true, until: null });
  });

  it('crosses a leap day and the DST change as calendar days', () => {
    const periods = pricePeriods([
      row(1, '2028-02-01', 'a'),
      row(2, '2028-03-01', 'b'),
      row(3, '2026-03-30', 'c'),
    ]);
    expect(periods.get(1)?.until).toBe('2028-02-29');
    expect(periods.get(3)?.until).toBe('2028-01-31');
  });
});
