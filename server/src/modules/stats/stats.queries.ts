import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  adtypes,
  customers,
  orderItems,
  orders,
  products,
  users,
  warehouses,
} from '../../db/schema/index.ts';

/**
 * The statistics read the order tables as a read model: every figure is computed from the same
 * rows the order detail is, in batches of ids (keyset), so a long range never sits in memory.
 */

export const batchSize = 500;

export type StatsFilter = {
  from: string;
  to: string;
  warehouse?: number | undefined;
  done?: boolean | undefined;
  /** Which day the range is about: the expected delivery (default) or the collection. */
  on?: 'delivery' | 'collected';
  collectedBy?: number | undefined;
};

/** A Prague day's first instant: collections are instants, filtered by Prague days. */
const pragueMidnight = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/Prague')`;

/** Cancelled orders and drafts (no customer, warehouse or currency yet) never count. */
function conditions(f: StatsFilter): SQL[] {
  const where: SQL[] = [
    not(orders.hidden),
    isNotNull(orders.customerId),
    isNotNull(orders.warehouseId),
    isNotNull(orders.currency),
  ];
  if (f.on === 'collected') {
    where.push(gte(orders.collectedRevenueAt, pragueMidnight(f.from)));
    where.push(lt(orders.collectedRevenueAt, pragueMidnight(f.to, 1)));
    if (f.collectedBy !== undefined) where.push(eq(orders.collectedRevenueBy, f.collectedBy));
  } else {
    where.push(gte(orders.expectedDeliveryDate, f.from), lte(orders.expectedDeliveryDate, f.to));
  }
  if (f.warehouse !== undefined) where.push(eq(orders.warehouseId, f.warehouse));
  if (f.done !== undefined) where.push(eq(orders.done, f.done));
  return where;
}

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
    .where(inArray(orderItems.orderId, orderIds))
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

async function withLines(db: DbOrTx, rows: StatsOrderRow[]): Promise<StatsOrder[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...(r as StatsOrder), lines: lines.get(r.id) ?? [] }));
}

/** The orders of the filter with their lines, a batch at a time, in id order. */
export async function* orderBatches(db: DbOrTx, filter: StatsFilter): AsyncGenerator<StatsOrder[]> {
  let after = 0;
  for (;;) {
    const rows = await selectOrders(db, [...conditions(filter), gt(orders.id, after)])
      .orderBy(asc(orders.id))
      .limit(batchSize);
    if (!rows.length) return;
    yield withLines(db, rows);
    after = rows[rows.length - 1]!.id;
    if (rows.length < batchSize) return;
  }
}

/**
 * The orders of the filter grouped by customer, a batch of customers at a time in customer id
 * order: each customer's orders of the range arrive together, so a row per customer can be
 * written as soon as its batch is read.
 */
export async function* customerBatches(db: DbOrTx, filter: StatsFilter): AsyncGenerator<StatsOrder[]> {
  let after = 0;
  for (;;) {
    const ids = (
      await db
        .selectDistinct({ id: orders.customerId })
        .from(orders)
        .where(and(...conditions(filter), gt(orders.customerId, after)))
        .orderBy(asc(orders.customerId))
        .limit(batchSize)
    ).map((r) => r.id as number);
    if (!ids.length) return;
    const rows = await selectOrders(db, [...conditions(filter), inArray(orders.customerId, ids)]).orderBy(
      asc(orders.customerId),
      asc(orders.expectedDeliveryDate),
      asc(orders.id),
    );
    yield withLines(db, rows);
    after = ids[ids.length - 1]!;
    if (ids.length < batchSize) return;
  }
}

/** Warehouses for the overview: those in use, and any other the filter names. */
export async function findWarehouses(db: DbOrTx, only?: number) {
  return db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      color: warehouses.color,
      text_color: warehouses.textColor,
      hidden: warehouses.hidden,
    })
    .from(warehouses)
    .where(only === undefined ? undefined : eq(warehouses.id, only))
    .orderBy(asc(warehouses.name));
}

/** Everyone who has ever collected revenue (the collector filter). */
export async function findCollectors(db: DbOrTx) {
  return db
    .selectDistinct({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .innerJoin(orders, eq(orders.collectedRevenueBy, users.id))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Names of products by id (the product overview and export). */
export async function findProducts(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      shortenName: products.shortenName,
      type: products.type,
      measurementUnit: products.measurementUnit,
    })
    .from(products)
    .where(inArray(products.id, ids));
}
