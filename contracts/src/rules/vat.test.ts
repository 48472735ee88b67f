import { describe, expect, it } from 'vitest';
import { cashToPay, isVatRateValidOn, standardVatOn, vatRatesOn, vatRecap } from './vat.ts';

describe('VAT by period', () => {
  it('offers 15 % and 10 % in Czechia until 2023 and 12 % from 2024', () => {
    expect(vatRatesOn('CZK', '2023-12-31')).toEqual([21, 15, 10, 0]);
    expect(vatRatesOn('CZK', '2024-01-01')).toEqual([21, 12, 0]);
    expect(isVatRateValidOn('CZK', '2026-11-26', 15)).toBe(false);
    expect(isVatRateValidOn('CZK', '2026-11-26', 12)).toBe(true);
  });
  it('offers the Austrian rates for EUR and names the standard rate', () => {
    expect(vatRatesOn('EUR', '2026-11-26')).toEqual([20, 13, 10, 0]);
    expect(standardVatOn('CZK', '2026-11-26')).toBe(21);
    expect(standardVatOn('EUR', '2026-11-26')).toBe(20);
  });
});

describe('VAT recapitulation', () => {
  it('computes the VAT once per rate and adds up to the lines to the haléř', () => {
    const lines = [
      { vat: 21, total_with_vat: 1000.01 },
      { vat: 12, total_with_vat: 333.33 },
      { vat: 21, total_with_vat: 0.99 },
      { vat: 0, total_with_vat: 50 },
    ];
    const recap = vatRecap(lines);
    expect(recap).toEqual([
      { rate: 21, base: 827.27, vat: 173.73, total: 1001 },
      { rate: 12, base: 297.62, vat: 35.71, total: 333.33 },
      { rate: 0, base: 50, vat: 0, total: 50 },
    ]);
    for (const row of recap) expect(Math.round((row.base + row.vat) * 100)).toBe(Math.round(row.total * 100));
  });
});

describe('cash rounding', () => {
  it('rounds CZK cash to whole crowns and shows the difference', () => {
    expect(cashToPay(1234.5, 'CZK', true)).toEqual({ to_pay: 1235, rounding: 0.5 });
    expect(cashToPay(1234.49, 'CZK', true)).toEqual({ to_pay: 1234, rounding: -0.49 });
  });
  it('keeps transfers and EUR exact', () => {
    expect(cashToPay(1234.49, 'CZK', false)).toEqual({ to_pay: 1234.49, rounding: 0 });
    expect(cashToPay(12.34, 'EUR', true)).toEqual({ to_pay: 12.34, rounding: 0 });
  });
});
