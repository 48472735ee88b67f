import { ErrorCode } from '@letokruh/contracts/errors';
import type { OrderSort, SortDirection } from '@letokruh/contracts/order-sort';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { foldText } from '@letokruh/contracts/rules/text';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { warehouseIds } from '../../../test/orders.ts';
import { findOrderPage, keptSizes, type OrderFilters, pageIds, segmentWhere } from './order-list.queries.ts';
import { type Segment, segmentsOf } from './order-sort.ts';

let t: BuiltTestApp;
let owner: Client;
let jihlava: number;

type Listed = {
  id: number;
  hidden: boolean;
  done: boolean;
  created: string;
  expected_delivery_date: string | null;
  expected_delivery_time: string | null;
  customer: { first_name: string; last_name: string; organization_name: string };
  price_with_vat: number;
};
type Answer = { items: Listed[]; total: number; next_after: string | null };

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner } = await signIn(t.app, ['owner']));
  ({ jihlava } = await warehouseIds(owner));
  // Ties on every key, whole seconds (the answer's `created` has milliseconds, the column micro-
  // seconds): a tenth of the orders share one creation instant, some days and times are shared.
  await t.db.execute(sql`update orders set created_at = date_trunc('second', created_at)`);
  await t.db.execute(sql`update orders set created_at = '2026-03-01 08:00:00+00' where id % 10 = 0`);
  await t.db.execute(
    sql`update orders set expected_delivery_date = current_date + 3, expected_delivery_time = null where id % 17 = 0`,
  );
  await t.db.execute(sql`update orders set expected_delivery_date = null where id % 23 = 0`);
  // Equal totals: lines for nothing and the delivery raised to one minimum (the triggers of
  // migration 0025 keep the stored total; the answer's price_with_vat is computed in JavaScript).
  await t.db.execute(sql`update order_items set price = 0 where order_id % 11 = 0`);
  await t.db.execute(
    sql`update orders set delivery_price_amount = 1, minimum_delivery_price = 600, distance = 1 where id % 11 = 0`,
  );
});
afterAll(() => t?.close());

const get = async (query: string): Promise<Answer> => {
  const response = await owner.get(`/api/orders?warehouse=${jihlava}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Answer;
};

/** The order a person expects, written independently of the SQL: keys compared in JavaScript. */
function expected(items: Listed[], sort: OrderSort, direction: SortDirection): number[] {
  const today = pragueDay();
  const clock = (o: Listed) => o.expected_delivery_time ?? '24:00';
  const stage = (o: Listed) => (o.hidden ? 2 : o.done ? 1 : 0);
  const name = (o: Listed) =>
    foldText(`${o.customer.first_name} ${o.customer.last_name} ${o.customer.organization_name}`);
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const by = (key: (o: Listed) => (string | number)[], way: 1 | -1) => (a: Listed, b: Listed) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) {
      const c = cmp(ka[i] as string | number, kb[i] as string | number);
      if (c) return c * way;
    }
    return 0;
  };
  const way = direction === 'asc' ? 1 : -1;
  const sorted = (list: Listed[], key: (o: Listed) => (string | number)[], w: 1 | -1) =>
    [...list].sort(by(key, w)).map((o) => o.id);
  const dated = (o: Listed) => [o.expected_delivery_date as string, clock(o), o.id];
  switch (sort) {
    case 'expected_delivery': {
      const undated = sorted(
        items.filter((o) => !o.expected_delivery_date),
        (o) => [clock(o), o.id],
        -1,
      );
      if (direction === 'desc')
        return [
          ...sorted(
            items.filter((o) => o.expected_delivery_date),
            dated,
            -1,
          ),
          ...undated,
        ];
      const coming = items.filter((o) => o.expected_delivery_date && o.expected_delivery_date >= today);
      const past = items.filter((o) => o.expected_delivery_date && o.expected_delivery_date < today);
      return [...sorted(coming, dated, 1), ...undated, ...sorted(past, dated, -1)];
    }
    case 'created':
      return sorted(items, (o) => [Date.parse(o.created), o.id], way);
    case 'customer':
      return sorted(items, (o) => [name(o), o.id], way);
    case 'total':
      return sorted(items, (o) => [o.price_with_vat, o.id], way);
    case 'state':
      return sorted(items, (o) => [stage(o), o.id], way);
  }
}

const cases: [OrderSort, SortDirection][] = [
  ['expected_delivery', 'asc'],
  ['expected_delivery', 'desc'],
  ['created', 'asc'],
  ['created', 'desc'],
  ['customer', 'asc'],
  ['customer', 'desc'],
  ['total', 'asc'],
  ['total', 'desc'],
  ['state', 'asc'],
  ['state', 'desc'],
];

describe('GET /orders sorted', () => {
  it.each(cases)(
    '%s %s: one page, keyset pages and offset pages agree, ties by id',
    async (sort, direction) => {
      const all = await get(`per_page=1000&sort=${sort}&direction=${direction}`);
      expect(all.total).toBeGreaterThan(60);
      expect(all.total).toBeLessThan(1000);
      const ids = all.items.map((o) => o.id);
      expect(ids).toEqual(expected(all.items, sort, direction));
      expect(all.next_after).toBeNull();

      const walked: number[] = [];
      let after: string | null = null;
      for (let page = 1; page <= 60; page++) {
        const answer: Answer = await get(
          `per_page=20&current_page=${page}&sort=${sort}&direction=${direction}${after ? `&after=${after}` : ''}`,
        );
        walked.push(...answer.items.map((o) => o.id));
        // Offset pages hold the same rows as the keyset ones.
        if (page === 2 || page === 3) {
          const byOffset = await get(`per_page=20&current_page=${page}&sort=${sort}&direction=${direction}`);
          expect(byOffset.items.map((o) => o.id)).toEqual(answer.items.map((o) => o.id));
        }
        after = answer.next_after;
        if (!after) break;
      }
      expect(walked).toEqual(ids);
    },
  );

  it('defaults to expected delivery from today on, then undated, then the past; each sort has its first way', async () => {
    const plain = await get('per_page=1000');
    expect(plain.items.map((o) => o.id)).toEqual(expected(plain.items, 'expected_delivery', 'asc'));
    const created = await get('per_page=1000&sort=created');
    expect(created.items.map((o) => o.id)).toEqual(expected(created.items, 'created', 'desc'));
    const total = await get('per_page=1000&sort=total');
    expect(total.items.map((o) => o.id)).toEqual(expected(total.items, 'total', 'desc'));
    expect(total.items[0]?.price_with_vat).toBeGreaterThan(total.items.at(-1)?.price_with_vat ?? 0);
    // Ties: the orders made equal above are a run of one total.
    expect(total.items.filter((o) => o.id % 11 === 0 && o.price_with_vat === 600).length).toBeGreaterThan(2);
  });

  it('an offset page past the end of the upcoming orders goes on into the undated and the past', async () => {
    const all = (await get('per_page=1000')).items.map((o) => o.id);
    for (const page of [1, 2, 5, 8]) {
      const answer = await get(`per_page=10&current_page=${page}`);
      expect(
        answer.items.map((o) => o.id),
        `page ${page}`,
      ).toEqual(all.slice((page - 1) * 10, page * 10));
    }
  });

  it('every offset of the sorts of several segments, so that pages start at each segment end too', async () => {
    // Decision 0062: a deep offset page finds its segment from the sizes of those before it.
    const today = pragueDay();
    // The first three learn the sizes from the kept counts per day (decision 0070), the last counts.
    const lists: OrderFilters[] = [
      { state: 'all', scope: null },
      { state: 'not_done', scope: null, warehouse: jihlava },
      { state: 'not_collected', scope: [jihlava] },
      { state: 'all', scope: null, wholePhone: '7' },
    ];
    for (const direction of ['asc', 'desc'] as const) {
      const segments = segmentsOf('expected_delivery', direction, today);
      for (const filters of lists) {
        expect(keptSizes(filters, segments.slice(0, -1)) === null).toBe(filters.wholePhone !== undefined);
        // With the statements built once per key (decision 0072), as the list's route reads them.
        const key = `expected_delivery ${direction} ${today}`;
        const ids = async (offset: number, limit: number) =>
          (await findOrderPage(t.db, filters, { offset, limit }, { segments, key })).rows.map(
            (r) => r.order.id,
          );
        const all = await ids(0, 1000);
        expect(all.length, JSON.stringify(filters)).toBeGreaterThan(5);
        for (const limit of [3]) {
          for (let offset = 1; offset <= all.length + 1; offset++) {
            const label = `${direction} ${JSON.stringify(filters)} ${offset}+${limit}`;
            expect(await ids(offset, limit), label).toEqual(all.slice(offset, offset + limit));
            // Asked again: the kept statement answers the same.
            if (offset % 5 === 0)
              expect(await ids(offset, limit), label).toEqual(all.slice(offset, offset + limit));
          }
        }
      }
    }
  });

  it('refuses a tampered or foreign after token with 400 / 120 and answers no 500', async () => {
    const first = await get('per_page=10&sort=customer');
    const token = first.next_after as string;
    const decoded = JSON.parse(Buffer.from(token, 'base64url').toString()) as Record<string, unknown>;
    const forge = (change: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ ...decoded, ...change })).toString('base64url');
    const bad = [
      `sort=customer&after=${token}x`,
      'sort=customer&after=abc',
      'sort=customer&after=a.b',
      `sort=customer&after=${'a'.repeat(1001)}`,
      `sort=created&after=${token}`,
      `sort=customer&direction=desc&after=${token}`,
      `sort=customer&after=${forge({ g: 1 })}`,
      `sort=customer&after=${forge({ i: -1 })}`,
      `sort=customer&after=${forge({ k: [] })}`,
      `sort=customer&after=${forge({ k: [1] })}`,
      `sort=created&direction=desc&after=${forge({ s: 'created', d: 'desc', k: ['2026-02-31 08:00:00+00'] })}`,
      `sort=state&direction=asc&after=${forge({ s: 'state', d: 'asc', k: ['7'] })}`,
      `sort=expected_delivery&after=${forge({ s: 'expected_delivery', d: 'asc', g: 0, k: ['2026-01-01', '25:00:00'] })}`,
      `sort=total&direction=desc&after=${forge({ s: 'total', d: 'desc', k: ['12.3'] })}`,
      `sort=total&direction=desc&after=${forge({ s: 'total', d: 'desc', k: ['-5.00'] })}`,
      'sort=price',
      'direction=up',
    ];
    for (const q of bad) {
      const response = await owner.get(`/api/orders?${q}`);
      expect(response.statusCode, q).toBe(400);
      expect(response.json().error_code, q).toBe(ErrorCode.invalidInput);
    }
    // A forged position that is well formed is only a place in the list: it answers the rows after it.
    const elsewhere = await owner.get(`/api/orders?sort=customer&after=${forge({ k: ['zzzz'] })}`);
    expect(elsewhere.statusCode).toBe(200);
  });
});

/** The list's sort indexes (migrations 0022, 0040): orders only, the state and warehouse included. */
const listIndexOf: Record<OrderSort, string> = {
  expected_delivery: 'orders_delivery_sort_idx',
  created: 'orders_created_sort_idx',
  customer: 'orders_customer_sort_idx',
  total: 'orders_total_sort_idx',
  state: 'orders_stage_sort_idx',
};

/**
 * The plan of a page 500 deep. The test's few hundred orders are read whole and sorted more cheaply;
 * a million are not: without sorting, the planner must walk an index in the sort's order, if it
 * can. `hidden` indexes are dropped for the plan and come back (the transaction is rolled back).
 */
async function planOf(filters: OrderFilters, segment: Segment, hidden: string[] = []): Promise<string> {
  let plan = '';
  await t.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      for (const name of hidden) await tx.execute(sql.raw(`drop index "${name}"`));
      const query = pageIds(tx, filters, segment, segmentWhere(filters, segment), 10, 4990);
      const rows = await rowsOf<Record<string, string>>(tx, sql`explain ${query}`);
      plan = rows.map((r) => Object.values(r)[0]).join('\n');
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return plan;
}

describe('the open orders of a warehouse, a page deep (migration 0037)', () => {
  // The dispatcher's list: one warehouse, open orders. Along the sort's index of all orders a deep
  // OFFSET page read hundreds of thousands of rows to keep 5 000 at a million orders; along the
  // open orders' own index of that sort it reads those 5 000 alone (decision 0052). This says the page's own
  // statement (pageIds) can use that index: same expressions, a predicate the filters imply.
  const open = (): OrderFilters => ({ state: 'not_done', scope: null, warehouse: jihlava });
  const indexOf: Record<OrderSort, string> = {
    // One warehouse's own walk (migration 0045); the index of all warehouses serves several.
    expected_delivery: 'orders_open_warehouse_delivery_sort_idx',
    created: 'orders_open_created_sort_idx',
    customer: 'orders_open_customer_sort_idx',
    total: 'orders_open_total_sort_idx',
    state: 'orders_open_stage_sort_idx',
  };
  it.each(cases)("%s %s: every segment is read along the open orders' index", async (sort, direction) => {
    for (const segment of segmentsOf(sort, direction, pragueDay())) {
      // On a few hundred orders the list's index of the sort (which includes the state and the
      // warehouse, migration 0040) costs the planner the same; at a million the open orders' one is
      // a small fraction of its size. Without it, the page must be able to walk the open orders' index.
      const plan = await planOf(open(), segment, [listIndexOf[sort]]);
      // The undated open orders (by time alone) are few: read from an open orders' index and sorted.
      const undated = sort === 'expected_delivery' && segment.keys.length === 1;
      expect(plan, plan).toContain(undated ? 'orders_open_' : indexOf[sort]);
    }
  });
});

describe('every order, a page deep, read index-only (migration 0040)', () => {
  // The whole list (no filter): along an index of all rows a deep OFFSET page read the table for
  // each of the 5 000 rows it skipped, to drop the drafts (decision 0062). The
  // list's sort indexes hold the orders alone and include what the filters and expression keys
  // read: the page, the warehouse and state filters too, never reach the table.
  const lists: OrderFilters[] = [
    { state: 'all', scope: null },
    { state: 'done', scope: null },
    { state: 'hidden', scope: null, warehouse: 1 },
  ];
  beforeAll(async () => {
    // Index-only scans need the visibility map, which a vacuum sets (autovacuum does in use).
    await t.db.execute(sql`vacuum analyze orders`);
  });
  it.each(cases)('%s %s: each segment along its list index, index-only', async (sort, direction) => {
    for (const filters of lists) {
      for (const segment of segmentsOf(sort, direction, pragueDay())) {
        const plan = await planOf(filters, segment);
        expect(plan, plan).toContain(`Index Only Scan`);
        if (filters.state === 'all') expect(plan, plan).toContain(listIndexOf[sort]);
      }
    }
  });
});
