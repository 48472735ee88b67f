import { describe, expect, it } from 'vitest';
import { fromMinor, multiplyMoney, roundMoney, toMinor } from './money.ts';
import { seededRandom } from './seeded-random.ts';

describe('roundMoney', () => {
  it.each([
    [1.005, 1.01],
    [-1.005, -1.01],
    [2.675, 2.68],
    [8.345, 8.35],
    [0.285, 0.29],
    [1.0049999, 1],
    [1.004, 1],
    [-1.004, -1],
    [0.125, 0.13],
    [-0.125, -0.13],
    [123456789.125, 123456789.13],
    [19.99, 19.99],
    [7, 7],
  ])('rounds %d half away from zero to %d', (value, expected) => {
    expect(roundMoney(value)).toBe(expected);
  });

  it('rounds to other numbers of places: whole units for QR amounts', () => {
    expect(roundMoney(2.5, 0)).toBe(3);
    expect(roundMoney(-2.5, 0)).toBe(-3);
    expect(roundMoney(1234.49, 0)).toBe(1234);
    expect(roundMoney(1.0005, 3)).toBe(1.001);
  });

  it('rounds a sum of prices, not its binary artefacts', () => {
    // 0.1 + 0.2 is 0.30000000000000004 and 1.005 × 100 is 100.49999999999999 in binary,
    // so Math.round(x * 100) / 100 would give 1 for 1.005 (the cases above).
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(0.615 * 3)).toBe(1.85);
    expect(roundMoney(1.15 * 3)).toBe(3.45);
  });

  it('rounds in floating point exactly as through the text, over 50 000 amounts', () => {
    // The text shift, the rule's definition; roundMoney takes a floating-point shortcut away from
    // one half and must never differ from it.
    const shift = (v: number, places: number) => {
      const [mantissa, exponent = '0'] = String(v).split('e');
      return Number(`${mantissa}e${Number(exponent) + places}`);
    };
    const byText = (v: number, places: number) =>
      (v < 0 ? -1 : 1) * shift(Math.round(shift(Math.abs(v), places)), -places) || 0;
    const random = seededRandom(20261124);
    const differing: number[] = [];
    for (let i = 0; i < 50_000; i++) {
      const price = Math.round(random() * 10 ** (1 + (i % 7))) / 10 ** (i % 5);
      const amount = Math.round(random() * 10000) / 1000;
      const candidates = [price, price * amount, price * amount * 0.9, -price / 3, price * 1.21];
      for (const v of candidates)
        for (const places of [0, 2, 3]) if (roundMoney(v, places) !== byText(v, places)) differing.push(v);
    }
    expect(differing).toEqual([]);
    // Pure computation, a fraction of a second alone: the bound is for a machine many times busier.
  }, 120_000);

  it('refuses what is not an amount', () => {
    expect(() => roundMoney(Number.NaN)).toThrow(RangeError);
    expect(() => roundMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('multiplyMoney', () => {
  it('multiplies exactly and rounds half away from zero once', () => {
    expect(99.99 * 1.5).toBeLessThan(149.985); // what binary floating point gives
    expect(multiplyMoney(99.99, 1.5)).toBe(149.99);
    expect(multiplyMoney(2140, 3)).toBe(6420);
    expect(multiplyMoney(350.5, 3, 1)).toBe(1051.5);
    expect(multiplyMoney(1.25, 14.5, 2)).toBe(36.25);
    expect(multiplyMoney(0.333, 1)).toBe(0.33);
    expect(multiplyMoney(0.335, 1)).toBe(0.34);
    expect(multiplyMoney(-0.335, 1)).toBe(-0.34);
    expect(multiplyMoney(1e21, 1)).toBe(1e21);
    expect(multiplyMoney(12345678.9, 3)).toBe(37037036.7);
    expect(multiplyMoney(1234.56, 0.9)).toBe(1111.1);
    expect(multiplyMoney(0, 5)).toBe(0);
  });

  it('agrees with BigInt decimal arithmetic on random price × amount × discount, ties included', () => {
    const random = seededRandom(20261124);
    const next = (n: number) => Math.floor(random() * n);
    for (let i = 0; i < 20_000; i++) {
      const cents = next(100_000_000) - (i % 10 === 0 ? 50_000_000 : 0); // ±1 000 000,00
      const hundredths = next(1_000_000) + 1; // 0,01 … 10 000
      const tenThousandths = i % 3 === 0 ? 10_000 : next(10_001); // a discount of 0 … 1
      const digits = BigInt(cents) * BigInt(hundredths) * BigInt(tenThousandths); // 8 places
      const negative = digits < 0n;
      const magnitude = negative ? -digits : digits;
      const rounded = (magnitude * 2n + 1_000_000n) / 2_000_000n; // half away from zero, 2 places
      const expected = (negative ? -1 : 1) * (Number(rounded) / 100) || 0;
      expect(multiplyMoney(cents / 100, hundredths / 100, tenThousandths / 10_000)).toBe(expected);
    }
  });

  it('agrees with decimal arithmetic on many price × amount pairs', () => {
    for (let cents = 1; cents < 3000; cents += 7) {
      for (const milli of [1, 250, 500, 1500, 2333, 12750]) {
        // Exact: cents × milli / 1000, half up, in integers.
        const exact = Math.floor((cents * milli * 2 + 1000) / 2000) / 100;
        expect(multiplyMoney(cents / 100, milli / 1000)).toBe(exact);
      }
    }
  });

  it('refuses what is not an amount', () => {
    expect(() => multiplyMoney(Number.NaN, 1)).toThrow(RangeError);
  });
});

describe('minor units', () => {
  it('converts amounts to whole haléř or cents, rounding first', () => {
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(-1.005)).toBe(-101);
    expect(toMinor(1234)).toBe(123400);
    expect(Number.isInteger(toMinor(0.1 + 0.2))).toBe(true);
  });

  it('converts back', () => {
    expect(fromMinor(1999)).toBe(19.99);
    expect(fromMinor(toMinor(2.675))).toBe(2.68);
  });
});
