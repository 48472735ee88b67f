import type { Order } from '@letokruh/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { someCustomerId } from '../../../test/customers.ts';
import { crew, makeOrder, warehouseIds } from '../../../test/orders.ts';
import { makeProduct } from '../../../test/products.ts';

/** Decision 0025: each step's save takes the order as GET /order/{id} answers it, read-only keys ignored. */

let t: BuiltTestApp;
let owner: Client;
let technician: Client;
let jihlava: number;
let trebic: number;
let customerId: number;
let otherCustomerId: number;
let product: number;
let order: Order;

const steps = ['customer', 'items', 'intern'] as const;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, technician } = await signIn(t.app, ['owner', 'technician']));
  ({ jihlava, trebic } = await warehouseIds(owner));
  customerId = await someCustomerId(owner, 2);
  otherCustomerId = await someCustomerId(owner, 3);
  product = await makeProduct(owner, jihlava, { stock: 100 });
  const { driverId, carId } = await crew(owner, jihlava);
  const supplier = (await owner.get('/api/suppliers')).json().items[0].id as number;
  const adtype = (await owner.get('/api/adtypes')).json().items[0].id as number;
  order = await makeOrder(technician, {
    warehouseId: jihlava,
    customerId,
    lines: [{ id: product, amount: 2.5, price: 1000 }],
    items: { distance: 12.5, duration: 25, delivery_price_amount: 31, minimim_delivery_price: 650 },
    intern: {
      driver_id: driverId,
      car_id: carId,
      supplier_id: supplier,
      ad_type: adtype,
      payment_type: 'qr_transfer',
      note: 'Zavolat předem',
    },
  });
});
afterAll(() => t?.close());

const get = async (id: number) => (await technician.get(`/api/order/${id}`)).json().item as Order;
const withoutVersion = ({ version: _, ...rest }: Order) => rest;

describe('whole-order round trip', () => {
  it.each(steps)('POST /order/{id}/%s takes the GET answer as is and changes nothing', async (step) => {
    const before = await get(order.id);
    expect(before.driver).not.toBeNull();
    expect(before.expected_delivery_datetime).not.toBeNull();
    const saved = await technician.post(`/api/order/${order.id}/${step}`, before);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await get(order.id);
    expect(withoutVersion(after)).toEqual(withoutVersion(before));
    expect(withoutVersion(saved.json().item)).toEqual(withoutVersion(before));
  });

  it.each(steps)('POST /order/{id}/%s ignores read-only fields of the answer', async (step) => {
    const before = await get(order.id);
    const forged = {
      ...before,
      id: before.id + 1000,
      intern_id: 1,
      created: '2000-01-01T00:00:00.000Z',
      hidden: true,
      done: true,
      prepared: true,
      collected_revenue_at: '2020-01-01T00:00:00.000Z',
      pay_by_cash: !before.pay_by_cash,
      product_prices: 1,
      total_price: 1,
      total_price_vat: 1,
      price_with_vat: 1,
      expected_travel_length: 999,
      calendar_name: 'Podvrh',
      delivery_price: { amount: 1, minimum_price: 1, price: 1 },
      customer: { ...before.customer!, name: 'Jiný', to_contact: true },
      address: { ...before.address!, town: 'Jinde' },
      products: before.products.map((line) => ({
        ...line,
        id: line.id + 1000,
        prepared: true,
        total_price: 1,
        total_price_vat: 1,
        product: { ...line.product, vat: 0, currency: 'EUR' },
      })),
    };
    const saved = await technician.post(`/api/order/${order.id}/${step}`, forged);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(withoutVersion(await get(order.id))).toEqual(withoutVersion(before));
  });

  it('nested objects stand for the plain ids, which win when both are sent', async () => {
    const before = await get(order.id);
    // Step 1: another customer's object picks that customer; `id_found` beats it.
    const other = (await owner.get(`/api/customer/${otherCustomerId}`)).json().customer;
    const picked = await technician.post(`/api/order/${order.id}/customer`, { ...before, customer: other });
    expect(picked.json().item.customer.id).toBe(otherCustomerId);
    const back = await technician.post(`/api/order/${order.id}/customer`, {
      ...picked.json().item,
      id_found: customerId,
    });
    expect(back.json().item.customer.id).toBe(customerId);

    // Step 3: `driver: null` is personal collection (its car cleared, decision 0031); the datetime wins
    // over stale parts.
    const current = await get(order.id);
    const intern = await technician.post(`/api/order/${order.id}/intern`, {
      ...current,
      driver: null,
      expected_delivery_date: null,
      expected_delivery_time: '23:59',
      expected_delivery_datetime: '2032-05-04T09:15',
    });
    expect(intern.statusCode, intern.body).toBe(200);
    expect(intern.json().item).toMatchObject({
      driver: null,
      expected_delivery_date: '2032-05-04',
      expected_delivery_time: '09:15',
      car: null,
    });

    // Neither the datetime nor both parts: 400 naming the missing part.
    const missing = await technician.post(`/api/order/${order.id}/intern`, {
      ...current,
      expected_delivery_datetime: null,
      expected_delivery_time: null,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toContain('expected_delivery_time');
  });

  it('items: the warehouse object moves the order; without any warehouse it is 400', async () => {
    const copy = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [],
      intern: false,
    });
    const moved = await technician.post(`/api/order/${copy.id}/items`, {
      ...copy,
      warehouse: { id: trebic },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().item.warehouse.id).toBe(trebic);
    const { warehouse: _, ...without } = moved.json().item as Order;
    const refused = await technician.post(`/api/order/${copy.id}/items`, without);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toContain('warehouse_id');
  });
});
