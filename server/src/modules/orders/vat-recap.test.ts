import type { Order } from '@letokruh/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { makeOrder, warehouseIds } from '../../test/orders.ts';
import { makeProduct } from '../../test/products.ts';

/**
 * Decision 0038: GET /order/{id} answers the VAT recap per rate (lines and delivery share), whose sums
 * are the order's totals to the haléř, and for a CZK cash order the amount rounded to whole crowns.
 */
let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let w: Awaited<ReturnType<typeof warehouseIds>>;
let customerId: number;
let standard: number;
let reduced: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher } = await signIn(t.app, ['owner', 'dispatcher']));
  w = await warehouseIds(owner);
  customerId = await someCustomerId(owner);
  standard = await makeProduct(owner, w.jihlava); // 1210 CZK at 21 %, 50 EUR at 20 %
  reduced = await makeProduct(owner, w.jihlava, {
    stock: 0,
    name: `Štěpka ${Math.random().toString(36).slice(2, 8)}`,
    shorten_name: 'STE',
    type: 'Doplňkový prodej',
    length: 0,
    priceForm: [
      { currency: 'CZK', price: 590.3, vat: 12 },
      { currency: 'EUR', price: 12.99, vat: 10 },
    ],
  });
}, 600_000);
afterAll(() => t?.close());

const cents = (n: number) => Math.round(n * 100);
function expectConsistent(order: Order) {
  const sum = (pick: (r: Order['vat_recap'][number]) => number) =>
    order.vat_recap.reduce((s, r) => s + cents(pick(r)), 0);
  const lines = order.products.reduce((s, l) => s + cents(l.total_price_vat), 0);
  expect(sum((r) => r.total)).toBe(lines + cents(order.delivery_price.price));
  expect(sum((r) => r.total)).toBe(cents(order.price_with_vat));
  expect(sum((r) => r.base)).toBe(cents(order.total_price));
  expect(sum((r) => r.vat)).toBe(cents(order.total_price_vat));
  for (const r of order.vat_recap) expect(cents(r.base) + cents(r.vat)).toBe(cents(r.total));
}

describe('GET /order/{id}: vat_recap, amount_to_pay, cash_rounding', () => {
  it('a CZK cash order with 21 % and 12 % lines', async () => {
    const made = await makeOrder(dispatcher, {
      warehouseId: w.jihlava,
      customerId,
      lines: [
        { id: standard, amount: 1.5 },
        { id: reduced, amount: 3 },
      ],
      items: { distance: 12.3 },
    });
    const order = (await dispatcher.get(`/api/order/${made.id}`)).json().item as Order;
    // 21 %: 1.5 × 1210 = 1815 + delivery 30 × 12.3 × 2 = 738 → 2553; 12 %: 3 × 590.3 = 1770.9.
    expect(order.vat_recap).toEqual([
      { rate: 21, base: 2109.92, vat: 443.08, total: 2553 },
      { rate: 12, base: 1581.16, vat: 189.74, total: 1770.9 },
    ]);
    expect(order).toMatchObject({
      price_with_vat: 4323.9,
      total_price: 3691.08,
      total_price_vat: 632.82,
      amount_to_pay: 4324,
      cash_rounding: 0.1,
    });
    expectConsistent(order);
  });

  it('an EUR order with 20 % and 10 % lines, paid by transfer: exact', async () => {
    const supplierId = (await owner.get('/api/suppliers')).json().items[0].id as number;
    const made = await makeOrder(dispatcher, {
      warehouseId: w.jihlava,
      customerId,
      lines: [
        { id: standard, amount: 2 },
        { id: reduced, amount: 7 },
      ],
      items: { currency: 'EUR', distance: 9.6 },
      intern: { payment_type: 'qr_transfer', supplier_id: supplierId },
    });
    const order = (await dispatcher.get(`/api/order/${made.id}`)).json().item as Order;
    // 20 %: 2 × 50 = 100 + the minimum 30 = 130; 10 %: 7 × 12.99 = 90.93.
    expect(order.vat_recap).toEqual([
      { rate: 20, base: 108.33, vat: 21.67, total: 130 },
      { rate: 10, base: 82.66, vat: 8.27, total: 90.93 },
    ]);
    expect(order).toMatchObject({ price_with_vat: 220.93, amount_to_pay: 220.93, cash_rounding: 0 });
    expectConsistent(order);
  });
});
