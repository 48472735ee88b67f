import { describe, expect, it } from 'vitest';
import { cashBalance, checkCash, deliveredMoney } from './delivered-money.ts';
import { orderTotals } from './order-price.ts';

// Hand computations (domain.md §2.13): each line price × amount × discount rounded to the haléř,
// summed with the delivery; CZK cash then rounded to whole crowns, half up.
const czkLines = [
  // 3 of 4 PRMS: 4 × 3 211.00 = 12 844.00 ordered, 3 × 3 211.00 = 9 633.00 delivered.
  { price: 3211, ordered: 4, delivered: 3 },
  // Returned whole: 10 × 89.90 × 0.95 = 854.05 ordered, 0 delivered.
  { price: 89.9, discount: 0.95, ordered: 10, delivered: 0 },
  // Delivered whole: 7 × 12.35 = 86.45 both.
  { price: 12.35, ordered: 7, delivered: 7 },
];

describe('money after a delivery', () => {
  it('follows the delivered amounts of partial, zero and full lines in CZK cash', () => {
    const money = deliveredMoney({
      currency: 'CZK',
      pay_by_cash: true,
      delivery_price: 600,
      lines: czkLines,
    });
    // 12 844.00 + 854.05 + 86.45 + 600 = 14 384.50 → 14 385 in cash.
    expect(money.ordered_price_with_vat).toBe(14384.5);
    expect(money.ordered_amount_due).toBe(14385);
    // 9 633.00 + 0 + 86.45 + 600 = 10 319.45 → 10 319 in cash, rounding −0.45.
    expect(money.price_with_vat).toBe(10319.45);
    expect(money.amount_due).toBe(10319);
    expect(money.rounding).toBe(-0.45);
  });

  it('stays exact for a CZK transfer', () => {
    const money = deliveredMoney({
      currency: 'CZK',
      pay_by_cash: false,
      delivery_price: 600,
      lines: czkLines,
    });
    expect(money.amount_due).toBe(10319.45);
    expect(money.rounding).toBe(0);
  });

  it('follows the delivered amounts of partial, zero and full lines in EUR, unrounded', () => {
    const money = deliveredMoney({
      currency: 'EUR',
      pay_by_cash: true,
      delivery_price: 30,
      lines: [
        // 3 × 45.90 = 137.70 ordered, 2 × 45.90 = 91.80 delivered.
        { price: 45.9, ordered: 3, delivered: 2 },
        // 5 × 7.49 × 0.9 = 33.705 → 33.71 ordered (half away from zero), 0 delivered.
        { price: 7.49, discount: 0.9, ordered: 5, delivered: 0 },
        // 2.99 both.
        { price: 2.99, ordered: 1, delivered: 1 },
      ],
    });
    // 137.70 + 33.71 + 2.99 + 30 = 204.40; 91.80 + 0 + 2.99 + 30 = 124.79.
    expect(money.ordered_price_with_vat).toBe(204.4);
    expect(money.ordered_amount_due).toBe(204.4);
    expect(money.price_with_vat).toBe(124.79);
    expect(money.amount_due).toBe(124.79);
    expect(money.rounding).toBe(0);
  });

  it('gives the total orderTotals gives for the same lines', () => {
    const money = deliveredMoney({
      currency: 'CZK',
      pay_by_cash: false,
      delivery_price: 600,
      lines: czkLines,
    });
    const totals = orderTotals({
      currency: 'CZK',
      lines: czkLines.map((l) => ({
        price: l.price,
        amount: l.delivered,
        vat: 21,
        discount: l.discount ?? 1,
      })),
      delivery: { rate: 30, minimum: 600, distance: 3 },
      supply_day: '2026-11-30',
    });
    expect(totals.price_with_vat).toBe(money.price_with_vat);
  });

  it('refuses cash above twice the amount due and asks a note above it', () => {
    expect(checkCash(10319, 20638, 'spropitné')).toBeNull();
    expect(checkCash(10319, 20638.01, 'spropitné')).toBe('over_bound');
    expect(checkCash(30045, 99999999, 'x')).toBe('over_bound');
    expect(checkCash(10319, 10320, ' ')).toBe('needs_note');
    expect(checkCash(10319, 10319, '')).toBeNull();
    expect(checkCash(10319, null, '')).toBeNull();
    // Everything returned: nothing is due, so no cash at all.
    expect(checkCash(0, 1, 'x')).toBe('over_bound');
  });

  it('leaves the exact rest as the balance when the cash is short', () => {
    const due = { price_with_vat: 10319.45, amount_due: 10319 };
    expect(cashBalance(due, 10000)).toEqual({ balance: 319.45, excess: 0 });
    expect(cashBalance(due, null)).toEqual({ balance: 10319.45, excess: 0 });
    expect(cashBalance(due, 10319)).toEqual({ balance: 0, excess: 0 });
    expect(cashBalance(due, 10400)).toEqual({ balance: 0, excess: 81 });
    // Rounded up: 12 843.60 is 12 844 in cash; 12 843.70 taken leaves no balance below zero.
    expect(cashBalance({ price_with_vat: 12843.6, amount_due: 12844 }, 12843.7)).toEqual({
      balance: 0,
      excess: 0,
    });
  });
});
