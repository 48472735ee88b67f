import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { crew, makeOrder, warehouseIds } from '../../test/orders.ts';
import { makeProduct } from '../../test/products.ts';

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let driver: Client;
let driver2: Client;
const made: Record<string, number> = {};
let driverId: number;

type Day = {
  date: string;
  stops: { id: number; time: string | null; customer: { phone: string }; items: unknown[] }[];
};

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, driver, driver2 } = await signIn(t.app, [
    'owner',
    'dispatcher',
    'driver',
    'driver2',
  ]));
  const { jihlava } = await warehouseIds(owner);
  const customerId = await someCustomerId(owner);
  const mine = await crew(owner, jihlava, 'driver');
  driverId = mine.driverId;
  const carId = mine.carId;
  const other = await crew(owner, jihlava, 'driver2');
  const product = await makeProduct(owner, jihlava, { stock: 100 });
  const today = pragueDay();
  const plan: [string, string, string, number][] = [
    ['late', today, '14:00', driverId],
    ['early', today, '08:00', driverId],
    ['tomorrow', addDays(today, 1), '06:00', driverId],
    ['later', addDays(today, 3), '09:00', driverId],
    ['cancelled', today, '10:00', driverId],
    ['theirs', today, '11:00', other.driverId],
  ];
  for (const [name, day, time, who] of plan) {
    const order = await makeOrder(owner, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: product, amount: 2 }],
      intern: {
        driver_id: who,
        car_id: who === driverId ? carId : other.carId,
        expected_delivery_date: day,
        expected_delivery_time: time,
        confirm_overlap: true,
      },
    });
    made[name] = order.id;
  }
  expect((await owner.delete(`/api/order/${made.cancelled}/delete`)).statusCode).toBe(200);
  // An order with no time yet (one saved before times were required): any time that day, last.
  await t.db.execute(sql`update orders set expected_delivery_time = null where id = ${made.tomorrow}`);
});
afterAll(() => t?.close());

const dayOf = async (c: Client, query = '') => {
  const response = await c.get(`/api/driver/day${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().days as Day[];
};

describe("GET /driver/day: the driver's own deliveries, today and tomorrow", () => {
  it("lists today and tomorrow in delivery order, the driver's own orders only", async () => {
    const [today, tomorrow] = await dayOf(driver);
    expect(today?.date).toBe(pragueDay());
    expect(tomorrow?.date).toBe(addDays(pragueDay(), 1));
    const ids = today!.stops.map((s) => s.id);
    expect(ids).toContain(made.early);
    expect(ids.indexOf(made.early!)).toBeLessThan(ids.indexOf(made.late!));
    expect(ids).not.toContain(made.cancelled);
    expect(ids).not.toContain(made.theirs);
    expect(tomorrow!.stops.map((s) => s.id)).toContain(made.tomorrow);
    // Times in order, those without one last (the demo data may add the driver's own orders).
    const times = today!.stops.map((s) => s.time ?? '99:99');
    expect(times).toEqual([...times].sort());
    // Every stop is this driver's, by the database.
    const all = [...today!.stops, ...tomorrow!.stops].map((s) => s.id);
    const owners = await rowsOf<{ driver_id: number }>(
      t.db,
      sql`select distinct driver_id from orders where id = any(${sql.param(all)}::int[])`,
    );
    expect(owners.map((o) => o.driver_id)).toEqual([driverId]);
    // The order without a time comes last of its day.
    expect(tomorrow!.stops.at(-1)).toMatchObject({ id: made.tomorrow, time: null });
  });

  it('answers what a driver needs at the door', async () => {
    const [today] = await dayOf(driver);
    const stop = today!.stops.find((s) => s.id === made.early) as unknown as Record<string, unknown>;
    expect(stop).toMatchObject({
      time: '08:00',
      payment_type: 'cash',
      done: false,
      items: [expect.objectContaining({ amount: 2 })],
    });
    expect(typeof (stop.address as { navigation_link: string }).navigation_link).toBe('string');
    // Cash: rounded to whole crowns, the rounding said beside.
    expect(Number.isInteger(stop.amount_to_pay)).toBe(true);
  });

  it('shows a chosen day and the next', async () => {
    const [first] = await dayOf(driver, `?date=${addDays(pragueDay(), 3)}`);
    expect(first!.stops.map((s) => s.id)).toContain(made.later);
    expect((await driver.get('/api/driver/day?date=2026-02-30')).statusCode).toBe(400);
    expect((await driver.get('/api/driver/day?date=zítra')).statusCode).toBe(400);
  });

  it("a driver sees only their own day; the office may look at any driver's", async () => {
    const [theirDay] = await dayOf(driver2);
    const ids = theirDay!.stops.map((s) => s.id);
    expect(ids).toContain(made.theirs);
    expect(ids).not.toContain(made.early);
    // Another driver's day does not exist for a driver.
    expect((await driver2.get(`/api/driver/day?driver=${driverId}`)).statusCode).toBe(404);
    // The dispatcher looks at the driver's day: the same stops the driver sees.
    const [seen] = await dayOf(dispatcher, `?driver=${driverId}`);
    const [own] = await dayOf(driver);
    expect(seen!.stops.map((s) => s.id)).toEqual(own!.stops.map((s) => s.id));
    // The owner's own day (no deliveries of theirs).
    const [owners] = await dayOf(owner);
    expect(owners!.stops).toEqual([]);
    expect((await driver.get('/api/driver/day?driver=abc')).statusCode).toBe(400);
  });
});
