import { ErrorCode } from '@letokruh/contracts/errors';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { createUser } from '../db/seed/users.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { changedTables, snapshot } from './snapshot.ts';

// Decision 0021, staff stay in their lane: the warehouse's name, address, staff and cars need
// manage_warehouse; drivers and warehousemen see and touch only their warehouses' orders, stock
// and vacations (404 for others'); the owner function can be taken away, never from the last owner.
type User = Client & { user: { id: number; username: string; permissions: string[] } };
let t: BuiltTestApp;
let owner: User;
let dispatcher: Client;
let warehouseman2: User; // Havlíčkův Brod only
let driver: Client; // Jihlava and Třebíč
const wh: Record<string, number> = {};

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.db, query);
const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: number) => {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect((response.json() as { error_code: number }).error_code).toBe(code);
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
  dispatcher = await login(t.app, 'dispatcher');
  warehouseman2 = await login(t.app, 'warehouseman2');
  driver = await login(t.app, 'driver');
  for (const w of await rows<{ id: number; name: string }>(sql`select id, name from warehouses`)) {
    wh[w.name.replace('Sklad ', '')] = w.id;
  }
});
afterAll(() => t?.close());

/** The warehouse's edit payload as it stands (staff and cars unchanged). */
async function editPayload(id: number) {
  const w = (await owner.get(`/api/warehouse/${id}`)).json().item;
  return {
    name: w.name,
    address: w.address.full_address,
    town: w.address.town,
    zip: w.address.zip_code,
    country: w.address.country,
    lat: w.address.gps_lat,
    lon: w.address.gps_lon,
    drivers: w.drivers.map((d: { id: number }) => d.id),
    warehousemen: w.warehousemen.map((d: { id: number }) => d.id),
    cars: w.cars,
    version: w.version,
  };
}

/** A permission list of a function for the length of one test. */
async function withPermissions<T>(
  fn: string,
  change: (current: string[]) => string[],
  body: () => Promise<T>,
) {
  const matrix = (await owner.get('/api/permissions')).json();
  const current: string[] = matrix.functions.find((f: { name: string }) => f.name === fn).permissions;
  expect((await owner.put('/api/permissions', { name: fn, permissions: change(current) })).statusCode).toBe(
    200,
  );
  try {
    return await body();
  } finally {
    await owner.put('/api/permissions', { name: fn, permissions: current });
  }
}

describe('manage_warehouse: name, address, staff and cars', () => {
  it('a warehouseman holding change_warehouse cannot rename, strip or join his own warehouse', async () => {
    expect(warehouseman2.user.permissions).toContain('change_warehouse');
    expect(warehouseman2.user.permissions).not.toContain('manage_warehouse');
    const id = wh['Havlíčkův Brod']!;
    const payload = await editPayload(id);
    const before = await snapshot(t.db);
    const attempts = [
      { ...payload, name: 'Můj sklad' },
      { ...payload, drivers: [], cars: [] },
      { ...payload, warehousemen: [...payload.warehousemen, warehouseman2.user.id] },
    ];
    for (const body of attempts) {
      expectError(await warehouseman2.put(`/api/warehouse/${id}/edit`, body), 403, ErrorCode.accessDenied);
      expectError(
        await warehouseman2.put(`/api/warehouse/${wh.Jihlava}/edit`, body),
        403,
        ErrorCode.accessDenied,
      );
    }
    expectError(await warehouseman2.delete(`/api/warehouse/${id}/hide`), 403, ErrorCode.accessDenied);
    expectError(await warehouseman2.post('/api/warehouse/add', attempts[0]), 403, ErrorCode.accessDenied);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it('the dispatcher manages by default; a warehouseman given manage_warehouse may too', async () => {
    const id = wh['Havlíčkův Brod']!;
    const renamed = await dispatcher.put(`/api/warehouse/${id}/edit`, {
      ...(await editPayload(id)),
      name: 'Sklad HB',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().item.name).toBe('Sklad HB');
    await withPermissions(
      'warehouseman',
      (p) => [...p, 'manage_warehouse'],
      async () => {
        const back = await warehouseman2.put(`/api/warehouse/${id}/edit`, {
          ...(await editPayload(id)),
          name: 'Sklad Havlíčkův Brod',
        });
        expect(back.statusCode).toBe(200);
      },
    );
  });

  it('stock work stays with change_warehouse, in his own warehouses only (404 elsewhere)', async () => {
    const keptAll = async (warehouse: number) =>
      (
        await rows<{ product_id: number }>(
          sql`select product_id from product_stock where warehouse_id = ${warehouse} order by product_id limit 2`,
        )
      ).map((r) => r.product_id);
    const kept = async (warehouse: number) => (await keptAll(warehouse))[0]!;
    const own = wh['Havlíčkův Brod']!;
    const foreign = wh.Jihlava!;
    const mine = await warehouseman2.put(`/api/update_stock/${own}/${await kept(own)}`, { amount: 1 });
    expect(mine.statusCode).toBe(200);
    expect((await warehouseman2.get(`/api/product_stock_changes/${own}`)).statusCode).toBe(200);

    const before = await snapshot(t.db);
    const product = await kept(foreign);
    for (const response of [
      await warehouseman2.put(`/api/update_stock/${foreign}/${product}`, { amount: 1 }),
      await warehouseman2.get(`/api/product_stock_changes/${foreign}`),
      await warehouseman2.post(`/api/warehouse/${foreign}/add_product`, { product_id: product }),
      await warehouseman2.put(`/api/warehouse/${foreign}/product_conversion/submit`, {
        calculation_type: 'knowInputOutput',
        inputs: [{ product_id: product, amount: 1 }],
        outputs: [{ product_id: (await keptAll(foreign))[1]!, amount: 1 }],
      }),
    ]) {
      expectError(response, 404, ErrorCode.notFound);
    }
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    // Reading the stock of any warehouse stays view_warehouse (quotes, the product pages).
    expect((await warehouseman2.get(`/api/warehouse/${foreign}/product_stock`)).statusCode).toBe(200);
  });
});

/** Orders of a warehouse that have a customer (the list leaves drafts out). */
const ordersOf = async (warehouses: number[]) =>
  rows<{ id: number; intern_id: string }>(
    sql`select id, intern_id from orders where customer_id is not null
        and warehouse_id = any(${sql.param(warehouses)}::int[]) order by id desc`,
  );

describe('per-warehouse scope of drivers and warehousemen', () => {
  it('the order list holds only their warehouses, however filtered', async () => {
    for (const [c, own] of [
      [warehouseman2, [wh['Havlíčkův Brod']!]],
      [driver, [wh.Jihlava!, wh.Třebíč!]],
    ] as const) {
      const list = await c.get('/api/orders?per_page=100');
      expect(list.statusCode).toBe(200);
      const { items, total } = list.json();
      expect(total).toBe((await ordersOf([...own])).length);
      expect(items.length).toBeGreaterThan(0);
      for (const o of items) expect(own).toContain(o.warehouse.id);
    }
    const foreign = await warehouseman2.get(`/api/orders?warehouse=${wh.Jihlava}`);
    expect(foreign.json()).toEqual({ items: [], total: 0, next_after: null });
    const [other] = await ordersOf([wh.Jihlava!]);
    const byNumber = await warehouseman2.get(`/api/orders?internId=${other!.intern_id}`);
    expect(byNumber.json().total).toBe(0);
    expect((await owner.get(`/api/orders?internId=${other!.intern_id}`)).json().total).toBe(1);
  });

  it('every call naming another warehouse’s order answers 404 and changes nothing', async () => {
    // Give the warehouseman every order right, so that only the scope can refuse.
    await withPermissions(
      'warehouseman',
      (p) => [...new Set([...p, 'add_order', 'change_order', 'prepare_order', 'can_export_delivery_notes'])],
      async () => {
        const c = await login(t.app, 'warehouseman2');
        const [other] = await ordersOf([wh.Jihlava!]);
        const [item] = await rows<{ id: number }>(
          sql`select id from order_items where order_id = ${other!.id}`,
        );
        const routes = t.app.routesSeen.filter(
          (r) =>
            (r.url.startsWith('/api/order/:id') || r.url.includes(':orderId')) &&
            // Owner-or-dispatcher functions: refused before any scope (403).
            !/collect_revenue|return_revenue|qr_payment|send_email_qr/.test(r.url),
        );
        expect(routes.length).toBeGreaterThanOrEqual(18);
        const before = await snapshot(t.db);
        const answers: string[] = [];
        for (const route of routes) {
          const url = route.url
            .replace(':id', String(other!.id))
            .replace(':orderId', String(other!.id))
            .replace(':itemId', String(item?.id ?? 1))
            .replace(':fileId', '1');
          const response = await c.request(route.method as 'GET', url, {
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
          });
          answers.push(`${route.method} ${route.url} ${response.statusCode}`);
          expect(response.statusCode, `${route.method} ${url}`).toBe(404);
        }
        expect(changedTables(before, await snapshot(t.db))).toEqual([]);
        // Its own warehouse's orders answer as before.
        const [mine] = await ordersOf([wh['Havlíčkův Brod']!]);
        const [supplier] = await rows<{ id: number }>(sql`select id from suppliers order by id limit 1`);
        const note = `supplier=${supplier!.id}&language=cs`;
        expect((await c.get(`/api/order/${mine!.id}`)).statusCode).toBe(200);
        expect((await c.get(`/api/order/${mine!.id}/get_delivery_note?${note}`)).statusCode).toBe(200);
        // The merged notes and the warehouse's orders sheet: another warehouse's is unknown.
        expectError(
          await c.get(`/api/download_multiple_delivery_notes?orders=${mine!.id},${other!.id}&${note}`),
          404,
          ErrorCode.notFound,
        );
        expect(
          (await c.get(`/api/download_multiple_delivery_notes?orders=${mine!.id}&${note}`)).statusCode,
        ).toBe(200);
      },
    );
  });

  it('the orders sheet export of another warehouse is refused like an unknown one', async () => {
    await withPermissions(
      'warehouseman',
      (p) => [...p, 'can_export_orders'],
      async () => {
        const c = await login(t.app, 'warehouseman2');
        const today = pragueDay();
        expectError(
          await c.get(`/api/download-orders?warehouse=${wh.Jihlava}&from=${today}`),
          400,
          ErrorCode.invalidInput,
        );
        expect(
          (await c.get(`/api/download-orders?warehouse=${wh['Havlíčkův Brod']}&from=${today}`)).statusCode,
        ).toBe(200);
      },
    );
  });

  it("a customer's order summary lists only the warehouse's orders", async () => {
    const [customer] = await rows<{ customer_id: number }>(sql`select customer_id from orders
      where customer_id is not null group by customer_id
      having count(distinct warehouse_id) > 1 and bool_or(warehouse_id = ${wh['Havlíčkův Brod']}) limit 1`);
    expect(customer).toBeDefined();
    const all = (await owner.get(`/api/customer/${customer!.customer_id}`)).json().orders;
    const seen = (await warehouseman2.get(`/api/customer/${customer!.customer_id}`)).json().orders;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(all.length);
    for (const o of seen) expect(o.warehouse.id).toBe(wh['Havlíčkův Brod']);
  });

  it('vacations: closures of their warehouses and days off of their colleagues only', async () => {
    const closures = (await warehouseman2.get('/api/warehouse_vacations?per_page=100')).json().items;
    expect(closures.length).toBeGreaterThan(0);
    for (const v of closures) expect(v.warehouse.id).toBe(wh['Havlíčkův Brod']);
    const [jihlava] = await rows<{ id: number }>(
      sql`select id from warehouse_vacations where warehouse_id = ${wh.Jihlava}`,
    );
    expectError(await warehouseman2.get(`/api/warehouse_vacation/${jihlava!.id}`), 404, ErrorCode.notFound);
    expect((await owner.get(`/api/warehouse_vacation/${jihlava!.id}`)).statusCode).toBe(200);
    const days = Array.from({ length: 14 }, (_, i) =>
      new Date(Date.parse(`${pragueDay()}T12:00Z`) + i * 864e5).toISOString().slice(0, 10),
    ).join(',');
    const calendar = await warehouseman2.get(`/api/api/get-vacations?warehouses=${wh.Jihlava}&dates=${days}`);
    expect(calendar.json().data).toEqual([]);
    expect(
      (await owner.get(`/api/api/get-vacations?warehouses=${wh.Jihlava}&dates=${days}`)).json().data.length,
    ).toBeGreaterThan(0);

    // driver2 serves Jihlava only: not a colleague of the Havlíčkův Brod warehouseman.
    const [driver2] = await rows<{ id: number }>(sql`select v.id from user_vacations v
      join users u on u.id = v.user_id where u.username = 'driver2'`);
    const people = (await warehouseman2.get('/api/user_vacations?per_page=100')).json().items;
    expect(people.map((v: { id: number }) => v.id)).not.toContain(driver2!.id);
    expect(people.length).toBeGreaterThan(0);
    expectError(await warehouseman2.get(`/api/user_vacation/${driver2!.id}`), 404, ErrorCode.notFound);
    expect((await driver.get(`/api/user_vacation/${driver2!.id}`)).statusCode).toBe(200);
    const offDays = (await warehouseman2.get(`/api/api/get-drivers-vacations?dates=${days}`)).json().data;
    for (const v of offDays) expect(v.user_id).not.toBe(driver2!.id);
    expect(
      (await owner.get(`/api/api/get-drivers-vacations?dates=${days}`))
        .json()
        .data.some((v: { user_id: number }) => v.user_id !== driver2!.id),
    ).toBe(true);
  });

  it('a dispatcher who also drives is not scoped; a warehouseman of no warehouse sees nothing', async () => {
    await createUser(t.db, { username: 'both', functions: ['dispatcher', 'driver'] });
    const both = await login(t.app, 'both');
    const all = (await owner.get('/api/orders')).json().total;
    expect((await both.get('/api/orders')).json().total).toBe(all);
    await createUser(t.db, { username: 'nowhere', functions: ['warehouseman'] });
    const nowhere = await login(t.app, 'nowhere');
    expect((await nowhere.get('/api/orders')).json()).toEqual({ items: [], total: 0, next_after: null });
  });
});

describe('the owner function can be taken away, never from the last owner', () => {
  const ownerIds = async () =>
    (
      await rows<{ id: number }>(sql`select u.id from users u join user_functions uf on uf.user_id = u.id
        join functions f on f.id = uf.function_id where f.name = 'owner' and u.is_active order by u.id`)
    ).map((r) => r.id);
  const item = async (id: number) =>
    (
      await rows<Record<string, unknown>>(
        sql`select first_name, last_name, email, phone, version from users where id = ${id}`,
      )
    )[0]!;
  const edit = (user: { [k: string]: unknown }, functions: string[]) => ({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    functions,
    maximum_order_count: null,
    version: user.version,
  });

  it('another owner takes it away; the last owner keeps it (409 / 205); a non-owner gets 403 / 204', async () => {
    await createUser(t.db, { username: 'owner2', functions: ['owner'] });
    const [{ id: secondId }] = (await rows<{ id: number }>(
      sql`select id from users where username = 'owner2'`,
    )) as [{ id: number }];
    const ownerId = owner.user.id;
    // A dispatcher holding change_user is still shielded from owners.
    await withPermissions(
      'dispatcher',
      (p) => [...p, 'change_user'],
      async () => {
        const d = await login(t.app, 'dispatcher');
        expectError(
          await d.put(`/api/user/${secondId}/edit`, edit(await item(secondId), ['dispatcher'])),
          403,
          ErrorCode.ownerShielded,
        );
      },
    );
    const taken = await owner.put(`/api/user/${secondId}/edit`, edit(await item(secondId), ['dispatcher']));
    expect(taken.statusCode).toBe(200);
    expect(taken.json().item.functions.map((f: { name: string }) => f.name)).toEqual(['dispatcher']);
    expect(await ownerIds()).toEqual([ownerId]);
    const last = await owner.put(`/api/user/${ownerId}/edit`, edit(await item(ownerId), ['dispatcher']));
    expectError(last, 409, ErrorCode.lastOwner);
    expect(last.json().fields).toEqual(['functions']);
    expect(await ownerIds()).toEqual([ownerId]);
  });

  it('two owners taking it from each other at the same moment leave exactly one owner', async () => {
    const ownerId = owner.user.id;
    const [rival] = await rows<{ id: number }>(sql`select id from users where username = 'owner2'`);
    for (let round = 0; round < 6; round++) {
      // Make owner2 an owner again, then both strike at once.
      const back = await owner.put(`/api/user/${rival!.id}/edit`, edit(await item(rival!.id), ['owner']));
      expect(back.statusCode).toBe(200);
      const other = await login(t.app, 'owner2');
      const [a, b] = [edit(await item(rival!.id), ['dispatcher']), edit(await item(ownerId), ['dispatcher'])];
      const answers = await Promise.all([
        owner.put(`/api/user/${rival!.id}/edit`, a),
        other.put(`/api/user/${ownerId}/edit`, b),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      // The loser is refused either way: 409 when both edits met inside the
      // database, 403 when the winner's edit had already taken the loser's
      // owner function before the loser's request was checked.
      expect([
        [200, 403],
        [200, 409],
      ]).toContainEqual(statuses);
      const loser = answers.find((r) => r.statusCode !== 200)!;
      if (loser.statusCode === 409) expect(loser.json().error_code).toBe(ErrorCode.lastOwner);
      const left = await ownerIds();
      expect(left).toHaveLength(1);
      if (left[0] !== ownerId) {
        // owner2 won: give the demo owner the function back for the next round.
        const c = await login(t.app, 'owner2');
        expect(
          (await c.put(`/api/user/${ownerId}/edit`, edit(await item(ownerId), ['owner']))).statusCode,
        ).toBe(200);
      }
      owner = await login(t.app, 'owner');
    }
  });
});
