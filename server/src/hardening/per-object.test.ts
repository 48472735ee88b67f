import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';

// Decision 0020, per-object access: where domain.md scopes by the user's own warehouses (the calendar of
// domain.md §1.4), a driver or warehouseman gets their warehouses only; ids of other records answer
// 404 or 403 and never their data.
let t: BuiltTestApp;
let owner: Client;
let driver: Client;
let driver3: Client;
let warehouseman2: Client;
const id: Record<string, number> = {};

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.db, query);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
  driver = await login(t.app, 'driver');
  driver3 = await login(t.app, 'driver3');
  warehouseman2 = await login(t.app, 'warehouseman2');
  for (const w of await rows<{ id: number; name: string }>(sql`select id, name from warehouses`)) {
    id[w.name.replace('Sklad ', '')] = w.id;
  }
});
afterAll(() => t?.close());

/** The demo weeks around today, where every warehouse has orders. */
const days = Array.from({ length: 21 }, (_, i) => {
  const d = new Date(Date.parse(`${pragueDay()}T12:00Z`) + (i - 10) * 864e5);
  return d.toISOString().slice(0, 10);
}).join(',');

const calendar = (c: Client, query: string) => c.get(`/api/api/get-orders?dates=${days}&${query}`);
const warehousesOf = (answer: { json(): { data: { warehouse: { id: number } }[] } }) => [
  ...new Set(answer.json().data.map((o) => o.warehouse.id)),
];

describe('the calendar keeps to the own warehouses', () => {
  it('a driver of Jihlava and Třebíč sees those, and is refused Havlíčkův Brod', async () => {
    const own = await driver.get('/api/warehouses/own');
    expect(
      own
        .json()
        .items.map((w: { id: number }) => w.id)
        .sort(),
    ).toEqual([id.Jihlava, id.Třebíč].sort());
    const mine = await calendar(driver, `warehouses=${id.Jihlava},${id.Třebíč}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.length).toBeGreaterThan(0);
    const foreign = await calendar(driver, `warehouses=${id['Havlíčkův Brod']}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('"data"');
    const mixed = await calendar(driver, `warehouses=${id.Jihlava},${id['Havlíčkův Brod']}`);
    expect(mixed.statusCode).toBe(403);
  });

  it('"combined" means all of the own warehouses, not all warehouses', async () => {
    const combined = await calendar(driver3, `warehouses=${id['Havlíčkův Brod']}&show_cobined=true`);
    expect(combined.statusCode).toBe(200);
    expect(warehousesOf(combined)).toContain(id['Havlíčkův Brod']);
    for (const w of warehousesOf(combined)) expect([id['Havlíčkův Brod'], id.Třebíč]).toContain(w);
    expect(warehousesOf(combined)).not.toContain(id.Jihlava);
    const alone = await calendar(warehouseman2, `warehouses=${id['Havlíčkův Brod']}&show_cobined=true`);
    expect(warehousesOf(alone)).toEqual([id['Havlíčkův Brod']]);
  });

  it('the owner sees every warehouse, combined too', async () => {
    const all = await calendar(owner, `warehouses=${id.Jihlava}&show_cobined=true`);
    expect(warehousesOf(all).sort()).toEqual(Object.values(id).sort());
  });
});

describe('ids of other records', () => {
  it('an item of another order, a file of another customer, stock of a pair not kept: 404, no data', async () => {
    const [a] = await rows<{ order_id: number; id: number }>(
      sql`select order_id, id from order_items order by order_id limit 1`,
    );
    const other = await rows<{ id: number }>(
      sql`select id from orders where id <> ${a!.order_id} and customer_id is not null limit 1`,
    );
    const warehouseman = await login(t.app, 'warehouseman');
    const wrongPair = await warehouseman.put(`/api/order/${other[0]!.id}/${a!.id}/prepared`, {
      prepared: true,
    });
    expect(wrongPair.statusCode).toBe(404);
    expect((await owner.get('/api/customer/999999999')).statusCode).toBe(404);
    expect((await owner.get('/api/order/999999999')).statusCode).toBe(404);
    expect((await owner.get('/api/customer/1/files/999999/download')).statusCode).toBe(404);
    expect((await owner.get('/api/update_stock/999999/1')).statusCode).toBe(404);
    const [item] = await rows<{ prepared: boolean }>(
      sql`select prepared from order_items where id = ${a!.id}`,
    );
    expect(item).toBeDefined();
  });
});
