import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl.ts';

describe('kept Intl formatters', () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    const a = numberFormat('cs-CZ', { maximumFractionDigits: 2 });
    expect(numberFormat('cs-CZ', { maximumFractionDigits: 2 })).toBe(a);
    expect(numberFormat('en-GB', { maximumFractionDigits: 2 })).not.toBe(a);
    expect(numberFormat('cs-CZ', { maximumFractionDigits: 0 })).not.toBe(a);
    expect(dateTimeFormat('cs-CZ', { timeZone: 'Europe/Prague' })).toBe(
      dateTimeFormat('cs-CZ', { timeZone: 'Europe/Prague' }),
    );
  });

  it('formats as a new Intl formatter would', () => {
    const options = { style: 'currency', currency: 'CZK', minimumFractionDigits: 2 } as const;
    for (const value of [0, 1234.5, -0.4, 1e9])
      expect(numberFormat('cs-CZ', options).format(value)).toBe(
        new Intl.NumberFormat('cs-CZ', options).format(value),
      );
    const at = new Date('2026-03-29T01:30:00Z');
    const when = { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit' } as const;
    expect(dateTimeFormat('cs-CZ', when).format(at)).toBe(new Intl.DateTimeFormat('cs-CZ', when).format(at));
  });
});
