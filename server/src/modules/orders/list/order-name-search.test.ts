import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows.ts';
import { containsPattern } from '../../../db/text-search.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { makeOrder, warehouseIds } from '../../../test/orders.ts';
import { makeProduct } from '../../../test/products.ts';

/**
 * Decision 0051, migration 0035: the list's name filter looks for the text among the names orders carry
 * (order_customer_names, kept by a trigger) and reads their orders from orders_name_search_idx. It
 * must find exactly what looking in every order's name finds, after any writer changed the names.
 */
let t: BuiltTestApp;
let owner: Client;
let technician: Client;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, technician } = await signIn(t.app, ['owner', 'technician']));
});
afterAll(() => t?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.db, query);

/** The orders each state shows for `text`, read from every order's own name (the rule before). */
async function expected(text: string, state: string): Promise<number[]> {
  const states: Record<string, ReturnType<typeof sql>> = {
    all: sql`true`,
    not_done: sql`not hidden and not done`,
    done: sql`done`,
    hidden: sql`hidden`,
    not_collected: sql`not hidden and collected_revenue_at is null`,
  };
  return (
    await rows<{ id: number }>(sql`
      select id from orders where draft_touched_at is null and customer_id is not null
        and customer_name like lower(f_unaccent(${containsPattern(text)})) and ${states[state]!}
      order by id desc`)
  ).map((r) => r.id);
}

async function listed(text: string, state: string): Promise<{ total: number; ids: number[] }> {
  const answer = await owner.get(`/api/orders?per_page=100&state=${state}&name=${encodeURIComponent(text)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json() as { total: number; items: { id: number }[] };
  return { total: body.total, ids: body.items.map((o) => o.id) };
}

async function sameAsEveryOrder(why: string) {
  const missing = await rows<{ n: number }>(sql`
    select count(*)::int as n from orders o where customer_name is not null
      and not exists (select 1 from order_customer_names n where n.name = o.customer_name)`);
  expect(missing[0]!.n, `${why}: names kept`).toBe(0);
  for (const text of ['novák', 'NOVAK', 'ová', 'Křížová', 'zzz-nikdo', 'jan nov', '%', '_']) {
    for (const state of ['all', 'not_done', 'done', 'hidden', 'not_collected']) {
      const want = await expected(text, state);
      const got = await listed(text, state);
      expect(got.total, `${why}: ${text} ${state}`).toBe(want.length);
      // The page's own order is the list's sort (order-sort.test.ts): compared as sets when all fit.
      if (want.length <= 100)
        expect([...got.ids].sort(), `${why}: ${text} ${state}`).toEqual([...want].sort());
    }
  }
}

describe('the order list by name (migration 0035)', () => {
  it("finds what every order's own name finds, as seeded and after any writer renamed", async () => {
    await sameAsEveryOrder('as seeded');
    const [customer] = await rows<{ id: number }>(
      sql`select customer_id as id from orders where customer_id is not null group by 1 order by count(*) desc limit 1`,
    );
    // A hand-written rename reaches the orders (0014's trigger) and so the names.
    await t.db.execute(sql`update customers set last_name = 'Žluťoučká-Nováková' where id = ${customer!.id}`);
    await t.app.answers.bump(); // as the API does after a write (the list's totals are cached)
    await sameAsEveryOrder('renamed by hand');
    expect((await listed('zlutoucka', 'all')).total).toBeGreaterThan(0);

    // Orders written at once through the API for new customers' names, while one is renamed.
    const { jihlava } = await warehouseIds(owner);
    const product = await makeProduct(owner, jihlava, { stock: 100 });
    const created = await Promise.all(
      ['Vondráčková', 'Šťastný', 'Vondráček'].map(async (last_name, i) => {
        const [c] = await rows<{ id: number }>(sql`
          insert into customers (first_name, last_name, organization_name, pre_phone, phone, email,
            full_address, town, zip_code, country, gps_lat, gps_lon)
          select 'Test', ${last_name}, '', pre_phone, phone || ${String(i)}, email, full_address, town,
            zip_code, country, gps_lat, gps_lon from customers where id = ${customer!.id}
          returning id`);
        return makeOrder(technician, {
          warehouseId: jihlava,
          customerId: c!.id,
          lines: [{ id: product, amount: 1 }],
        });
      }),
    );
    expect(created).toHaveLength(3);
    await sameAsEveryOrder('new names at once');
    expect((await listed('vondrac', 'all')).total).toBe(2);
  }, 120_000);
});
