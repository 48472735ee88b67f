import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idIn } from '../../db/paging.ts';
import { rowsOf } from '../../db/rows.ts';
import { adtypes, customers, orderItems, orders, users, warehouses } from '../../db/schema/index.ts';
import { conditions, type StatsFilter } from './stats.queries.ts';

/**
 * The exports' orders with their lines, read as a read model: every row computed from the same
 * rows the order detail is, in batches of ids (keyset), so a long range never sits in memory.
 * The overviews' sums are in stats.queries.ts.
 */

export const batchSize = 500;

/**
 * An order as the exports read it: the columns their sheets and the order's totals need, instants
 * as epoch milliseconds (the sheets write them as serial numbers, no Date per cell).
 */
export type StatsOrderRow = {
  id: number;
  internId: number;
  createdMs: number;
  expectedDeliveryDate: string | null;
  currency: 'CZK' | 'EUR' | null;
  distance: number;
  deliveryPriceAmount: number | null;
  minimumDeliveryPrice: number | null;
  paymentType: 'cash' | 'qr_transfer';
  done: boolean;
  collectedMs: number | null;
  warehouseId: number | null;
  warehouseName: string;
  customerId: number | null;
  customerInternId: number;
  firstName: string;
  lastName: string;
  organizationName: string;
  organizationId: string;
  wholePhone: string;
  email: string;
  fullAddress: string;
  town: string;
  adtypeId: number | null;
  adtypeName: string | null;
  driverName: string | null;
};

/**
 * The orders' columns as raw SQL (decision 0069): Drizzle's mapping of a hundred thousand rows of
 * 31 columns was a noticeable share of the export's time
 * (bench/results/2026-11-29-comment-figures.md). Each column is cast to what reads the
 * same on both drivers: numbers as int or float8 (exact for numeric(12,2)), instants as epoch
 * milliseconds, the day as text. Only what the sheets use (decision 0071): every column is parsed a
 * hundred thousand times.
 */
const orderColumns = sql`"orders"."id" as id, "orders"."intern_id"::float8 as "internId",
  (extract(epoch from "orders"."created_at") * 1000)::float8 as "createdMs",
  "orders"."expected_delivery_date"::text as "expectedDeliveryDate", "orders"."currency",
  "orders"."distance"::float8 as distance, "orders"."delivery_price_amount"::float8 as "deliveryPriceAmount",
  "orders"."minimum_delivery_price"::float8 as "minimumDeliveryPrice", "orders"."payment_type" as "paymentType",
  "orders"."done", (extract(epoch from "orders"."collected_revenue_at") * 1000)::float8 as "collectedMs",
  "orders"."warehouse_id" as "warehouseId", w.name as "warehouseName",
  "orders"."customer_id" as "customerId", cu.intern_id::float8 as "customerInternId",
  cu.first_name as "firstName", cu.last_name as "lastName", cu.organization_name as "organizationName",
  cu.organization_id as "organizationId", cu.whole_phone as "wholePhone", cu.email,
  cu.full_address as "fullAddress", cu.town, "orders"."adtype_id" as "adtypeId", a.name as "adtypeName",
  nullif(trim(driver.first_name || ' ' || driver.last_name), '') as "driverName"`;

/** A line as the order's totals need it (contracts rules/order-price.ts). */
export type StatsLineRow = { price: number; amount: number; vat: number; discount: number };

export type StatsOrder = Omit<StatsOrderRow, 'currency' | 'warehouseId' | 'customerId'> & {
  currency: 'CZK' | 'EUR';
  warehouseId: number;
  customerId: number;
  lines: StatsLineRow[];
};

/**
 * Each order's lines as one JSON column of its row, in line order: both drivers parse json with
 * JSON.parse, which builds the line objects natively. A second query per batch whose 300 000 rows
 * were parsed field by field and grouped by order cost more (decision 0071). float8 prints the
 * shortest exact digits, so a line's numbers read as they did as float8 columns.
 */
const linesColumn = sql`coalesce((select json_agg(json_build_object('price', i.price::float8,
  'amount', i.amount::float8, 'vat', i.vat::int, 'discount', i.discount::float8) order by i.id)
  from ${orderItems} i where i.order_id = "orders"."id"), '[]') as lines`;

/**
 * The orders of `ids` in the given order, with their lines. The driver's row objects are the
 * orders themselves: a copy of each hundred thousand rows of 26 columns was half a second of an
 * export (decision 0071).
 */
async function ordersWithLines(db: DbOrTx, ids: number[], order: SQL[]): Promise<StatsOrder[]> {
  if (!ids.length) return [];
  return rowsOf<StatsOrder>(
    db,
    sql`select ${orderColumns}, ${linesColumn} from ${orders}
      join ${warehouses} w on w.id = "orders"."warehouse_id"
      join ${customers} cu on cu.id = "orders"."customer_id"
      left join ${adtypes} a on a.id = "orders"."adtype_id"
      left join ${users} driver on driver.id = "orders"."driver_id"
      where ${idIn(orders.id, ids)} order by ${sql.join(order, sql`, `)}`,
  );
}

/**
 * Yields the batches `load` reads, reading the next two while the caller writes the current
 * (the export waited on the database, one batch after the other). Two,
 * since each batch is one statement (its lines included): one in flight left the export waiting
 * on PostgreSQL; two use the two connections the orders and their lines used before (decision
 * 0071).
 */
async function* readAhead(count: number, load: (index: number) => Promise<StatsOrder[]>) {
  const depth = 2;
  const start = (index: number) => {
    const pending = load(index);
    pending.catch(() => {}); // awaited below; a caller that stops early must not leave it unhandled
    return pending;
  };
  const queue: Promise<StatsOrder[]>[] = [];
  let started = 0;
  while (started < count && queue.length < depth) queue.push(start(started++));
  while (queue.length) {
    const current = await queue.shift()!;
    if (started < count) queue.push(start(started++));
    if (current.length) yield current;
  }
}

/**
 * The ids of the filter's orders, found once through the date (or collection) index. Batching by
 * `id > after … limit` instead let PostgreSQL walk the primary key and filter hundreds of thousands
 * of rows per batch on a million orders (decision 0020).
 */
async function matchingIds(db: DbOrTx, filter: StatsFilter): Promise<number[]> {
  // A comma-separated list in one row, in id order: a hundred thousand rows as objects (or as an
  // int array, parsed character by character) held the event loop too long (decision 0020);
  // split() is native. Sorted by the database: sorting them here held it longer still.
  const [row] = await db
    .select({ ids: sql<string | null>`string_agg(${orders.id}::text, ',' order by ${orders.id})` })
    .from(orders)
    .where(and(...conditions(filter)));
  return numbers(row?.ids);
}

const numbers = (list: string | null | undefined) => (list ? list.split(',').map(Number) : []);

/** The same ids with their customers', both ordered by customer and id. */
async function matchingIdsByCustomer(
  db: DbOrTx,
  filter: StatsFilter,
): Promise<{ ids: number[]; customerIds: number[] }> {
  const [row] = await db
    .select({
      ids: sql<
        string | null
      >`string_agg(${orders.id}::text, ',' order by ${orders.customerId}, ${orders.id})`,
      customerIds: sql<
        string | null
      >`string_agg(${orders.customerId}::text, ',' order by ${orders.customerId}, ${orders.id})`,
    })
    .from(orders)
    .where(and(...conditions(filter)));
  return { ids: numbers(row?.ids), customerIds: numbers(row?.customerIds) };
}

/** The orders of the filter with their lines, a batch at a time, in id order. */
export async function* orderBatches(db: DbOrTx, filter: StatsFilter): AsyncGenerator<StatsOrder[]> {
  const ids = await matchingIds(db, filter);
  yield* readAhead(Math.ceil(ids.length / batchSize), (index) =>
    ordersWithLines(db, ids.slice(index * batchSize, (index + 1) * batchSize), [asc(orders.id)]),
  );
}

/**
 * The orders of the filter grouped by customer, a batch of customers at a time in customer id
 * order: each customer's orders of the range arrive together, so a row per customer can be
 * written as soon as its batch is read.
 */
export async function* customerBatches(db: DbOrTx, filter: StatsFilter): AsyncGenerator<StatsOrder[]> {
  // Ordered by customer already: each customer's orders are one run of the list, found in one
  // pass (grouping them in a map and sorting the customers held the event loop longer).
  const { ids, customerIds: owners } = await matchingIdsByCustomer(db, filter);
  const starts: number[] = [];
  for (let i = 0; i < owners.length; i++) if (i === 0 || owners[i] !== owners[i - 1]) starts.push(i);
  yield* readAhead(Math.ceil(starts.length / batchSize), (index) =>
    ordersWithLines(db, ids.slice(starts[index * batchSize], starts[(index + 1) * batchSize] ?? ids.length), [
      asc(orders.customerId),
      asc(orders.expectedDeliveryDate),
      asc(orders.id),
    ]),
  );
}
