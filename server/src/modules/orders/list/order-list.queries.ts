import { listTotalCap } from '@letokruh/contracts/common';
import type { OrderState } from '@letokruh/contracts/orders';
import { and, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { builtOnce } from '../../../db/built-once.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { cappedCount } from '../../../db/paging.ts';
import { pragueMidnight } from '../../../db/prague.ts';
import { preparedRead } from '../../../db/prepared.ts';
import { rowsOf } from '../../../db/rows.ts';
import {
  customers,
  orderCustomerNames,
  orderListCounts,
  orderListDayCounts,
  orders,
  warehouses,
} from '../../../db/schema/index.ts';
import { containsPattern as contains, foldedContains, textContains } from '../../../db/text-search.ts';
import { dataVersionColumn } from '../../../plugins/answer-versions.ts';
import { scopeCondition, type WarehouseScope } from '../../../plugins/warehouse-scope.ts';
import { notDraft } from '../orders.queries.ts';
import { afterCondition, type Cursor, keyColumns, keyTexts, orderBy, type Segment } from './order-sort.ts';

export type OrderFilters = {
  internId?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  expectedDeliveryDateFrom?: string | undefined;
  expectedDeliveryDateTo?: string | undefined;
  name?: string | undefined;
  wholePhone?: string | undefined;
  fullAddress?: string | undefined;
  warehouse?: number | undefined;
  state: OrderState;
  adtype?: number | undefined;
  /** The caller's warehouses (decision 0021); null: all. Served by orders_warehouse_id_idx. */
  scope: WarehouseScope;
  /** The caller, for the drafts filter only: it lists their own drafts (decision 0030). */
  userId?: number | undefined;
};

/** What a state filter reads: an order's columns, or the kept counts' (migration 0038). */
type StateColumns = { hidden: SQL | AnyPgColumn; done: SQL | AnyPgColumn; notCollected: SQL };
const stateFilterOf = (c: StateColumns): Record<Exclude<OrderState, 'drafts'>, SQL | undefined> => ({
  all: undefined,
  not_done: sql`not ${c.hidden} and not ${c.done}`,
  done: sql`${c.done}`,
  hidden: sql`${c.hidden}`,
  not_collected: sql`not ${c.hidden} and ${c.notCollected}`,
});
const stateFilter = stateFilterOf({
  hidden: orders.hidden,
  done: orders.done,
  notCollected: sql`${orders.collectedRevenueAt} is null`,
});
/** A table of kept counts: per warehouse and state columns (0038), and per day too (0047). */
const keptCountsOf = <T extends typeof orderListCounts | typeof orderListDayCounts>(table: T) => ({
  table,
  states: stateFilterOf({
    hidden: table.hidden,
    done: table.done,
    notCollected: sql`not ${table.collected}`,
  }),
});
const listCounts = keptCountsOf(orderListCounts);
const listDayCounts = keptCountsOf(orderListDayCounts);

/** The filters the kept counts answer; any other one given means counting the orders. */
const keptFilters = new Set<string>(['state', 'warehouse', 'scope']);

/**
 * Whether the kept counts answer a list's filters: the state (not the drafts), the warehouse, the
 * caller's warehouses. Any other filter (a search, dates) means counting the orders.
 */
export function keptApplies(f: OrderFilters): boolean {
  if (f.state === 'drafts') return false;
  for (const [name, value] of Object.entries(f))
    if (value !== undefined && !keptFilters.has(name)) return false;
  return true;
}

/** The kept counts a list's filters select (`keptApplies`). */
function keptWhere(f: OrderFilters, { table, states }: ReturnType<typeof keptCountsOf>): SQL | undefined {
  return and(
    f.state === 'drafts' ? sql`false` : states[f.state],
    f.warehouse === undefined ? undefined : eq(table.warehouseId, f.warehouse),
    scopeCondition(f.scope, table.warehouseId),
  );
}

/**
 * Decision 0055: the total of a list filtered by state and warehouses only (the dispatcher's usual
 * lists), as a column of the page's own statement: the sum of at most 40 kept counts (migration
 * 0038) instead of counting up to 10 000 + 1 orders. Null when another filter is given: that
 * total is counted (`countOrders`). Capped as the count is.
 */
export function keptTotal(f: OrderFilters): SQL<number> | null {
  if (!keptApplies(f)) return null;
  const where = keptWhere(f, listCounts);
  return sql<number>`(select least(coalesce(sum(${orderListCounts.orderCount}), 0), ${listTotalCap + 1})::int
    from ${orderListCounts}${where ? sql` where ${where}` : sql``})`;
}

/**
 * Decision 0070 (migration 0047): how many rows each stretch of a sort by delivery holds under a filter
 * of state and warehouses only, each a sum of the kept counts of its days (141 rows for "from
 * today" at a million orders), not a count of up to a page's offset of orders. Null when another
 * filter is given or a stretch is not one of days.
 */
export function keptSizes(f: OrderFilters, segments: Segment[]): SQL<number>[] | null {
  if (!keptApplies(f)) return null;
  const where = keptWhere(f, listDayCounts);
  const sizes: SQL<number>[] = [];
  for (const segment of segments) {
    if (!segment.days) return null;
    sizes.push(sql<number>`(select coalesce(sum(${orderListDayCounts.orderCount}), 0)::int
      from ${orderListDayCounts} where ${and(where, segment.days(orderListDayCounts.day))})`);
  }
  return sizes;
}

/**
 * The drafts filter: the caller's own drafts (orders_drafts_idx), which they resume or discard;
 * every other state lists orders only. An order always has its customer (its first step), and
 * saying so lets the customer sort use its partial index (migration 0022).
 */
const draftsOf = (f: OrderFilters): (SQL | undefined)[] =>
  f.state === 'drafts'
    ? [sql`${orders.draftTouchedAt} is not null`, eq(orders.createdBy, f.userId ?? 0)]
    : [notDraft, sql`${orders.customerId} is not null`, stateFilter[f.state]];

/**
 * Each filter narrows the list. Drafts are left out but for the drafts filter. The customer's name is a
 * substring of the orders' copy of it (trigram index), phone and address substrings served by the
 * customers' trigram indexes; a shorter order number is looked for inside the numbers (trigram
 * index on intern_id::text).
 */
function whereOf(f: OrderFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = draftsOf(f);
  if (f.internId) {
    parts.push(
      f.internId.length === 10
        ? eq(orders.internId, Number(f.internId))
        : sql`${orders.internId}::text like ${contains(f.internId)}`,
    );
  }
  if (f.createdFrom) parts.push(gte(orders.createdAt, pragueMidnight(f.createdFrom)));
  if (f.createdTo) parts.push(sql`${orders.createdAt} < ${pragueMidnight(f.createdTo, 1)}`);
  if (f.expectedDeliveryDateFrom) parts.push(gte(orders.expectedDeliveryDate, f.expectedDeliveryDateFrom));
  if (f.expectedDeliveryDateTo) parts.push(lte(orders.expectedDeliveryDate, f.expectedDeliveryDateTo));
  // The orders' folded copy of their customer's name (migrations 0014, 0020): no customer is
  // looked up, and no row is folded while searching. The text is looked for among the names
  // orders carry (decision 0051, migration 0035: far fewer names than orders), then the orders of
  // those names are read from orders_name_search_idx.
  if (f.name) {
    parts.push(
      sql`${orders.customerName} in (select ${orderCustomerNames.name} from ${orderCustomerNames} where ${foldedContains(orderCustomerNames.name, f.name)})`,
    );
  }
  const phone = f.wholePhone?.replace(/[\s\-/]/g, '');
  if (phone) parts.push(ilike(customers.wholePhone, contains(phone)));
  if (f.fullAddress) parts.push(textContains(customers.fullAddress, f.fullAddress));
  if (f.warehouse !== undefined) parts.push(eq(orders.warehouseId, f.warehouse));
  if (f.adtype !== undefined) parts.push(eq(orders.adtypeId, f.adtype));
  parts.push(scopeCondition(f.scope, orders.warehouseId));
  return and(...parts);
}

/**
 * Every order with a customer_id has its customer (foreign key): join it only to filter on it. A
 * draft may have none yet: the page's rows join it optionally.
 */
const byCustomer = (f: OrderFilters) => Boolean(f.wholePhone || f.fullAddress);

/**
 * A page found by walking an index a few rows (no substring to look for): quicker than a round
 * trip, so the list's total may wait for the data version its statement reads (decision 0044).
 */
export const quickPage = (f: OrderFilters) =>
  !f.name && !f.wholePhone && !f.fullAddress && !(f.internId && f.internId.length < 10);

/** How the page is ordered (order-sort.ts): the sort's segments and, for keyset paging, a cursor. */
export type PageOrder = {
  segments: Segment[];
  after?: Cursor | undefined;
  /**
   * What the segments are made from (the sort, its direction, the day): given, the page's
   * statements are built once per key (`builtOnce`, decision 0072).
   */
  key?: string;
};
type Found = { id: number; keys: string[]; segment: number };

/**
 * A page of the list in the chosen order. The page's ids come first, from the orders alone (and the
 * customers when filtered on them), so a page deep in the list skips index entries instead of
 * joining every customer before it (decision 0020); the rows of those ids then come from a prepared read
 * (decision 0061: building the joined select per page cost more than the second round trip). With
 * a cursor the page starts right after it (keyset: one index descent however deep); without,
 * `offset` rows are skipped. A sort of several segments (expected delivery) reads them one after another, each along its own index.
 */
export async function findOrderPage(
  db: DbOrTx,
  filters: OrderFilters,
  page: { offset: number; limit: number },
  order: PageOrder,
  /** Called with the data version read by the page's first statement (null: no row to carry it). */
  onVersion?: (version: string | null) => void,
  /** Whether to read the list's total from the kept counts (`keptTotal`), answered as `total`. */
  withTotal = false,
) {
  // The filters' conditions, built only when a statement is (not when it was built once before).
  let built: { where: SQL | undefined } | undefined;
  const where = () => {
    built ??= { where: whereOf(filters) };
    return built.where;
  };
  const total = withTotal ? keptTotal(filters) : null;
  // A statement built once per page shape (decision 0072): the filters, the sort, the page, the extras.
  const memo = (parts: unknown[], extras: PageExtras, build: () => SQL) =>
    order.key === undefined
      ? build()
      : builtOnce(
          JSON.stringify([
            order.key,
            filters,
            extras.version !== noExtras.version,
            extras.total !== noExtras.total,
            parts,
          ]),
          build,
        );
  const rows: OrderListRow[] = [];
  let last: Found | null = null;
  let counted: number | undefined;
  let skip = order.after ? 0 : page.offset;
  let g = order.after?.g ?? 0;
  const extras: PageExtras = {
    version: onVersion ? dataVersionColumn : noExtras.version,
    total: total ?? noExtras.total,
  };
  // An offset into a sort of several segments: which segment it falls in, from their sizes asked
  // in the first segment's statement (decision 0062).
  let sized: Paged[] | null = null;
  if (skip > 0 && g < order.segments.length - 1) {
    const deep = await deepPage(db, filters, where, order.segments, page.limit, skip, extras, memo);
    if (onVersion) onVersion(deep.version);
    onVersion = undefined;
    if (total) counted = deep.total ?? undefined;
    if (deep.paged.length) sized = deep.paged;
    else ({ g, skip } = deep.landing);
  }
  for (; g < order.segments.length && rows.length < page.limit; g++) {
    const segment = order.segments[g] as Segment;
    const from = order.after && g === order.after.g ? afterCondition(segment, order.after) : undefined;
    const conditions = () => and(where(), segment.where, from);
    // The page's ids and sort keys (with what the caller waits for: the version for a cached total,
    // or the kept total, asked only while not known yet: a deep page told them), built once per
    // page shape; then their rows by a prepared read: its forty columns and joins are not built
    // again for each page.
    const asked = onVersion || (total && counted === undefined) ? extras : noExtras;
    const limit = page.limit - rows.length;
    const ids = () => pageIds(db, filters, segment, conditions(), limit, skip, asked);
    const paged = sized ?? (await readPage(db, from ? ids() : memo(['page', g, limit, skip], asked, ids)));
    sized = null;
    // The total waits for the version: told before the rows are read.
    if (onVersion) onVersion(paged[0]?.version ?? null);
    onVersion = undefined;
    if (paged[0] && counted === undefined && total) counted = Number(paged[0].total);
    const byId = new Map<number, OrderListRow>();
    if (paged.length) {
      for (const row of await pageRows(db).execute({ ids: paged.map((p) => p.id) }))
        byId.set(row.order.id, row);
    }
    for (const { id, keys } of paged) {
      const row = byId.get(id);
      if (!row) continue; // removed between the two statements
      rows.push(row);
      last = { id, keys, segment: g };
    }
    // An empty answer may mean the offset passed this segment's end: skip what it holds (at most
    // `skip`, which the paging schema bounds) and go on into the next.
    if (paged.length) skip = 0;
    else if (skip) skip -= await segmentSize(db, filters, conditions(), skip);
  }
  onVersion?.(null);
  // No row carried the total (a page past the end): it is asked alone.
  if (total && counted === undefined) {
    const [row] = await db.select({ n: total }).from(sql`(select 1) as one`);
    counted = Number(row?.n ?? 0);
  }
  // A full page has a next one to ask for (perhaps empty); its cursor is the last row's keys.
  return { rows, last: rows.length === page.limit ? last : null, total: counted };
}

/** What a row of the list shows (toListItem): the order's own columns, its customer, its yard. */
const listColumns = {
  order: {
    id: orders.id,
    internId: orders.internId,
    draftTouchedAt: orders.draftTouchedAt,
    hidden: orders.hidden,
    done: orders.done,
    prepared: orders.prepared,
    collectedRevenueAt: orders.collectedRevenueAt,
    paymentType: orders.paymentType,
    createdAt: orders.createdAt,
    expectedDeliveryDate: orders.expectedDeliveryDate,
    expectedDeliveryTime: orders.expectedDeliveryTime,
    priceWithVat: orders.priceWithVat,
    currency: orders.currency,
  },
  customer: customers,
  warehouse: {
    id: warehouses.id,
    name: warehouses.name,
    color: warehouses.color,
    textColor: warehouses.textColor,
  },
};

const pageRows = preparedRead('order_list_rows', (db) =>
  db
    .select(listColumns)
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .where(sql`${orders.id} = any(${sql.placeholder('ids')}::int[])`),
);

export type OrderListRow = {
  order: { [K in keyof typeof listColumns.order]: (typeof orders.$inferSelect)[K] };
  customer: typeof customers.$inferSelect | null;
  warehouse: { id: number; name: string; color: string; textColor: string } | null;
};

type PageExtras = { version: SQL<string | null> | SQL<null>; total: SQL<number> | SQL<null> };
const noExtras: PageExtras = { version: sql<null>`null`, total: sql<null>`null` };
type Paged = { id: number; keys: string[]; version: string | null; total: number | null };

/**
 * The ids (and sort keys) of a page of one segment: along the segment's sort index, or for the
 * open orders along their own (migration 0037). The walk reads the id and the key columns alone
 * (index-only, migration 0040); the keys' text (the next cursor) and the extras are made for the
 * page's rows only, not for each row an offset skips (decision 0062: a third of a deep page's
 * time). Exported for the plan test (order-sort.test.ts).
 */
export function pageIds(
  db: DbOrTx,
  filters: OrderFilters,
  segment: Segment,
  conditions: SQL | undefined,
  limit: number,
  offset: number,
  extras: PageExtras = noExtras,
): SQL {
  const columns = Object.fromEntries(keyColumns(segment).map((c) => [c.name, c]));
  const walk = db
    .select({ id: orders.id, ...columns })
    .from(orders)
    .$dynamic();
  const walked = (byCustomer(filters) ? walk.innerJoin(customers, eq(customers.id, orders.customerId)) : walk)
    .where(conditions)
    .orderBy(...orderBy(segment))
    .limit(limit)
    .offset(offset);
  // Named as the table, so that the keys' and the order's expressions read the walk's columns.
  return sql`select ${orders.id} as id, ${keyTexts(segment)} as keys, ${extras.version} as version,
    ${extras.total} as total from (${walked}) as ${orders} order by ${sql.join(orderBy(segment), sql`, `)}`;
}

type PagedRow = { id: number; keys: string[]; version: string | null; total: number | string | null };
const readPage = async (db: DbOrTx, query: SQL): Promise<Paged[]> =>
  (await rowsOf<PagedRow>(db, query)).map((r) => ({
    id: Number(r.id),
    keys: r.keys,
    version: r.version,
    total: r.total === null ? null : Number(r.total),
  }));

/**
 * An offset page of a sort of several segments (expected delivery: from today, undated, past), in
 * one statement: the first segment's page and, only when it is empty, how many rows each segment
 * but the last holds, counted no further than one past the offset (PostgreSQL runs a subquery of
 * a CASE branch not taken not at all). Those sizes say which segment the page is in and how deep
 * (`landing`). Before, each segment the offset passed was asked for its page, found empty, then
 * counted: six statements for the dispatcher's list by delivery (a warehouse's open orders) at
 * page 500, three now (decision 0062). Under a filter of state and warehouses only the
 * sizes are sums of the kept counts per day (`keptSizes`, decision 0070): the first statement walks
 * no order, and the page is read from its own stretch.
 */
async function deepPage(
  db: DbOrTx,
  filters: OrderFilters,
  where: () => SQL | undefined,
  segments: Segment[],
  limit: number,
  offset: number,
  extras: PageExtras,
  memo: (parts: unknown[], extras: PageExtras, build: () => SQL) => SQL,
) {
  const [first] = segments as [Segment];
  const kept = keptSizes(filters, segments.slice(0, -1));
  let found: ({ id: number | null; keys: string[] | null; sizes: number[] | null } & PagedRow)[];
  if (kept) {
    // The sizes from the kept counts per day (migration 0047): no order is walked to learn them,
    // and the page is then read from the stretch it falls in alone.
    found = await rowsOf(
      db,
      memo(
        ['kept sizes'],
        extras,
        () => sql`select null as id, null as keys, ${extras.version} as version, ${extras.total} as total,
          array[${sql.join(kept, sql`, `)}]::int[] as sizes`,
      ),
    );
  } else {
    // One past the offset: a segment that holds more than what is left to skip says so.
    found = await rowsOf(
      db,
      memo(['counted sizes', limit, offset], extras, () => {
        const sizes = segments
          .slice(0, -1)
          .map(
            (segment) =>
              sql`(select count(*)::int from (${listRows(db, filters, and(where(), segment.where)).limit(offset + 1)}) c)`,
          );
        const page = pageIds(db, filters, first, and(where(), first.where), limit, offset);
        return sql`select p.id, p.keys, s.version, s.total,
            case when p.id is null then array[${sql.join(sizes, sql`, `)}]::int[] end as sizes
          from (select ${extras.version} as version, ${extras.total} as total) s
          left join lateral (${page}) p on true`;
      }),
    );
  }
  const head = found[0];
  const version = head?.version ?? null;
  const total = head?.total === null || head?.total === undefined ? null : Number(head.total);
  const paged: Paged[] = found
    .filter((r) => r.id !== null)
    .map((r) => ({ id: Number(r.id), keys: r.keys ?? [], version, total }));
  let skip = offset;
  let g = 0;
  for (const size of (head?.sizes ?? []).map(Number)) {
    if (skip < size) break;
    skip -= size;
    g++;
  }
  return { paged, landing: { g, skip }, version, total };
}

/** The conditions of a segment's rows under the filters (the plan test's; a page adds its cursor). */
export const segmentWhere = (filters: OrderFilters, segment: Segment) => and(whereOf(filters), segment.where);

/** The list's rows under `conditions` (with their customer when filtered on it), to count. */
const listRows = (db: DbOrTx, filters: OrderFilters, conditions: SQL | undefined) => {
  const rows = db.select({ one: orders.id }).from(orders).$dynamic();
  return (byCustomer(filters) ? rows.innerJoin(customers, eq(customers.id, orders.customerId)) : rows).where(
    conditions,
  );
};

/** How many rows of a segment there are, counting no further than `upTo`. */
const segmentSize = (db: DbOrTx, filters: OrderFilters, conditions: SQL | undefined, upTo: number) =>
  cappedCount(db, listRows(db, filters, conditions), upTo - 1);

/** The list's total, capped at 10 000 + 1 (decision 0020). */
export const countOrders = (db: DbOrTx, filters: OrderFilters): Promise<number> =>
  cappedCount(db, listRows(db, filters, whereOf(filters)));
