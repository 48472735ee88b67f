import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Order } from '@letokruh/contracts/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { itemsPayload, makeOrder, warehouseIds } from '../../test/orders.ts';
import { makeProduct } from '../../test/products.ts';

/**
 * Decision 0033, the total sort: the stored `orders.price_with_vat` (migration 0025's triggers) is, for
 * every order, the price_with_vat GET /order/{id} computes in JavaScript (orderTotals) — after the
 * demo seed and after every kind of write through the API; and the migration's own backfill gives
 * the same numbers.
 */

let t: BuiltTestApp;
let owner: Client;
let jihlava: number;
let brod: number;
let customerId: number;
let p: number;
let q: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner } = await signIn(t.app, ['owner']));
  ({ jihlava, brod } = await warehouseIds(owner));
  customerId = await someCustomerId(owner, 2);
  p = await makeProduct(owner, jihlava, { stock: 100 });
  // q also has a price in Brod, so that the move re-prices it.
  q = await makeProduct(owner, jihlava, { stock: 100, alsoIn: [brod] });
}, 60_000);
afterAll(() => t?.close());

const rows = async <R>(query: ReturnType<typeof sql>): Promise<R[]> => rowsOf<R>(t.db, query);

const stored = async () =>
  new Map(
    (
      await rows<{ id: number; total: string }>(sql`select id, price_with_vat::text as total from orders`)
    ).map((r) => [r.id, Number(r.total)]),
  );

/** Every order's stored total against what GET /order/{id} answers; answers how many were compared. */
async function expectAllStoredTotalsRight(): Promise<number> {
  const totals = await stored();
  const wrong: string[] = [];
  for (const [id, total] of totals) {
    const answer = await owner.get(`/api/order/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const computed = (answer.json().item as Order).price_with_vat;
    if (computed !== total) wrong.push(`${id}: stored ${total}, computed ${computed}`);
  }
  expect(wrong).toEqual([]);
  return totals.size;
}

/**
 * The migration's backfill, run again on zeroed totals (the trigger that would recompute them
 * switched off meanwhile), gives every order the number it had.
 */
async function expectBackfillSame(): Promise<void> {
  const before = await stored();
  const migration = readFileSync(
    path.resolve(import.meta.dirname, '../../db/migrations/0025_order_price_with_vat.sql'),
    'utf8',
  );
  const backfill = migration
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .find((s) => s.startsWith('UPDATE "orders" AS o SET "price_with_vat"'));
  expect(backfill).toBeDefined();
  await t.db.execute(sql`alter table orders disable trigger orders_price_with_vat`);
  try {
    await t.db.execute(sql`update orders set price_with_vat = 0`);
    expect([...(await stored()).values()].every((v) => v === 0)).toBe(true);
    await t.db.execute(sql.raw(backfill as string));
  } finally {
    await t.db.execute(sql`alter table orders enable trigger orders_price_with_vat`);
  }
  expect(await stored()).toEqual(before);
}

const orderOf = async (id: number) => (await owner.get(`/api/order/${id}`)).json().item as Order;
const storedOf = async (id: number) => (await stored()).get(id);

describe('the stored order total (migration 0025)', () => {
  it('matches every demo order, and the migration backfill computes the same', async () => {
    const compared = await expectAllStoredTotalsRight();
    expect(compared).toBeGreaterThan(50);
    expect([...(await stored()).values()].filter((v) => v > 0).length).toBeGreaterThan(50);
    await expectBackfillSame();
  });

  it('follows every write: lines, delivery terms, distance, currency, collection, re-pricing, copy, quote', async () => {
    const order = await makeOrder(owner, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: p, amount: 2 }],
      items: { distance: 12.5, duration: 20 },
    });
    expect(await storedOf(order.id)).toBe(order.price_with_vat);
    expect(order.price_with_vat).toBeGreaterThan(0);
    const items = async (body: Record<string, unknown>) => {
      const current = await orderOf(order.id);
      const answer = await owner.post(`/api/order/${order.id}/items`, {
        ...body,
        version: current.version,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const item = answer.json().item as Order;
      expect(await storedOf(order.id), JSON.stringify(body)).toBe(item.price_with_vat);
      return item;
    };
    // A line added (odd price × amount × discount: per-line rounding), changed, removed.
    let item = await items(
      itemsPayload(jihlava, [
        { id: p, amount: 2 },
        { id: q, amount: 1.5, price: 99.99 },
      ]),
    );
    expect(item.product_prices).toBe(2420 + 149.99);
    item = await items(
      itemsPayload(jihlava, [
        { id: p, amount: 3.25, price: 1000.01 },
        { id: q, amount: 1.5, price: 99.99 },
      ]),
    );
    item = await items(itemsPayload(jihlava, [{ id: q, amount: 1.25, price: 33.33 }]));
    expect(item.products).toHaveLength(1);
    // Delivery rate, minimum and distance: raised to the minimum, then above it.
    item = await items(
      itemsPayload(jihlava, [{ id: q, amount: 1.25, price: 33.33 }], {
        distance: 3.3,
        delivery_price_amount: 17.77,
        minimim_delivery_price: 444.44,
      }),
    );
    expect(item.delivery_price.price).toBe(444.44);
    item = await items(
      itemsPayload(jihlava, [{ id: q, amount: 1.25, price: 33.33 }], {
        distance: 88.8,
        delivery_price_amount: 17.77,
        minimim_delivery_price: 444.44,
      }),
    );
    expect(item.delivery_price.price).toBe(3155.95);
    // Currency: EUR prices and delivery terms.
    item = await items(itemsPayload(jihlava, [{ id: q, amount: 2 }], { currency: 'EUR', distance: 10 }));
    expect(item.currency).toBe('EUR');
    // The intern step: delivery terms, then personal collection (no transport price).
    const intern = async (body: Record<string, unknown>) => {
      const current = await orderOf(order.id);
      const answer = await owner.post(`/api/order/${order.id}/intern`, {
        payment_type: 'cash',
        expected_delivery_duration: 60,
        expected_delivery_date: current.expected_delivery_date,
        expected_delivery_time: current.expected_delivery_time,
        driver_id: current.driver?.id ?? null,
        car_id: current.car?.id ?? null,
        confirm_overlap: true,
        version: current.version,
        ...body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const saved = answer.json().item as Order;
      expect(await storedOf(order.id), JSON.stringify(body)).toBe(saved.price_with_vat);
      return saved;
    };
    const withTerms = await intern({ delivery_price_amount: 2.5, minimim_delivery_price: 7 });
    const collected = await intern({ driver_id: null, car_id: null });
    expect(collected.delivery_price.price).toBe(0);
    expect(collected.price_with_vat).toBeLessThan(withTerms.price_with_vat);
    // A warehouse change re-prices the lines.
    item = await items(itemsPayload(brod, [{ id: q, amount: 2 }], { currency: 'CZK' }));
    expect(item.warehouse?.id).toBe(brod);
    // A line marked prepared changes nothing, and the total stays.
    const line = item.products[0]!;
    const prepared = await owner.put(`/api/order/${order.id}/${line.id}/prepared`, {});
    expect(prepared.statusCode, prepared.body).toBe(200);
    expect(await storedOf(order.id)).toBe(item.price_with_vat);
    // Done and undone (stock) leave the total as it was.
    const done = await owner.put(`/api/order/${order.id}/done`, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(await storedOf(order.id)).toBe(item.price_with_vat);
    // A copy: a new draft with the lines and terms, its own stored total.
    const copy = await owner.get(`/api/order/${order.id}/copy`);
    expect(copy.statusCode, copy.body).toBe(200);
    const copyId = copy.json().order_id as number;
    expect(await storedOf(copyId)).toBe((await orderOf(copyId)).price_with_vat);
    // A quote turned into an order (it keeps a line of 1.5 × 99.99 = 149.985, rounded up to haléř).
    const home = (await owner.get('/api/calculation/warehouses'))
      .json()
      .items.find((w: { id: number }) => w.id === jihlava).address;
    const made = await owner.post('/api/calculation/order', {
      warehouse_id: jihlava,
      currency: 'CZK',
      products: [
        { id: p, amount: 2 },
        { id: q, amount: 1.5, price: 99.99 },
      ],
      destination: { gps_lat: home.gps_lat + 1, gps_lon: home.gps_lon },
    });
    expect(made.statusCode, made.body).toBe(201);
    const quoted = made.json().id as number;
    expect(await storedOf(quoted)).toBe(11245.99);
    expect((await orderOf(quoted)).price_with_vat).toBe(11245.99);
    // And, after all that, every order still agrees, and the backfill agrees on these lines too.
    await expectAllStoredTotalsRight();
    await expectBackfillSame();
  });

  it('cannot be written past the rule: a direct write of the column is recomputed', async () => {
    const [first] = await rows<{ id: number }>(sql`select id from orders where price_with_vat > 0 limit 1`);
    const before = await storedOf(first!.id);
    await t.db.execute(sql`update orders set price_with_vat = 1 where id = ${first!.id}`);
    expect(await storedOf(first!.id)).toBe(before);
  });
});
