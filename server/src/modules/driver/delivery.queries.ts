import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  driverActionKeys,
  orderDeliveries,
  orderDeliveryLines,
  orderItems,
  orders,
  users,
} from '../../db/schema/index.ts';

export type DeliveryRow = typeof orderDeliveries.$inferSelect;
export type DriverAction = (typeof driverActionKeys.$inferSelect)['action'];

export async function findDelivery(db: DbOrTx, orderId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId));
  return row;
}

export async function findDeliveries(db: DbOrTx, orderIds: number[]): Promise<DeliveryRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(orderDeliveries).where(inArray(orderDeliveries.orderId, orderIds));
}

export async function findDeliveryLines(db: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db.select().from(orderDeliveryLines).where(inArray(orderDeliveryLines.orderId, orderIds));
}

/**
 * Claims an idempotency key for an action; false when the key was taken before (by this action or
 * any other). Under the caller's transaction: a rolled-back action gives its key back.
 */
export async function claimKey(
  db: DbOrTx,
  row: { key: string; userId: number; orderId: number; action: DriverAction },
): Promise<boolean> {
  const inserted = await db
    .insert(driverActionKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: driverActionKeys.key });
  return inserted.length === 1;
}

export async function findKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(driverActionKeys).where(eq(driverActionKeys.key, key));
  return row;
}

export async function upsertDelivery(db: DbOrTx, row: typeof orderDeliveries.$inferInsert): Promise<void> {
  const { orderId: _, ...set } = row;
  await db.insert(orderDeliveries).values(row).onConflictDoUpdate({ target: orderDeliveries.orderId, set });
}

export async function insertDeliveryLines(db: DbOrTx, rows: (typeof orderDeliveryLines.$inferInsert)[]) {
  if (rows.length) await db.insert(orderDeliveryLines).values(rows);
}

/** The delivered amounts become the lines' amounts (domain.md §2.13); the triggers keep the total. */
export async function setLineAmounts(db: DbOrTx, lines: { orderItemId: number; deliveredAmount: number }[]) {
  for (const line of lines) {
    await db
      .update(orderItems)
      .set({ amount: line.deliveredAmount })
      .where(eq(orderItems.id, line.orderItemId));
  }
}

/** Cash a driver took and the office has not confirmed (collect_revenue) on a live order. */
export async function findCashOnHand(db: DbOrTx, driverId: number) {
  return db
    .select({
      id: orders.id,
      internId: orders.internId,
      currency: sql<string>`coalesce(${orders.currency}, 'CZK')`,
      amount: orderDeliveries.cashReceived,
    })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
    .where(
      and(
        eq(orderDeliveries.driverId, driverId),
        isNotNull(orderDeliveries.cashReceived),
        isNull(orderDeliveries.voidedAt),
        isNull(orders.collectedRevenueAt),
        eq(orders.hidden, false),
      ),
    )
    .orderBy(orders.internId);
}

export async function findDriverName(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
