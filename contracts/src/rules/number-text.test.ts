import { describe, expect, it } from 'vitest';
import { numberText } from './number-text.ts';

// Every option set the app formats with (format.ts, web/src/ui/format.ts), and a few beside.
const optionSets: Intl.NumberFormatOptions[] = [
  {},
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
  { maximumFractionDigits: 3 },
  { maximumFractionDigits: 6 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { minimumFractionDigits: 1 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2, style: 'currency', currency: 'CZK' },
  { minimumFractionDigits: 2, maximumFractionDigits: 2, style: 'currency', currency: 'EUR' },
  { style: 'currency', currency: 'CZK' },
  { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 },
  { style: 'percent' },
  { style: 'percent', maximumFractionDigits: 2 },
];
const locales = ['cs-CZ', 'en-GB'];

/** A reproducible spread of values: money in haléře, amounts with three decimals, tiny and huge. */
function* values(): Generator<number> {
  yield* [0, -0, 1, -1, 0.5, -0.5, 1.005, 2.675, 0.005, -0.001, 999.995, 9.995, 99_999.999_5, 1e-7, 1.23e-7];
  yield* [1e21, 1.5e22, -1e21, 123_456_789.123_456, 0.1 + 0.2, 1234, 12_345, 123_456, 1_000_000, 5e-324];
  let seed = 20_261_130;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < 3000; i++) {
    const sign = random() < 0.2 ? -1 : 1;
    yield (sign * Math.round(random() * 10 ** Math.floor(random() * 9))) / 100; // haléře
    yield (sign * Math.round(random() * 10 ** Math.floor(random() * 7))) / 1000; // m³, kg
    yield sign * random() * 10 ** Math.floor(random() * 12 - 4); // anything
    yield (sign * (Math.floor(random() * 100_000) + 0.5)) / 10 ** Math.floor(random() * 4); // halves
  }
}

describe('numbers written without ICU (domain.md §2.9, decision 0105)', () => {
  it('writes every value as Intl.NumberFormat does, in Czech and English, for every option set', () => {
    let compared = 0;
    for (const locale of locales)
      for (const options of optionSets) {
        const mine = numberText(locale, options);
        expect(mine, `${locale} ${JSON.stringify(options)} is the app's own`).not.toBeNull();
        const intl = new Intl.NumberFormat(locale, options);
        for (const value of values()) {
          const expected = intl.format(value);
          if (mine!.format(value) !== expected)
            expect(mine!.format(value), `${locale} ${JSON.stringify(options)} ${value}`).toBe(expected);
          compared++;
        }
      }
    expect(compared).toBeGreaterThan(300_000);
  });

  it('shows the forms the documents and screens print', () => {
    const money = { minimumFractionDigits: 2, maximumFractionDigits: 2, style: 'currency' } as const;
    expect(numberText('cs-CZ', { ...money, currency: 'CZK' })!.format(12_844)).toBe('12\u00a0844,00\u00a0Kč');
    expect(numberText('en-GB', { ...money, currency: 'CZK' })!.format(-1234.5)).toBe('-CZK\u00a01,234.50');
    expect(numberText('en-GB', { ...money, currency: 'EUR' })!.format(1.005)).toBe('€1.01');
    expect(numberText('cs-CZ', { style: 'percent', maximumFractionDigits: 2 })!.format(0.125)).toBe(
      '12,5\u00a0%',
    );
    expect(numberText('cs-CZ', { maximumFractionDigits: 2 })!.format(-0.001)).toBe('-0');
  });

  it('leaves to Intl what it does not write: other locales, options and infinite values', () => {
    expect(numberText('de-DE', {})).toBeNull();
    expect(numberText('cs-CZ', { notation: 'compact' })).toBeNull();
    expect(numberText('cs-CZ', { style: 'currency', currency: 'USD' })).toBeNull();
    expect(numberText('cs-CZ', { style: 'unit', unit: 'meter' })).toBeNull();
    expect(numberText('cs-CZ', { minimumFractionDigits: 3, maximumFractionDigits: 2 })).toBeNull();
    expect(numberText('cs-CZ', {})!.format(Number.POSITIVE_INFINITY)).toBe(
      new Intl.NumberFormat('cs-CZ').format(Number.POSITIVE_INFINITY),
    );
    expect(numberText('en-GB', {})!.format(Number.NaN)).toBe('NaN');
  });
});
