import { gunzipSync } from 'node:zlib';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../test/build.ts';
import { someCustomerId } from '../test/customers.ts';
import { makeOrder, warehouseIds } from '../test/orders.ts';
import { makeProduct } from '../test/products.ts';

/**
 * Heavy answers are cached under the data version (decision 0020): never an answer from before a change
 * the API made, one computation for parallel askers, nothing cached when turned off.
 */
let t: BuiltTestApp;
let owner: Client;
let technician: Client;
let warehouseman: Client;
let jihlava: number;
let customerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, technician, warehouseman } = await signIn(t.app, ['owner', 'technician', 'warehouseman']));
  ({ jihlava } = await warehouseIds(owner));
  customerId = await someCustomerId(owner, 3);
});
afterAll(() => t?.close());

const stats = () => t.app.answers.stats();

describe('the answer cache', () => {
  it('serves a calendar week again until a change, then the changed week', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 5 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: product, amount: 1 }],
    });
    const week = `/api/api/get-orders?warehouses=${jihlava}&dates=${order.expected_delivery_date}`;
    const doneOf = async () => {
      const answer = await technician.get(week);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      return answer.json().data.find((o: { id: number }) => o.id === order.id)?.done;
    };

    expect(await doneOf()).toBe(false);
    const before = stats();
    expect(await doneOf()).toBe(false);
    expect(stats().hits).toBe(before.hits + 1);
    expect(stats().misses).toBe(before.misses);

    expect((await owner.put(`/api/order/${order.id}/done`)).statusCode).toBe(200);
    expect(await doneOf()).toBe(true);
    expect(stats().misses).toBe(before.misses + 1);

    // A refused change (403) writes nothing and leaves the cache alone.
    const hitsBefore = stats().hits;
    expect((await warehouseman.put(`/api/order/${order.id}/undone`)).statusCode).toBe(403);
    expect(await doneOf()).toBe(true);
    expect(stats().hits).toBe(hitsBefore + 1);
  });

  it('sends the cached JSON gzipped to a client that accepts it, and plain to one that does not', async () => {
    // A day of the demo week that has Jihlava's deliveries (today may be a Sunday without any).
    const [busy] = await rowsOf<{ day: string }>(
      t.db,
      sql`
        select to_char(expected_delivery_date, 'YYYY-MM-DD') as day from orders
        where warehouse_id = ${jihlava} and expected_delivery_date >= ${pragueDay()}::date
        group by 1 order by count(*) desc, 1 limit 1`,
    );
    const week = `/api/api/get-orders?warehouses=${jihlava}&dates=${busy!.day}`;
    const plain = await technician.get(week);
    const zipped = await technician.get(week, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(plain.json().data.length).toBeGreaterThan(0);
  });

  it("keeps an order search's total while paging, and counts again after a change", async () => {
    const customer = (await owner.get(`/api/customer/${customerId}`)).json().customer;
    const search = (page: number) =>
      `/api/orders?current_page=${page}&per_page=10&name=${encodeURIComponent(customer.last_name)}`;
    const first = await technician.get(search(1));
    expect(first.statusCode, first.body).toBe(200);
    const total = first.json().total as number;
    const misses = stats().misses;
    const second = await technician.get(search(2));
    expect(second.json().total).toBe(total);
    expect(stats().misses).toBe(misses);
    await makeOrder(technician, { warehouseId: jihlava, customerId, lines: [] });
    expect((await technician.get(search(1))).json().total).toBe(total + 1);
    expect(stats().misses).toBe(misses + 1);
  });

  it('a writing GET of the spec (a new draft) is a change too, of the orders with no day', async () => {
    const week = `/api/api/get-orders?warehouses=${jihlava}&dates=2031-05-05`;
    const total = '/api/orders?per_page=10&name=Nov';
    await technician.get(week);
    await technician.get(total);
    const misses = stats().misses;
    expect((await technician.get('/api/order/add')).statusCode).toBe(200);
    await technician.get(total);
    expect(stats().misses).toBe(misses + 1);
    // Decision 0050: a draft has no delivery day, so no day's calendar changed.
    await technician.get(week);
    expect(stats().misses).toBe(misses + 1);
  });

  it('a delivery note is printed once per version and day, and again after a change', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 5 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: product, amount: 2 }],
    });
    const supplier = (await owner.get('/api/suppliers')).json().items[0].id;
    const note = () =>
      technician.get(`/api/order/${order.id}/get_delivery_note?supplier=${supplier}&language=cs`);
    const first = await note();
    expect(first.statusCode).toBe(200);
    const misses = stats().misses;
    const second = await note();
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(stats().misses).toBe(misses);
    expect((await owner.put(`/api/order/${order.id}/done`)).statusCode).toBe(200);
    await note();
    expect(stats().misses).toBe(misses + 1);
  });

  it('parallel askers of one uncached answer wait for one computation', async () => {
    const { misses, hits } = stats();
    const month = '/api/stats_by_warehouses?from=2026-01-01&to=2026-01-31';
    const answers = await Promise.all(Array.from({ length: 5 }, () => owner.get(month)));
    for (const a of answers) expect(a.body).toBe(answers[0]!.body);
    expect(stats().misses).toBe(misses + 1);
    expect(stats().hits).toBe(hits + 4);
  });
});

describe('ANSWER_CACHE_BYTES=0', () => {
  it('computes every answer, caching nothing', async () => {
    const off = await buildTestApp({ ANSWER_CACHE_BYTES: '0' });
    try {
      const { owner: boss } = await signIn(off.app, ['owner']);
      const month = '/api/stats_by_warehouses?from=2026-01-01&to=2026-01-31';
      expect((await boss.get(month)).statusCode).toBe(200);
      expect((await boss.get(month)).statusCode).toBe(200);
      expect(off.app.answers.stats()).toMatchObject({ hits: 0, entries: 0 });
    } finally {
      await off.close();
    }
  });
});
