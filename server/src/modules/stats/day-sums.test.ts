import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { seededRandom } from '@letokruh/contracts/rules/seeded-random';
import type { StatsQuery } from '@letokruh/contracts/stats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { diskStorage } from '../../plugins/storage.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { makeOrder, shortStockConfirmed, warehouseIds } from '../../test/orders.ts';
import { makeProduct } from '../../test/products.ts';
import { countOrders, keptTotal } from '../orders/list/order-list.queries.ts';
import { draftLifetimeMs, sweepStaleDrafts } from '../orders/steps/drafts.service.ts';
import { statsByWarehouses, statsForProducts } from './stats.service.ts';

/**
 * Decision 0043: the daily sums of migration 0030 stay equal to a full recomputation from the orders
 * and their lines after random writes of every kind through the API (several at once), a few
 * behind its back, the draft sweep; and the overviews read from them answer what summing the
 * orders answers.
 */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let warehouseman: Client;
let warehousemanScope: number[];
let customerId: number;
let warehouses: number[];
const products: number[] = [];
const orderIds: number[] = [];

/** Six days of June 2037 (no other order is there): many orders share a day and a warehouse. */
const days = ['2037-06-01', '2037-06-02', '2037-06-03', '2037-06-04', '2037-06-05', '2037-06-06'];

/** The same writes on every run; a failing run replays from its seed. */
const random = seededRandom(16);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const someLines = () =>
  products
    .filter(() => random() < 0.6)
    .map((id) => ({
      id,
      amount: pick([1, 1.25, 2, 3.33]),
      ...(random() < 0.3 ? { price: pick([99.99, 1000, 0.01, 333.33]) } : {}),
    }));
const slot = () => ({
  expected_delivery_date: pick(days),
  expected_delivery_time: pick(['07:00', '09:30', '13:15', '16:45']),
});

const ok = <A extends { statusCode: number; body: string }>(answer: A): A => {
  if (answer.statusCode >= 300) throw new Error(`${answer.statusCode} ${answer.body}`);
  return answer;
};
const versionOf = async (id: number) => ok(await owner.get(`/api/order/${id}`)).json().item.version as number;

/** One random write; answers what it did (a refused one, e.g. a concurrent edit, throws). */
const writes: Record<string, () => Promise<unknown>> = {
  async create() {
    const order = await makeOrder(dispatcher, {
      warehouseId: pick(warehouses),
      customerId,
      lines: someLines(),
      items: { currency: pick(['CZK', 'CZK', 'EUR']), distance: pick([0, 3.5, 12.3, 40]) },
      intern: slot(),
    });
    orderIds.push(order.id);
  },
  async items() {
    const id = pick(orderIds);
    const currency = pick(['CZK', 'EUR']);
    ok(
      await dispatcher.post(`/api/order/${id}/items`, {
        warehouse_id: pick(warehouses),
        currency,
        distance: pick([0, 7, 25.5]),
        products: someLines().map((l) => ({
          amount: l.amount,
          product: { product: { id: l.id }, ...(l.price === undefined ? {} : { amount: l.price }) },
        })),
        ...shortStockConfirmed,
      }),
    );
  },
  async reschedule() {
    const id = pick(orderIds);
    ok(
      await dispatcher.put(`/api/order/${id}/reschedule`, {
        ...slot(),
        confirm_overlap: true,
        version: await versionOf(id),
      }),
    );
  },
  done: async () => ok(await dispatcher.put(`/api/order/${pick(orderIds)}/done`)),
  undone: async () => ok(await dispatcher.put(`/api/order/${pick(orderIds)}/undone`)),
  collect: async () => ok(await owner.put(`/api/order/${pick(orderIds)}/collect_revenue`)),
  uncollect: async () => ok(await owner.put(`/api/order/${pick(orderIds)}/return_revenue`)),
  cancel: async () => ok(await dispatcher.delete(`/api/order/${pick(orderIds)}/delete`)),
  restore: async () => ok(await dispatcher.put(`/api/order/${pick(orderIds)}/restore`)),
  async copy() {
    const id = ok(await dispatcher.get(`/api/order/${pick(orderIds)}/copy`)).json().order_id as number;
    // A copy is a draft until its intern step; half of them stay drafts.
    if (random() < 0.5) return;
    const drivers = (await dispatcher.get(`/api/order/${id}/drivers`)).json().items ?? [];
    ok(
      await dispatcher.post(`/api/order/${id}/intern`, {
        payment_type: 'cash',
        expected_delivery_duration: 60,
        ...slot(),
        ...(drivers.length ? { driver_id: drivers[0].id, confirm_overlap: true } : {}),
        ...shortStockConfirmed,
      }),
    );
    orderIds.push(id);
  },
  async draft() {
    const id = ok(await dispatcher.get('/api/order/add')).json().id as number;
    ok(await dispatcher.post(`/api/order/${id}/customer`, { id_found: customerId }));
    ok(
      await dispatcher.post(`/api/order/${id}/items`, {
        warehouse_id: pick(warehouses),
        currency: 'CZK',
        products: someLines().map((l) => ({ amount: l.amount, product: { product: { id: l.id } } })),
        ...shortStockConfirmed,
      }),
    );
    // A draft with a day (behind the API's back) must still not count.
    await t.db.execute(sql`update orders set expected_delivery_date = ${pick(days)} where id = ${id}`);
  },
  /** Writers other than the API: a price typed into the database, a line moved, an order deleted. */
  async byHand() {
    const id = pick(orderIds);
    const what = pick(['price', 'product', 'delete', 'terms']);
    if (what === 'price')
      await t.db.execute(sql`update order_items set price = price + 1.11 where order_id = ${id}`);
    else if (what === 'product')
      await t.db.execute(sql`update order_items set product_id = ${pick(products)}
        where id = (select min(id) from order_items where order_id = ${id})
          and not exists (select 1 from order_items where order_id = ${id} and product_id = ${pick(products)})`);
    else if (what === 'terms')
      await t.db.execute(sql`update orders set delivery_price_amount = 17.5, minimum_delivery_price = null
        where id = ${id}`);
    else {
      await t.db.execute(sql`delete from orders where id = ${id}`);
      orderIds.splice(orderIds.indexOf(id), 1);
    }
  },
};

/** Writes at once; answers how many went through, and why the others were refused. */
async function batch(size: number, kinds: string[]) {
  const results = await Promise.allSettled(Array.from({ length: size }, () => writes[pick(kinds)]!()));
  return {
    done: results.filter((r) => r.status === 'fulfilled').length,
    refused: results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason).slice(0, 160)] : [])),
  };
}

const money = (v: unknown) => Number(v).toFixed(2);
const rows = (query: ReturnType<typeof sql>) => rowsOf(t.db, query);

/** The sums as kept, and as computed from every order and line now (what the overviews count). */
async function sumsBothWays() {
  const counted = sql`not o.hidden and o.draft_touched_at is null and o.customer_id is not null
    and o.warehouse_id is not null and o.currency is not null and o.expected_delivery_date is not null`;
  const key = (r: Record<string, unknown>) => `${r.day}|${r.warehouse_id}|${r.currency}|${r.done}`;
  const orderRow = (r: Record<string, unknown>) =>
    `${key(r)}|${r.count}|${money(r.travel)}|${money(r.total)}`;
  const productRow = (r: Record<string, unknown>) =>
    `${key(r)}|${r.product_id}|${r.count}|${money(r.amount)}|${money(r.with_vat)}`;
  const listRow = (r: Record<string, unknown>) =>
    `${r.warehouse_id}|${r.day ?? '-'}|${r.hidden}|${r.done}|${r.collected}|${r.count}`;
  const [kept, full, keptProducts, fullProducts, impossible, keptLists, fullLists, keptDays, fullDays] =
    await Promise.all([
      rows(sql`select day::text, warehouse_id, currency, done, order_count as count, travel, total
      from order_day_sums where order_count <> 0`),
      rows(sql`select o.expected_delivery_date::text as day, o.warehouse_id, o.currency, o.done, count(*)::int as count,
        sum(t.travel) as travel, sum(t.travel + coalesce(l.lines, 0)) as total
      from orders as o
      cross join lateral (select case when o.delivery_price_amount is null or o.minimum_delivery_price is null then 0
        else greatest(round(o.delivery_price_amount * o.distance * 2, 2), round(o.minimum_delivery_price, 2)) end as travel) as t
      left join (select order_id, sum(round(price * amount * discount, 2)) as lines from order_items group by order_id) as l
        on l.order_id = o.id
      where ${counted} group by 1, 2, 3, 4`),
      rows(sql`select day::text, warehouse_id, currency, done, product_id, line_count as count, amount, with_vat
      from order_product_day_sums where line_count <> 0`),
      rows(sql`select o.expected_delivery_date::text as day, o.warehouse_id, o.currency, o.done, i.product_id,
        count(*)::int as count, sum(i.amount) as amount, sum(round(i.price * i.amount * i.discount, 2)) as with_vat
      from orders as o join order_items as i on i.order_id = o.id where ${counted} group by 1, 2, 3, 4, 5`),
      rows(sql`select 'orders' as sums, count(*)::int as n from order_day_sums
        where order_count < 0 or (order_count = 0 and (travel <> 0 or total <> 0))
      union all select 'products', count(*)::int from order_product_day_sums
        where line_count < 0 or (line_count = 0 and (amount <> 0 or with_vat <> 0))
      union all select 'lists', count(*)::int from order_list_counts where order_count < 0
      union all select 'list days', count(*)::int from order_list_day_counts where order_count < 0`),
      // The list's kept totals (migration 0038): every listed order, whatever its day or currency.
      rows(sql`select warehouse_id, hidden, done, collected, order_count as count
      from order_list_counts where order_count <> 0`),
      rows(sql`select coalesce(warehouse_id, 0) as warehouse_id, hidden, done,
        collected_revenue_at is not null as collected, count(*)::int as count
      from orders where draft_touched_at is null and customer_id is not null group by 1, 2, 3, 4`),
      // The same per expected delivery day (migration 0047): the sizes of the list's stretches by delivery.
      rows(sql`select warehouse_id, day::text, hidden, done, collected, order_count as count
      from order_list_day_counts where order_count <> 0`),
      rows(sql`select coalesce(warehouse_id, 0) as warehouse_id, expected_delivery_date::text as day, hidden, done,
        collected_revenue_at is not null as collected, count(*)::int as count
      from orders where draft_touched_at is null and customer_id is not null group by 1, 2, 3, 4, 5`),
    ]);
  return {
    kept: {
      orders: kept.map(orderRow).sort(),
      products: keptProducts.map(productRow).sort(),
      lists: keptLists.map(listRow).sort(),
      listDays: keptDays.map(listRow).sort(),
    },
    full: {
      orders: full.map(orderRow).sort(),
      products: fullProducts.map(productRow).sort(),
      lists: fullLists.map(listRow).sort(),
      listDays: fullDays.map(listRow).sort(),
    },
    impossible: impossible.map((r) => Number(r.n)),
  };
}

async function expectSumsExact() {
  const { kept, full, impossible } = await sumsBothWays();
  expect(impossible).toEqual([0, 0, 0, 0]);
  expect(kept).toEqual(full);
  return full.orders.length;
}

/** Each overview answers through the API what summing the orders themselves answers. */
async function expectOverviewsAsRecomputed() {
  const queries: StatsQuery[] = [
    { from: days[0]!, to: days.at(-1)!, done: undefined },
    { from: days[1]!, to: days[3]!, done: true },
    { from: days[0]!, to: days.at(-1)!, done: false, warehouse: warehouses[0] },
    { from: days[2]!, to: days[2]!, done: undefined, warehouse: warehouses[1] },
    { from: '2000-01-01', to: '2009-12-31', done: undefined },
  ];
  for (const query of queries) {
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]): [string, string][] =>
        v === undefined ? [] : [[k, String(v)]],
      ),
    );
    const byWarehouses = ok(await owner.get(`/api/stats_by_warehouses?${search}`)).json();
    expect(byWarehouses).toEqual(await statsByWarehouses(t.db, query, true));
    const forProducts = ok(await owner.get(`/api/stats_for_products?${search}`)).json();
    expect(forProducts).toEqual(await statsForProducts(t.db, query, true));
  }
}

/**
 * The list's total through the API (from the kept counts when filtered by state and warehouse
 * only, migration 0038) is what counting the orders answers, for every state and warehouse, for a
 * user who sees all and for one scoped to their warehouses; a search still counts.
 */
async function expectListTotalsAsCounted() {
  const states = ['all', 'not_done', 'done', 'hidden', 'not_collected'] as const;
  for (const [client, scope] of [
    [owner, null],
    [warehouseman, warehousemanScope],
  ] as const) {
    for (const state of states) {
      for (const warehouse of [undefined, ...warehouses]) {
        if (scope && warehouse !== undefined && !scope.includes(warehouse)) continue;
        const search = new URLSearchParams({ state, per_page: '10', current_page: '1' });
        if (warehouse !== undefined) search.set('warehouse', String(warehouse));
        const filters = { state, warehouse, scope };
        expect(keptTotal(filters)).not.toBeNull();
        const answer = ok(await client.get(`/api/orders?${search}`)).json();
        expect([state, warehouse, answer.total]).toEqual([
          state,
          warehouse,
          await countOrders(t.db, filters),
        ]);
        // A page past the end carries no row: its total is asked alone, and is the same.
        search.set('current_page', '1000');
        expect(ok(await client.get(`/api/orders?${search}`)).json().total).toBe(answer.total);
      }
    }
  }
  expect(keptTotal({ state: 'all', scope: null, name: 'nov' })).toBeNull();
  expect(keptTotal({ state: 'drafts', scope: null, userId: 1 })).toBeNull();
}

/** Empties a kept table and reruns its migration's backfill (the migration's last statement). */
async function rerunBackfill(file: string, table: string) {
  const text = await readFile(path.join(import.meta.dirname, '../../db/migrations', file), 'utf8');
  const backfill = text.split('--> statement-breakpoint').at(-1)!;
  expect(backfill).toContain(`INSERT INTO "${table}"`);
  await t.db.execute(sql.raw(`delete from ${table}`));
  await t.db.execute(sql.raw(backfill));
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, warehouseman } = await signIn(t.app, ['owner', 'dispatcher', 'warehouseman']));
  warehousemanScope = (
    await rows(sql`select s.warehouse_id from warehouse_staff as s join users as u on u.id = s.user_id
      where u.username = 'warehouseman' order by 1`)
  ).map((r) => Number(r.warehouse_id));
  expect(warehousemanScope.length).toBeGreaterThan(0);
  const w = await warehouseIds(owner);
  warehouses = [w.jihlava, w.brod, w.trebic];
  customerId = await someCustomerId(owner);
  for (let i = 0; i < 3; i++) {
    products.push(await makeProduct(owner, w.jihlava, { stock: 1000, alsoIn: [w.brod, w.trebic] }));
  }
}, 120_000);
afterAll(() => t?.close());

describe('the daily sums of the overviews (migration 0030) and the list counts (0038)', () => {
  it('the backfill of the migration sums the orders already there', async () => {
    const text = await readFile(
      path.join(import.meta.dirname, '../../db/migrations/0030_order_day_sums.sql'),
      'utf8',
    );
    const backfill = text.split('--> statement-breakpoint').slice(-2);
    expect(backfill.join('')).toContain('INSERT INTO "order_product_day_sums"');
    await t.db.execute(sql`delete from order_day_sums`);
    await t.db.execute(sql`delete from order_product_day_sums`);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    // The demo's orders are there, spread over many days.
    expect(await expectSumsExact()).toBeGreaterThan(10);
  });

  it('the backfill of the list counts (migration 0038) counts the orders already there', async () => {
    await rerunBackfill('0038_order_list_counts.sql', 'order_list_counts');
    await expectSumsExact();
    await expectListTotalsAsCounted();
  });

  it('the backfill of the list counts per day (migration 0047) counts the orders already there', async () => {
    // An order with no delivery day yet: kept under a day of null.
    await t.db.execute(sql`update orders set expected_delivery_date = null
      where id = (select min(id) from orders where draft_touched_at is null and customer_id is not null)`);
    await rerunBackfill('0047_order_list_day_counts.sql', 'order_list_day_counts');
    const { full } = await sumsBothWays();
    expect(full.listDays.some((r) => r.split('|')[1] === '-')).toBe(true);
    await expectSumsExact();
  });

  it('stay exact through random writes of every kind, several at once', async () => {
    for (let i = 0; i < 6; i++) await writes.create!();
    await expectSumsExact();
    const kinds = Object.keys(writes);
    let done = 0;
    const refused: string[] = [];
    for (let round = 0; round < 5; round++) {
      const result = await batch(8, kinds);
      done += result.done;
      refused.push(...result.refused);
      await expectSumsExact();
    }
    // Writes went through; the others were refused by the rules (undone of an order not done, an
    // order another write deleted, a concurrent edit: 404/409), never by the database (a deadlock
    // would be a 500). How many collide depends on the machine's timing, so no count is asked of
    // them; the sums were compared after every round either way.
    expect(done).toBeGreaterThan(0);
    expect(refused.filter((r) => !/^Error: 40[49] /.test(r))).toEqual([]);
    await expectOverviewsAsRecomputed();
    await expectListTotalsAsCounted();
  }, 180_000);

  it('stay exact through the draft sweep and a drafted copy', async () => {
    const copy = ok(await dispatcher.get(`/api/order/${orderIds[0]}/copy`)).json().order_id as number;
    await t.db.execute(
      sql`update orders set expected_delivery_date = ${days[0]}, draft_touched_at = ${new Date(
        Date.now() - draftLifetimeMs - 60_000,
      )} where id = ${copy}`,
    );
    expect(await sweepStaleDrafts(t.db, diskStorage(`${t.dataDir}/files`))).toBeGreaterThan(0);
    await expectSumsExact();
    await expectOverviewsAsRecomputed();
  });
});
