import { ErrorCode } from '@letokruh/contracts/errors';
import type { Order } from '@letokruh/contracts/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { someCustomerId } from '../../../test/customers.ts';
import { crew, itemsPayload, makeOrder, warehouseIds } from '../../../test/orders.ts';
import { makeProduct } from '../../../test/products.ts';

/** Decision 0031: personal collection (no car, travel or transport price, no clashes); re-pricing. */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let jihlava: number;
let brod: number;
let customerId: number;
let product: number;
let driverId: number;
let carId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher } = await signIn(t.app, ['owner', 'dispatcher']));
  ({ jihlava, brod } = await warehouseIds(owner));
  customerId = await someCustomerId(owner, 4);
  product = await makeProduct(owner, jihlava, { stock: 100 });
  ({ driverId, carId } = await crew(owner, jihlava));
});
afterAll(() => t?.close());

const delivery = (date: string, time: string, intern: Record<string, unknown> = {}) =>
  makeOrder(dispatcher, {
    warehouseId: jihlava,
    customerId,
    lines: [{ id: product, amount: 1 }],
    items: { distance: 20, duration: 30 },
    intern: {
      driver_id: driverId,
      car_id: carId,
      expected_delivery_date: date,
      expected_delivery_time: time,
      ...intern,
    },
  });

const internOf = (order: Order, body: Record<string, unknown>) =>
  dispatcher.post(`/api/order/${order.id}/intern`, {
    payment_type: 'cash',
    expected_delivery_duration: 60,
    version: order.version,
    ...body,
  });

describe('personal collection', () => {
  it('clears the car and the transport price and says so; the totals lose the transport', async () => {
    const order = await delivery('2033-02-01', '09:00');
    // 30 Kč × 20 km × 2 = 1200 Kč of transport.
    expect(order).toMatchObject({
      car: { id: carId },
      delivery_price: { amount: 30, minimum_price: 600, price: 1200 },
    });
    const saved = await internOf(order, {
      driver_id: null,
      car_id: carId,
      delivery_price_amount: 30,
      expected_delivery_date: '2033-02-01',
      expected_delivery_time: '09:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().cleared).toEqual(['car_id', 'delivery_price_amount', 'minimim_delivery_price']);
    expect(saved.json().item).toMatchObject({
      driver: null,
      car: null,
      delivery_price: { amount: 0, minimum_price: 0, price: 0 },
      product_prices: 1210,
      price_with_vat: 1210,
      // The route from the warehouse stays known; the calendar draws no travel for it.
      distance: 20,
      duration: 30,
    });
    // Saved again, nothing more to clear; a driver again may bring a rate back.
    const again = await internOf(saved.json().item, {
      driver_id: null,
      expected_delivery_date: '2033-02-01',
      expected_delivery_time: '09:00',
    });
    expect(again.json().cleared).toEqual([]);
    const driven = await internOf(again.json().item, {
      driver_id: driverId,
      car_id: carId,
      delivery_price_amount: 30,
      minimim_delivery_price: 600,
      expected_delivery_date: '2033-02-01',
      expected_delivery_time: '09:00',
    });
    expect(driven.json().cleared).toBeUndefined();
    expect(driven.json().item.delivery_price).toEqual({ amount: 30, minimum_price: 600, price: 1200 });
  });

  it('the items step keeps a collection without transport price', async () => {
    const order = await delivery('2033-02-02', '09:00', { driver_id: null, car_id: null });
    const saved = await dispatcher.post(
      `/api/order/${order.id}/items`,
      itemsPayload(jihlava, [{ id: product, amount: 2 }], {
        delivery_price_amount: 40,
        minimim_delivery_price: 800,
        version: order.version,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item.delivery_price).toEqual({ amount: 0, minimum_price: 0, price: 0 });
  });

  it('takes part in no driver or car clash, as the order saved or as the other order', async () => {
    const busy = await delivery('2033-02-03', '10:00');
    // A collection at the same time does not care about the busy driver and car it was sent.
    const collection = await delivery('2033-02-03', '10:00', { driver_id: null, car_id: null });
    const sent = await internOf(collection, {
      driver_id: null,
      car_id: carId,
      expected_delivery_date: '2033-02-03',
      expected_delivery_time: '10:15',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // An older collection that still holds a car keeps nobody busy.
    await t.db.execute(sql`update orders set car_id = ${carId} where id = ${collection.id}`);
    const moved = await dispatcher.put(`/api/order/${busy.id}/reschedule`, {
      version: busy.version,
      expected_delivery_date: '2033-02-03',
      expected_delivery_time: '10:30',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const current = (await dispatcher.get(`/api/order/${collection.id}`)).json().item as Order;
    const rescheduled = await dispatcher.put(`/api/order/${collection.id}/reschedule`, {
      version: current.version,
      expected_delivery_date: '2033-02-03',
      expected_delivery_time: '10:45',
    });
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    // A delivery with the same car still clashes with the busy delivery.
    const other = await delivery('2033-02-04', '08:00');
    const clash = await internOf(other, {
      driver_id: driverId,
      car_id: carId,
      expected_delivery_date: '2033-02-03',
      expected_delivery_time: '10:30',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error_code).toBe(ErrorCode.overlapNeedsConfirmation);
    expect(clash.json().clashes.map((c: { id: number; kind: string }) => [c.kind, c.id])).toEqual([
      ['driver', busy.id],
      ['car', busy.id],
    ]);
  });
});

/** A product sold in the given warehouses at the given CZK prices. */
const pricedProduct = (prices: [number, number][]) =>
  makeProduct(owner, prices[0]![0], {
    stock: 0,
    alsoIn: prices.slice(1).map(([warehouse]) => warehouse),
    name: `Přecenění ${Math.random().toString(36).slice(2, 8)}`,
    shorten_name: 'PR',
    priceForm: prices.map(([warehouse, price]) => ({ warehouse, currency: 'CZK', price, vat: 21 })),
  });

describe('a warehouse change re-prices the lines', () => {
  it('takes the new price list, keeps a changed price, refuses a line without a price there', async () => {
    const both = await pricedProduct([
      [jihlava, 1000],
      [brod, 1200],
    ]);
    const typed = await pricedProduct([
      [jihlava, 500],
      [brod, 600],
    ]);
    const onlyHere = await pricedProduct([[jihlava, 300]]);
    const order = await makeOrder(dispatcher, {
      warehouseId: jihlava,
      customerId,
      lines: [
        { id: both, amount: 2 },
        { id: typed, amount: 1 },
        { id: onlyHere, amount: 1 },
      ],
      intern: false,
    });
    // The old prices sent back as they were (a stale form) do not survive the move.
    const refused = await dispatcher.post(
      `/api/order/${order.id}/items`,
      itemsPayload(
        brod,
        [
          { id: both, amount: 2, price: 1000 },
          { id: typed, amount: 1, price: 550 },
          { id: onlyHere, amount: 1, price: 300 },
        ],
        { version: order.version },
      ),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual(['products.2.product.product.id']);
    const moved = await dispatcher.post(
      `/api/order/${order.id}/items`,
      itemsPayload(
        brod,
        [
          { id: both, amount: 2, price: 1000 },
          { id: typed, amount: 1, price: 550 },
        ],
        { version: order.version },
      ),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const prices = moved
      .json()
      .item.products.map((l: { product: { product: { id: number }; amount: number } }) => [
        l.product.product.id,
        l.product.amount,
      ]);
    expect(prices).toEqual([
      [both, 1200],
      [typed, 550],
    ]);
    expect(moved.json().item.product_prices).toBe(2950);
  });
});
