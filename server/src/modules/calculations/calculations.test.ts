import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { warehouseIds } from '../../test/orders.ts';
import { makeProduct } from '../../test/products.ts';

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let warehouseman: Client;
let driver: Client;
let jihlava: number;
let p: number;
let q: number;
/** Removed from the offer: never on a quote. */
let retired: number;
let home: { gps_lat: number; gps_lon: number };

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, warehouseman, driver } = await signIn(t.app, [
    'owner',
    'dispatcher',
    'warehouseman',
    'driver',
  ]));
  ({ jihlava } = await warehouseIds(owner));
  p = await makeProduct(owner, jihlava);
  q = await makeProduct(owner, jihlava);
  retired = await makeProduct(owner, jihlava);
  expect((await owner.delete(`/api/product/${retired}/delete`)).statusCode).toBe(200);
  const { items } = (await warehouseman.get('/api/calculation/warehouses')).json();
  home = items.find((w: { id: number }) => w.id === jihlava).address;
}, 60_000);
afterAll(() => t?.close());

/**
 * 2 × 1210 = 2420 and 1.5 × 99.98 (typed) = 149.97; one degree of latitude north of the yard is
 * 111.195 km straight, × 1.3 = 144.6 km by road, 174 min at 50 km/h; delivery 30 × 144.6 × 2 = 8676.
 * Without VAT: 2000 + 123.94 + 7170.25 = 9294.19; with VAT 11245.97; VAT 1951.78.
 */
const quote = () => ({
  warehouse_id: jihlava,
  currency: 'CZK',
  products: [
    { id: p, amount: 2 },
    { id: q, amount: 1.5, price: 99.98 },
  ],
  destination: { gps_lat: home.gps_lat + 1, gps_lon: home.gps_lon },
});

describe('POST /calculation', () => {
  it('prices the lines, the estimated delivery and the totals as the items step does', async () => {
    const answer = await warehouseman.post('/api/calculation', quote());
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.lines).toEqual([
      expect.objectContaining({
        amount: 2,
        price: 1210,
        vat: 21,
        discount: 1,
        total_price_vat: 2420,
        total_price: 2000,
      }),
      expect.objectContaining({ amount: 1.5, price: 99.98, total_price_vat: 149.97, total_price: 123.94 }),
    ]);
    expect(body).toMatchObject({
      distance: 144.6,
      duration: 174,
      estimate: true,
      delivery_price: { amount: 30, minimum_price: 600, price: 8676 },
      product_prices: 2569.97,
      total_price: 9294.19,
      total_price_vat: 1951.78,
      price_with_vat: 11245.97,
    });
  });

  it('takes a typed distance, rate and minimum; without a destination the delivery is the minimum', async () => {
    const typed = (
      await warehouseman.post('/api/calculation', {
        ...quote(),
        distance: 5,
        delivery_price_amount: 40,
        minimim_delivery_price: 0,
      })
    ).json();
    expect(typed).toMatchObject({
      distance: 5,
      duration: 6,
      estimate: false,
      delivery_price: { price: 400 },
    });
    const none = (await warehouseman.post('/api/calculation', { ...quote(), destination: null })).json();
    expect(none).toMatchObject({ distance: 0, delivery_price: { price: 600 }, price_with_vat: 3169.97 });
    const eur = (
      await warehouseman.post('/api/calculation', {
        ...quote(),
        currency: 'EUR',
        products: [{ id: p, amount: 3 }],
        destination: null,
      })
    ).json();
    expect(eur).toMatchObject({
      product_prices: 150,
      delivery_price: { amount: 1.25, minimum_price: 30, price: 30 },
      price_with_vat: 180,
      total_price: 150,
    });
  });

  it('refuses products not on offer there, unknown warehouses and bad lines, naming the field', async () => {
    const elsewhere = await warehouseman.post('/api/calculation', {
      ...quote(),
      products: [
        { id: p, amount: 1 },
        { id: retired, amount: 1 },
      ],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields).toEqual(['products.1.id']);
    const unknown = await warehouseman.post('/api/calculation', { ...quote(), warehouse_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual(['warehouse_id']);
    for (const products of [
      [{ id: p, amount: 0 }],
      [
        { id: p, amount: 1 },
        { id: p, amount: 2 },
      ],
      [{ id: p, amount: 1, price: -1 }],
    ]) {
      expect((await warehouseman.post('/api/calculation', { ...quote(), products })).statusCode).toBe(400);
    }
  });

  it('offers the page its warehouses and products under view_calculation only', async () => {
    const products = await warehouseman.get(`/api/calculation/products?warehouse_id=${jihlava}&currency=CZK`);
    expect(products.statusCode).toBe(200);
    expect(
      products
        .json()
        .products_types.flatMap((g: { products: { id: number }[] }) => g.products.map((x) => x.id)),
    ).toContain(p);
    for (const call of [
      driver.get('/api/calculation/warehouses'),
      driver.get(`/api/calculation/products?warehouse_id=${jihlava}&currency=CZK`),
      driver.post('/api/calculation', quote()),
    ]) {
      const answer = await call;
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error_code).toBe(110);
    }
  });
});

describe('POST /calculation/order', () => {
  const orderCount = async () =>
    (await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from orders`))[0]!.n;

  it('makes a draft with the quote, which the customer step then completes', async () => {
    const made = await dispatcher.post('/api/calculation/order', quote());
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const draft = (await dispatcher.get(`/api/order/${id}`)).json().item;
    expect(draft).toMatchObject({
      customer: null,
      warehouse: { id: jihlava },
      currency: 'CZK',
      distance: 144.6,
      duration: 174,
      product_prices: 2569.97,
      price_with_vat: 11245.97,
    });
    expect(
      draft.products.map((l: { amount: number; product: { amount: number } }) => [
        l.amount,
        l.product.amount,
      ]),
    ).toEqual([
      [2, 1210],
      [1.5, 99.98],
    ]);
    const customerId = await someCustomerId(dispatcher);
    const withCustomer = await dispatcher.post(`/api/order/${id}/customer`, { id_found: customerId });
    expect(withCustomer.statusCode).toBe(200);
    expect(withCustomer.json().item).toMatchObject({
      price_with_vat: 11245.97,
      customer: { id: customerId },
    });
  });

  it('makes the draft even when the stock is short; its items step then warns', async () => {
    const scarce = await makeProduct(owner, jihlava, { stock: 1 });
    const made = await dispatcher.post('/api/calculation/order', {
      ...quote(),
      products: [{ id: scarce, amount: 5 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const draft = (await dispatcher.get(`/api/order/${id}`)).json().item;
    expect(draft.products.map((l: { amount: number }) => l.amount)).toEqual([5]);
    // The user completes the customer and saves the items step: the shortage is named there.
    const customerId = await someCustomerId(dispatcher);
    const withCustomer = await dispatcher.post(`/api/order/${id}/customer`, { id_found: customerId });
    expect(withCustomer.statusCode).toBe(200);
    const items = await dispatcher.post(`/api/order/${id}/items`, {
      warehouse_id: jihlava,
      currency: 'CZK',
      products: [{ amount: 5, product: { product: { id: scarce } } }],
    });
    expect(items.statusCode, items.body).toBe(409);
    expect(items.json().error_code).toBe(ErrorCode.stockShortNeedsConfirmation);
  });

  it('needs add_order, and a bad quote makes no draft', async () => {
    const before = await orderCount();
    const refused = await warehouseman.post('/api/calculation/order', quote());
    expect(refused.statusCode).toBe(403);
    const bad = await dispatcher.post('/api/calculation/order', {
      ...quote(),
      products: [{ id: retired, amount: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });
});
