import { describe, expect, it } from 'vitest';
import {
  deliveryPrice,
  deliveryVatOn,
  lineTotals,
  minimumAfterRateChange,
  orderTotals,
  withoutVat,
} from './order-price.ts';

/** Every expected number below is computed by hand (and written out), not by the code under test. */
describe('deliveryPrice: rate × km × 2, raised to the minimum (domain.md §1.9)', () => {
  it.each([
    // CZK 30/km, minimum 600
    [30, 600, 14.5, 870], // 30 × 14.5 × 2 = 870 > 600
    [30, 600, 8, 600], // 30 × 8 × 2 = 480 < 600
    [30, 600, 10, 600], // exactly the minimum
    [30, 600, 0, 600], // personal pick-up still pays the minimum unless it is changed
    [25, 0, 7.3, 365], // a negotiated rate with the minimum reset
    // EUR 1.25/km, minimum 30
    [1.25, 30, 20, 50], // 1.25 × 20 × 2 = 50 > 30
    [1.25, 30, 9.6, 30], // 1.25 × 9.6 × 2 = 24 < 30
    [1.25, 30, 12.3, 30.75], // 30.75, two decimals kept
    [1.15, 0, 3.33, 7.66], // 7.659 rounds to 7.66
  ])('rate %d, minimum %d, %d km → %d', (rate, minimum, distance, expected) => {
    expect(deliveryPrice({ rate, minimum, distance })).toBe(expected);
  });
});

describe('lineTotals: prices entered with VAT, split per line', () => {
  it.each([
    [2090, 3, 21, 1, 6270, 5181.82], // 6270 / 1.21 = 5181.818…
    [1290, 2, 21, 1, 2580, 2132.23], // 2580 / 1.21 = 2132.231…
    [1290, 1.5, 21, 1, 1935, 1599.17], // 1935 / 1.21 = 1599.173…
    [83.5, 2, 20, 1, 167, 139.17], // 167 / 1.2 = 139.166…
    [47.5, 2, 20, 0.9, 85.5, 71.25], // 95 × 0.9 = 85.5; / 1.2 = 71.25
    [350, 4, 0, 1, 1400, 1400], // no VAT
    [990, 1, 10, 1, 990, 900], // 990 / 1.1 = 900
  ])(
    '%d × %d at %d %% (discount %d) → %d with VAT, %d without',
    (price, amount, vat, discount, withVat, net) => {
      expect(lineTotals({ price, amount, vat, discount })).toEqual({
        total_price_vat: withVat,
        total_price: net,
      });
    },
  );

  it('multiplies exactly: 99.99 × 1.5 is 149.985, rounded up to 149.99 (not down as floats would)', () => {
    expect(lineTotals({ price: 99.99, amount: 1.5, vat: 21 }).total_price_vat).toBe(149.99);
    expect(deliveryPrice({ rate: 1.25, distance: 14.5, minimum: 0 })).toBe(36.25);
  });

  it('discount defaults to 1', () => {
    expect(lineTotals({ price: 100, amount: 3, vat: 21 }).total_price_vat).toBe(300);
  });

  it('withoutVat rounds half away from zero', () => {
    expect(withoutVat(121, 21)).toBe(100);
    expect(withoutVat(0.03, 21)).toBe(0.02); // 0.02479…
  });
});

describe('orderTotals', () => {
  it('CZK, delivery above the minimum', () => {
    // Lines: 6270 (5181.82 net) + 2580 (2132.23 net) = 8850 with VAT.
    // Delivery 30 × 14.5 × 2 = 870, without VAT 870 / 1.21 = 719.008… → 719.01.
    // With VAT 8850 + 870 = 9720; without 5181.82 + 2132.23 + 719.01 = 8033.06; VAT 1686.94.
    expect(
      orderTotals({
        currency: 'CZK',
        lines: [
          { price: 2090, amount: 3, vat: 21 },
          { price: 1290, amount: 2, vat: 21, discount: 1 },
        ],
        delivery: { rate: 30, minimum: 600, distance: 14.5 },
      }),
    ).toMatchObject({
      product_prices: 8850,
      delivery_price: 870,
      total_price: 8033.06,
      total_price_vat: 1686.94,
      price_with_vat: 9720,
    });
  });

  it('CZK, minimum applied', () => {
    // Line 1290 × 1.5 = 1935 (1599.17 net); delivery 480 → 600, net 600 / 1.21 = 495.867… → 495.87.
    // With VAT 2535; without 1599.17 + 495.87 = 2095.04; VAT 439.96.
    expect(
      orderTotals({
        currency: 'CZK',
        lines: [{ price: 1290, amount: 1.5, vat: 21 }],
        delivery: { rate: 30, minimum: 600, distance: 8 },
      }),
    ).toMatchObject({
      product_prices: 1935,
      delivery_price: 600,
      total_price: 2095.04,
      total_price_vat: 439.96,
      price_with_vat: 2535,
    });
  });

  it('EUR, delivery above the minimum, its share at 20 %', () => {
    // Lines 167 (139.17 net) + 51.5 (42.916… → 42.92 net) = 218.5; delivery 1.25 × 20 × 2 = 50,
    // together 268.5 at 20 % (the recap: one rate, computed once): without 268.5 / 1.2 = 223.75
    // (the lines' own nets would add up to 223.76); VAT 44.75.
    expect(
      orderTotals({
        currency: 'EUR',
        lines: [
          { price: 83.5, amount: 2, vat: 20 },
          { price: 51.5, amount: 1, vat: 20 },
        ],
        delivery: { rate: 1.25, minimum: 30, distance: 20 },
      }),
    ).toMatchObject({
      product_prices: 218.5,
      delivery_price: 50,
      total_price: 223.75,
      total_price_vat: 44.75,
      price_with_vat: 268.5,
    });
  });

  it('EUR, minimum applied, with a discount', () => {
    // Line 47.5 × 2 × 0.9 = 85.5 (71.25 net); delivery 24 → 30, net 25.
    // With VAT 115.5; without 96.25; VAT 19.25.
    expect(
      orderTotals({
        currency: 'EUR',
        lines: [{ price: 47.5, amount: 2, vat: 20, discount: 0.9 }],
        delivery: { rate: 1.25, minimum: 30, distance: 9.6 },
      }),
    ).toMatchObject({
      product_prices: 85.5,
      delivery_price: 30,
      total_price: 96.25,
      total_price_vat: 19.25,
      price_with_vat: 115.5,
    });
  });

  it('a delivery of 0 (rate and minimum set to 0 for a pick-up) adds nothing', () => {
    const totals = orderTotals({
      currency: 'CZK',
      lines: [{ price: 121, amount: 1, vat: 21 }],
      delivery: { rate: 0, minimum: 0, distance: 25 },
    });
    expect(totals).toMatchObject({
      product_prices: 121,
      delivery_price: 0,
      total_price: 100,
      total_price_vat: 21,
      price_with_vat: 121,
    });
  });

  it('sums many lines without drifting: VAT once per rate, not per line', () => {
    const lines = Array.from({ length: 30 }, () => ({ price: 0.1, amount: 1, vat: 21 }));
    // Each line 0.10 with VAT; per line 0.08 net would give 2.40. The recap takes 3.00 at 21 % once:
    // 3.00 / 1.21 = 2.479… → 2.48, VAT 0.52.
    const totals = orderTotals({ currency: 'CZK', lines, delivery: { rate: 0, minimum: 0, distance: 0 } });
    expect(totals.product_prices).toBe(3);
    expect(totals.total_price).toBe(2.48);
    expect(totals.total_price_vat).toBe(0.52);
    expect(totals.vat_recap).toEqual([{ rate: 21, base: 2.48, vat: 0.52, total: 3 }]);
  });

  it('CZK with 21 % and 12 % lines: a recap row per rate, the delivery at 21 %', () => {
    // 21 %: 2090 × 3 = 6270 and the delivery 870 → 7140, base 7140 / 1.21 = 5900.826… → 5900.83.
    // 12 %: 990 × 1.5 = 1485 and 350 × 2 × 0.9 = 630 → 2115, base 2115 / 1.12 = 1888.392… → 1888.39.
    const totals = orderTotals({
      currency: 'CZK',
      lines: [
        { price: 2090, amount: 3, vat: 21 },
        { price: 990, amount: 1.5, vat: 12 },
        { price: 350, amount: 2, vat: 12, discount: 0.9 },
      ],
      delivery: { rate: 30, minimum: 600, distance: 14.5 },
      supply_day: '2026-03-02',
    });
    expect(totals.vat_recap).toEqual([
      { rate: 21, base: 5900.83, vat: 1239.17, total: 7140 },
      { rate: 12, base: 1888.39, vat: 226.61, total: 2115 },
    ]);
    expect(totals).toMatchObject({
      product_prices: 8385,
      delivery_price: 870,
      price_with_vat: 9255,
      total_price: 7789.22,
      total_price_vat: 1465.78,
    });
  });

  it('EUR with 20 % and 10 % lines: the recap adds up to the lines to the cent', () => {
    const lines = [
      { price: 83.5, amount: 2, vat: 20 },
      { price: 12.99, amount: 3, vat: 10 },
      { price: 0.99, amount: 7, vat: 10, discount: 0.95 },
    ];
    const totals = orderTotals({
      currency: 'EUR',
      lines,
      delivery: { rate: 1.25, minimum: 30, distance: 9.6 },
      supply_day: '2026-03-02',
    });
    // 20 %: 167 + the minimum 30 = 197 → 164.17 + 32.83. 10 %: 38.97 + 6.58 (6.5835) = 45.55 → 41.41 + 4.14.
    expect(totals.vat_recap).toEqual([
      { rate: 20, base: 164.17, vat: 32.83, total: 197 },
      { rate: 10, base: 41.41, vat: 4.14, total: 45.55 },
    ]);
    const sum = (pick: (r: { base: number; vat: number; total: number }) => number) =>
      totals.vat_recap.reduce((s, r) => s + Math.round(pick(r) * 100), 0) / 100;
    expect(sum((r) => r.total)).toBe(totals.price_with_vat);
    expect(sum((r) => r.base)).toBe(totals.total_price);
    expect(sum((r) => r.vat)).toBe(totals.total_price_vat);
  });

  it("the delivery share's rate is the standard rate on the day of supply", () => {
    expect(deliveryVatOn('CZK', '2023-12-31')).toBe(21);
    expect(deliveryVatOn('CZK', '2026-03-02')).toBe(21);
    expect(deliveryVatOn('EUR', '2026-03-02')).toBe(20);
  });

  it('a draft without a currency has no delivery price and no lines', () => {
    expect(orderTotals({ currency: null, lines: [], delivery: null })).toMatchObject({
      product_prices: 0,
      delivery_price: 0,
      total_price: 0,
      total_price_vat: 0,
      price_with_vat: 0,
    });
  });
});

describe('minimumAfterRateChange (domain.md §1.4)', () => {
  it('resets the default minimum when the rate leaves its default', () => {
    expect(minimumAfterRateChange('CZK', 25, 600)).toBe(0);
    expect(minimumAfterRateChange('EUR', 1, 30)).toBe(0);
  });

  it('keeps a minimum that was changed, and the default one while the rate is the default', () => {
    expect(minimumAfterRateChange('CZK', 25, 450)).toBe(450);
    expect(minimumAfterRateChange('CZK', 30, 600)).toBe(600);
    expect(minimumAfterRateChange('EUR', 1.25, 30)).toBe(30);
  });
});
