import type { Order } from '@letokruh/contracts/orders';
import { expect } from 'vitest';
import type { Client } from './build.ts';

/** Test factories of orders: made through the API, as the web app makes them. */

/** An order line: a product, its amount and (when typed) a price of its own. */
export type Line = { id: number; amount: number; price?: number };

/** The demo warehouses' ids, by town. */
export async function warehouseIds(c: Client): Promise<Record<'jihlava' | 'brod' | 'trebic', number>> {
  const { items } = (await c.get('/api/warehouses?per_page=100')).json() as {
    items: { id: number; name: string }[];
  };
  const id = (name: string) => items.find((w) => w.name === name)!.id;
  return { jihlava: id('Sklad Jihlava'), brod: id('Sklad Havlíčkův Brod'), trebic: id('Sklad Třebíč') };
}

/** A demo driver's id (driver2 unless named) and the warehouse's first car: a crew for a delivery. */
export async function crew(
  owner: Client,
  warehouseId: number,
  driver = 'driver2',
): Promise<{ driverId: number; carId: number }> {
  const users = (await owner.get('/api/users?per_page=100')).json().items as {
    id: number;
    username: string;
  }[];
  return {
    driverId: users.find((u) => u.username === driver)!.id,
    carId: (await owner.get(`/api/warehouse/${warehouseId}`)).json().item.cars[0].id,
  };
}

/**
 * Decision 0064: the confirmation of a save that takes products below their available stock. Tests
 * that are not about stock send it (the demo's stock and reservations are whatever the seed left);
 * the tests of the warning leave it out: `noConfirmation`.
 */
export const shortStockConfirmed = {
  confirm_short_stock: true,
  short_stock_reason: 'Zkouška, která se zásob netýká',
};
export const noConfirmation = { confirm_short_stock: undefined, short_stock_reason: undefined };

/**
 * The body of POST /order/{id}/items for the lines, in CZK unless `extra` says otherwise; short
 * stock confirmed unless `extra` has `noConfirmation`.
 */
export const itemsPayload = (warehouseId: number, lines: Line[], extra: Record<string, unknown> = {}) => ({
  warehouse_id: warehouseId,
  currency: 'CZK',
  products: lines.map((l) => ({
    amount: l.amount,
    product: { product: { id: l.id }, ...(l.price === undefined ? {} : { amount: l.price }) },
  })),
  ...shortStockConfirmed,
  ...extra,
});

let minute = 0;
/** A delivery slot of its own far in the future, so that orders of different tests never clash. */
export function freeSlot(): { expected_delivery_date: string; expected_delivery_time: string } {
  minute += 1;
  const day = new Date(Date.UTC(2030, 0, 1) + minute * 86_400_000).toISOString().slice(0, 10);
  return { expected_delivery_date: day, expected_delivery_time: '10:00' };
}

/**
 * Add, customer, items and (unless `intern` is false) intern: an order ready for the transitions.
 * `items` and `intern` override fields of those steps' bodies.
 */
export async function makeOrder(
  c: Client,
  options: {
    warehouseId: number;
    customerId: number;
    lines: Line[];
    items?: Record<string, unknown>;
    intern?: Record<string, unknown> | false;
  },
): Promise<Order> {
  const added = await c.get('/api/order/add');
  expect(added.statusCode).toBe(200);
  const id = added.json().id as number;
  expect((await c.post(`/api/order/${id}/customer`, { id_found: options.customerId })).statusCode).toBe(200);
  const items = await c.post(
    `/api/order/${id}/items`,
    itemsPayload(options.warehouseId, options.lines, options.items),
  );
  expect(items.statusCode, items.body).toBe(200);
  if (options.intern === false) return items.json().item;
  // A delivery by the warehouse's first driver unless the test names a driver (null: personal
  // collection, which has no transport price). Tests of clashes name their driver.
  const named = options.intern !== undefined && 'driver_id' in options.intern;
  const drivers = named ? [] : (await c.get(`/api/order/${id}/drivers`)).json().items;
  const driver = named || !drivers?.length ? {} : { driver_id: drivers[0].id, confirm_overlap: true };
  const intern = await c.post(`/api/order/${id}/intern`, {
    payment_type: 'cash',
    expected_delivery_duration: 60,
    ...freeSlot(),
    ...driver,
    // The intern step checks the stock again (domain.md §3.3 Reserved stock): confirmed, as above.
    ...shortStockConfirmed,
    ...options.intern,
  });
  expect(intern.statusCode, intern.body).toBe(200);
  return intern.json().item;
}
