import { and, asc, desc, eq, gte, isNotNull, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { idsAmong } from '../../db/rows.ts';
import {
  adtypes,
  cars,
  customers,
  orderItems,
  orderNumberCounters,
  orders,
  products,
  suppliers,
  users,
  warehouses,
} from '../../db/schema/index.ts';
import { scopeCondition, type WarehouseScope } from '../../plugins/warehouse-scope.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderValues = Partial<
  Omit<typeof orders.$inferInsert, 'id' | 'internId' | 'version' | 'priceWithVat'>
>;
export type LineRow = typeof orderItems.$inferSelect & { product: typeof products.$inferSelect };

/**
 * The next number of a year's sequence, in one atomic statement: concurrent callers queue on the
 * year's row and each gets its own number; a rolled-back transaction gives its number back.
 */
export async function nextSequence(db: DbOrTx, year: number): Promise<number> {
  const [row] = await db
    .insert(orderNumberCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: orderNumberCounters.year,
      set: { last: sql`${orderNumberCounters.last} + 1` },
    })
    .returning({ last: orderNumberCounters.last });
  if (!row) throw new Error('order number counter returned nothing');
  return row.last;
}

export async function insertOrder(db: DbOrTx, values: OrderValues & { internId: number }): Promise<number> {
  const [row] = await db.insert(orders).values(values).returning({ id: orders.id });
  if (!row) throw new Error('order insert returned nothing');
  return row.id;
}

export async function findOrder(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Writes and moves the version on; the caller holds the row lock. A draft is touched (decision 0030: it
 * is deleted 7 days after its last change), an order stays one.
 */
export async function updateOrder(db: DbOrTx, id: number, values: OrderValues): Promise<void> {
  await db
    .update(orders)
    .set({
      draftTouchedAt: sql`case when ${orders.draftTouchedAt} is null then null else now() end`,
      ...values,
      version: sql`${orders.version} + 1`,
    })
    .where(eq(orders.id, id));
}

/** Decision 0030: an order is a draft until its intern step is saved the first time. */
export const isDraft = (order: Pick<OrderRow, 'draftTouchedAt'>) => order.draftTouchedAt !== null;

/** Decision 0030: an order, not a draft (its intern step saved). Every list, count and overview says so. */
export const notDraft = sql`${orders.draftTouchedAt} is null`;

const orderLines = preparedRead('order_lines', (db) =>
  db
    .select()
    .from(orderItems)
    .where(sql`${orderItems.orderId} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
);

/** Decision 0061: prepared, as the lines: read with every order read (each delivery note). */
const productsById = preparedRead('products_by_id', (db) =>
  db
    .select()
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`),
);

export async function findLines(db: DbOrTx, orderIds: number[]): Promise<LineRow[]> {
  if (!orderIds.length) return [];
  const lines = await orderLines(db).execute({ ids: orderIds });
  if (!lines.length) return [];
  // The few products of many lines read once each, not once per line (a calendar week has thousands).
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const byId = new Map((await productsById(db).execute({ ids: productIds })).map((p) => [p.id, p]));
  return lines.flatMap((line) => {
    const product = byId.get(line.productId);
    return product ? [{ ...line, product }] : [];
  });
}

export type LineValues = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

/**
 * Makes the order's lines the given ones, one per product: lines of products still there keep their
 * id (and are updated), the others are removed, new products are added.
 */
export async function replaceLines(db: DbOrTx, orderId: number, lines: LineValues[]): Promise<void> {
  const productIds = lines.map((l) => l.productId);
  await db
    .delete(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        productIds.length ? notInArray(orderItems.productId, productIds) : undefined,
      ),
    );
  if (!lines.length) return;
  await db
    .insert(orderItems)
    .values(lines.map((l) => ({ ...l, orderId })))
    .onConflictDoUpdate({
      target: [orderItems.orderId, orderItems.productId],
      set: {
        amount: sql`excluded.amount`,
        price: sql`excluded.price`,
        currency: sql`excluded.currency`,
        vat: sql`excluded.vat`,
        discount: sql`excluded.discount`,
        prepared: sql`excluded.prepared`,
      },
    });
}

export async function setLinePrepared(db: DbOrTx, lineId: number): Promise<void> {
  await db.update(orderItems).set({ prepared: true }).where(eq(orderItems.id, lineId));
}

const driver = alias(users, 'driver');
const collector = alias(users, 'collector');

/** An order with everything its answer names, in one query per batch of orders. */
const orderViews = preparedRead('order_views', (db) =>
  db
    .select({
      order: orders,
      customer: customers,
      warehouse: warehouses,
      driver: {
        id: driver.id,
        username: driver.username,
        firstName: driver.firstName,
        lastName: driver.lastName,
      },
      collector: {
        id: collector.id,
        username: collector.username,
        firstName: collector.firstName,
        lastName: collector.lastName,
      },
      car: { id: cars.id, name: cars.name, hexColor: cars.hexColor },
      supplier: {
        id: suppliers.id,
        name: suppliers.name,
        bankAccount: suppliers.bankAccount,
        bankCode: suppliers.bankCode,
      },
      adtype: { id: adtypes.id, name: adtypes.name },
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .leftJoin(driver, eq(driver.id, orders.driverId))
    .leftJoin(collector, eq(collector.id, orders.collectedRevenueBy))
    .leftJoin(cars, eq(cars.id, orders.carId))
    .leftJoin(suppliers, eq(suppliers.id, orders.supplierId))
    .leftJoin(adtypes, eq(adtypes.id, orders.adtypeId))
    .where(sql`${orders.id} = any(${sql.placeholder('ids')}::int[])`),
);

export async function findOrderViews(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return orderViews(db).execute({ ids });
}
export type OrderView = Awaited<ReturnType<typeof findOrderViews>>[number];

/** The customer detail's order summaries (domain.md §2.3), newest first; drafts are not orders yet. */
export async function findCustomerOrders(db: DbOrTx, customerId: number, scope: WarehouseScope = null) {
  return db
    .select({
      id: orders.id,
      internId: orders.internId,
      createdAt: orders.createdAt,
      expectedDeliveryDate: orders.expectedDeliveryDate,
      hidden: orders.hidden,
      done: orders.done,
      warehouseId: warehouses.id,
      warehouseName: warehouses.name,
    })
    .from(orders)
    .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .where(and(eq(orders.customerId, customerId), notDraft, scopeCondition(scope, orders.warehouseId)))
    .orderBy(desc(orders.id));
}

/**
 * Orders of a driver or a car with a delivery between two days (both included), not cancelled, not
 * drafts (a copy keeps the driver and car of its source until saved).
 */
export async function findOrdersOfDriverOrCar(
  db: DbOrTx,
  options: { driverId: number | null; carId: number | null; from: string; to: string; excludeId: number },
) {
  const who = [
    options.driverId !== null ? eq(orders.driverId, options.driverId) : undefined,
    options.carId !== null ? eq(orders.carId, options.carId) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (!who.length) return [];
  return db
    .select({
      order: orders,
      customer: {
        firstName: customers.firstName,
        lastName: customers.lastName,
        organizationName: customers.organizationName,
        town: customers.town,
      },
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        or(...who),
        // A personal collection (no driver) keeps no driver or car busy, even with an old car set.
        isNotNull(orders.driverId),
        gte(orders.expectedDeliveryDate, options.from),
        lte(orders.expectedDeliveryDate, options.to),
        isNotNull(orders.expectedDeliveryTime),
        eq(orders.hidden, false),
        notDraft,
        ne(orders.id, options.excludeId),
      ),
    )
    .orderBy(asc(orders.expectedDeliveryDate), asc(orders.expectedDeliveryTime), asc(orders.id));
}

/** Which of the customers are on an order, a draft included (domain.md §2.14 undo). */
export const findCustomersOnOrders = (db: DbOrTx, customerIds: number[]) =>
  idsAmong(db, orders.customerId, customerIds);

/** Which of the products are on an order's line, a draft's included (domain.md §2.14 undo). */
export const findProductsOnOrders = (db: DbOrTx, productIds: number[]) =>
  idsAmong(db, orderItems.productId, productIds);
