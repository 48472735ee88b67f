import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { idIn } from '../../db/paging.ts';
import { adtypes, customers, orderItems, orders, users, warehouses } from '../../db/schema/index.ts';
import { conditions, type StatsFilter } from './stats.queries.ts';

/**
 * The exports' orders with their lines, read as a read model: every row computed from the same
 * rows the order detail is, in batches of ids (keyset), so a long range never sits in memory.
 * The overviews' sums are in stats.queries.ts.
 */

export const batchSize = 500;

const driver = alias(users, 'driver');
const collector = alias(users, 'collector');

const orderColumns = {
  id: orders.id,
  internId: orders.internId,
  createdAt: orders.createdAt,
  expectedDeliveryDate: orders.expectedDeliveryDate,
  currency: orders.currency,
  distance: orders.distance,
  deliveryPriceAmount: orders.deliveryPriceAmount,
  minimumDeliveryPrice: orders.minimumDeliveryPrice,
  paymentType: orders.paymentType,
  done: orders.done,
  collectedRevenueAt: orders.collectedRevenueAt,
  collectedRevenueBy: orders.collectedRevenueBy,
  collectorName: sql<string | null>`nullif(trim(${collector.firstName} || ' ' || ${collector.lastName}), '')`,
  collectorUsername: collector.username,
  warehouseId: orders.warehouseId,
  warehouseName: warehouses.name,
  warehouseColor: warehouses.color,
  warehouseTextColor: warehouses.textColor,
  customerId: orders.customerId,
  customerInternId: customers.internId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  organizationName: customers.organizationName,
  organizationId: customers.organizationId,
  wholePhone: customers.wholePhone,
  email: customers.email,
  fullAddress: customers.fullAddress,
  town: customers.town,
  adtypeId: orders.adtypeId,
  adtypeName: adtypes.name,
  driverName: sql<string | null>`nullif(trim(${driver.firstName} || ' ' || ${driver.lastName}), '')`,
};

export type StatsOrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

export type StatsLineRow = {
  orderId: number;
  productId: number;
  amount: number;
  price: number;
  vat: number;
  discount: number;
};

export type StatsOrder = Omit<StatsOrderRow, 'currency' | 'warehouseId' | 'customerId'> & {
  currency: 'CZK' | 'EUR';
  warehouseId: number;
  customerId: number;
  lines: StatsLineRow[];
};

async function linesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, StatsLineRow[]>> {
  const byOrder = new Map<number, StatsLineRow[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return byOrder;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      amount: orderItems.amount,
      price: orderItems.price,
      vat: orderItems.vat,
      discount: orderItems.discount,
    })
    .from(orderItems)
    .where(idIn(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

function selectOrders(db: DbOrTx, where: SQL[]) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(adtypes, eq(adtypes.id, orders.adtypeId))
    .leftJoin(driver, eq(driver.id, orders.driverId))
    .leftJoin(collector, eq(collector.id, orders.collectedRevenueBy))
    .where(and(...where));
}

/** The orders of `ids` in the given order, with their lines (both read at once). */
async function ordersWithLines(db: DbOrTx, ids: number[], order: SQL[]): Promise<StatsOrder[]> {
  const [rows, lines] = await Promise.all([
    selectOrders(db, [idIn(orders.id, ids)]).orderBy(...order),
    linesOf(db, ids),
  ]);
  return rows.map((r) => ({ ...(r as StatsOrder), lines: lines.get(r.id) ?? [] }));
}

/**
 * Yields the batches `load` reads, reading the next one while the caller writes the current
 * (issue 9: the export waited 1.5 s of its 8 on the database, one batch after the other).
 */
async function* readAhead(count: number, load: (index: number) => Promise<StatsOrder[]>) {
  const start = (index: number) => {
    const pending = load(index);
    pending.catch(() => {}); // awaited below; a caller that stops early must not leave it unhandled
    return pending;
  };
  let next = count > 0 ? start(0) : undefined;
  for (let index = 0; next; index++) {
    const current = await next;
    next = index + 1 < count ? start(index + 1) : undefined;
    if (current.length) yield current;
  }
}

/**
 * The ids of the filter's orders, found once through the date (or collection) index. Batching by
 * `id > after … limit` instead let PostgreSQL walk the primary key and filter hundreds of thousands
 * of rows per batch on a million orders (20 s for a month, measured by the benchmark of issue 9).
 */
async function matchingIds(
  db: DbOrTx,
  filter: StatsFilter,
): Promise<{ ids: number[]; customerIds: number[] }> {
  // Two comma-separated lists in one row, ordered by customer and id: a hundred thousand rows as
  // objects (or as int arrays, parsed character by character) held the event loop for 60–150 ms
  // (issue 9); split() is native.
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
  const numbers = (list: string | null | undefined) => (list ? list.split(',').map(Number) : []);
  return { ids: numbers(row?.ids), customerIds: numbers(row?.customerIds) };
}

/** The orders of the filter with their lines, a batch at a time, in id order. */
export async function* orderBatches(db: DbOrTx, filter: StatsFilter): AsyncGenerator<StatsOrder[]> {
  const ids = (await matchingIds(db, filter)).ids.sort((a, b) => a - b);
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
  const byCustomer = new Map<number, number[]>();
  const { ids, customerIds: owners } = await matchingIds(db, filter);
  ids.forEach((id, i) => {
    const list = byCustomer.get(owners[i]!);
    if (list) list.push(id);
    else byCustomer.set(owners[i]!, [id]);
  });
  const customerIds = [...byCustomer.keys()].sort((a, b) => a - b);
  yield* readAhead(Math.ceil(customerIds.length / batchSize), (index) =>
    ordersWithLines(
      db,
      customerIds.slice(index * batchSize, (index + 1) * batchSize).flatMap((c) => byCustomer.get(c)!),
      [asc(orders.customerId), asc(orders.expectedDeliveryDate), asc(orders.id)],
    ),
  );
}
