import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';

// Concurrency, run on PGlite and again on PostgreSQL by `npm test`: 200 parallel stock
// changes leave exactly start − N with one ledger row each; two saves of one order from the same
// copy give one success and one 409.
let t: BuiltTestApp;
let warehouseman: Client;
let dispatcher: Client;

beforeAll(async () => {
  t = await buildTestApp();
  warehouseman = await login(t.app, 'warehouseman');
  dispatcher = await login(t.app, 'dispatcher');
});
afterAll(() => t?.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await rowsOf<T>(t.db, query))[0]!;

describe('stock under 200 parallel changes', () => {
  it('ends at exactly start − 200 with 200 ledger rows, and equals its ledger', async () => {
    const { warehouse_id: w, product_id: p } = await one<{ warehouse_id: number; product_id: number }>(
      sql`select warehouse_id, product_id from product_stock order by warehouse_id, product_id limit 1`,
    );
    const set = await warehouseman.get(`/api/update_stock/${w}/${p}`);
    const start = set.json().item.amount as number;
    await warehouseman.put(`/api/update_stock/${w}/${p}`, { amount: 1000 });
    const before = await one<{ n: number }>(
      sql`select count(*)::int as n from stock_ledger where warehouse_id = ${w} and product_id = ${p}`,
    );

    const answers = await Promise.all(
      Array.from({ length: 200 }, () => warehouseman.put(`/api/update_stock/${w}/${p}`, { amount: -1 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(200);

    const after = await one<{ amount: number; rows: number; ledger: number }>(sql`
      select s.amount::float8 as amount,
             (select count(*)::int from stock_ledger l where l.warehouse_id = ${w} and l.product_id = ${p}) as rows,
             (select sum(delta)::float8 from stock_ledger l where l.warehouse_id = ${w} and l.product_id = ${p}) as ledger
      from product_stock s where s.warehouse_id = ${w} and s.product_id = ${p}`);
    expect(after.amount).toBe(start + 1000 - 200);
    expect(after.rows).toBe(before.n + 200);
    expect(after.ledger).toBe(after.amount);
    // Every intermediate amount was seen exactly once: no two changes read the same stock.
    const seen = await one<{ distinct: number }>(sql`
      select count(distinct amount_after)::int as distinct from (
        select amount_after from stock_ledger where warehouse_id = ${w} and product_id = ${p}
        order by id desc limit 200) last`);
    expect(seen.distinct).toBe(200);
  });
});

describe('two people saving one order', () => {
  it('from the same copy: one save wins, the other gets 409 and changes nothing', async () => {
    const draft = (await dispatcher.get('/api/order/add')).json();
    const orderId = (draft.item ?? draft).id as number;
    const order = (await dispatcher.get(`/api/order/${orderId}`)).json().item;
    const [a, b] = await one<{ a: number; b: number }>(
      sql`select min(id)::int as a, max(id)::int as b from customers`,
    ).then((r) => [r.a, r.b]);

    const saves = await Promise.all([
      dispatcher.post(`/api/order/${orderId}/customer`, { id_found: a, version: order.version }),
      dispatcher.post(`/api/order/${orderId}/customer`, { id_found: b, version: order.version }),
    ]);
    expect(saves.map((s) => s.statusCode).sort()).toEqual([200, 409]);
    const winner = saves.find((s) => s.statusCode === 200)!.json().item;
    const saved = (await dispatcher.get(`/api/order/${orderId}`)).json().item;
    expect(saved.customer.id).toBe(winner.customer.id);
    expect(saved.version).toBe(order.version + 1);
  });
});
