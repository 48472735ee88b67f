import { ErrorCode } from '@letokruh/contracts/errors';
import type { Order } from '@letokruh/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { someCustomerId } from '../../../test/customers.ts';
import { crew, makeOrder, warehouseIds } from '../../../test/orders.ts';
import { makeProduct } from '../../../test/products.ts';

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let driver: Client;
let technician: Client;
let jihlava: number;
let customerId: number;
let product: number;
let driverId: number;
let carId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, driver, technician } = await signIn(t.app, [
    'owner',
    'dispatcher',
    'driver',
    'technician',
  ]));
  ({ jihlava } = await warehouseIds(owner));
  customerId = await someCustomerId(owner, 4);
  product = await makeProduct(owner, jihlava, { stock: 100 });
  ({ driverId, carId } = await crew(owner, jihlava));
});
afterAll(() => t?.close());

/** A planned order of Jihlava for driver2 in car 1, 60 min at the customer, 30 min travel each way. */
const planned = (date: string, time: string): Promise<Order> =>
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
    },
  });

const move = (c: Client, order: Order, body: Record<string, unknown>) =>
  c.put(`/api/order/${order.id}/reschedule`, { version: order.version, ...body });

describe('PUT /order/{id}/reschedule', () => {
  it('moves the delivery to another day and time and keeps everything else', async () => {
    const order = await planned('2032-03-01', '09:00');
    const moved = await move(dispatcher, order, {
      expected_delivery_date: '2032-03-03',
      expected_delivery_time: '13:45',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const item = moved.json().item as Order;
    expect(item.expected_delivery_datetime).toBe('2032-03-03T13:45');
    expect(item.version).toBe(order.version + 1);
    const { expected_delivery_date, expected_delivery_time, expected_delivery_datetime, version, ...rest } =
      item;
    const {
      expected_delivery_date: _d,
      expected_delivery_time: _t,
      expected_delivery_datetime: _dt,
      version: _v,
      ...before
    } = order;
    expect(rest).toEqual(before);
  });

  it('asks before moving into another order of the same driver, then moves when confirmed', async () => {
    const first = await planned('2032-04-05', '10:00'); // 9:30–11:30 with travel
    const second = await planned('2032-04-06', '10:00');
    const clash = await move(dispatcher, second, {
      expected_delivery_date: '2032-04-05',
      expected_delivery_time: '11:00',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      error_code: ErrorCode.overlapNeedsConfirmation,
      // The same driver and the same car: both named.
      clashes: [
        { kind: 'driver', id: first.id, intern_id: first.intern_id },
        { kind: 'car', id: first.id, intern_id: first.intern_id },
      ],
    });
    expect((await dispatcher.get(`/api/order/${second.id}`)).json().item.expected_delivery_date).toBe(
      '2032-04-06',
    );
    const confirmed = await move(dispatcher, second, {
      expected_delivery_date: '2032-04-05',
      expected_delivery_time: '11:00',
      confirm_overlap: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().item.expected_delivery_time).toBe('11:00');
  });

  it('refuses a stale copy, a done or cancelled order, bad input, unknown ids and users without change_order', async () => {
    const order = await planned('2032-05-03', '08:00');
    const to = { expected_delivery_date: '2032-05-04', expected_delivery_time: '08:00' };
    expect((await move(dispatcher, order, to)).statusCode).toBe(200);
    const stale = await move(dispatcher, order, { ...to, expected_delivery_time: '09:00' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe(ErrorCode.conflict);
    const fresh = (await dispatcher.get(`/api/order/${order.id}`)).json().item as Order;
    expect(fresh.expected_delivery_time).toBe('08:00');

    for (const bad of [
      { ...to, expected_delivery_time: '25:00' },
      { ...to, expected_delivery_date: '4.5.2032' },
      { expected_delivery_date: '2032-05-04' },
    ]) {
      const refused = await move(dispatcher, fresh, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_code).toBe(ErrorCode.invalidInput);
    }
    expect((await move(driver, fresh, to)).statusCode).toBe(403);
    expect((await dispatcher.put('/api/order/999999/reschedule', { ...to, version: 0 })).statusCode).toBe(
      404,
    );

    const done = (await dispatcher.put(`/api/order/${order.id}/done`)).json().item as Order;
    const ofDone = await move(dispatcher, done, to);
    expect(ofDone.statusCode).toBe(409);
    const undone = (await dispatcher.put(`/api/order/${order.id}/undone`)).json().item as Order;
    const cancelled = (await dispatcher.delete(`/api/order/${order.id}/delete`)).json().item as Order;
    expect(undone.done).toBe(false);
    expect((await move(dispatcher, cancelled, to)).statusCode).toBe(409);
    expect((await technician.get(`/api/order/${order.id}`)).json().item.expected_delivery_time).toBe('08:00');
  });
});
