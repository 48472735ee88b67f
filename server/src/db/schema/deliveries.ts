import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderItems, orders } from './orders.ts';

/**
 * Proof of delivery (domain.md §2.11, migration 0044, decision 0067): one row per order, written by
 * its driver's phone. The signature and photos are `files` of owner type 'delivery'.
 */
export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    onTheWayAt: timestamp('on_the_way_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receiverName: text('receiver_name').notNull().default(''),
    gpsLat: doublePrecision('gps_lat'),
    gpsLon: doublePrecision('gps_lon'),
    gpsAccuracy: doublePrecision('gps_accuracy'),
    cashReceived: numeric('cash_received', { precision: 12, scale: 2, mode: 'number' }),
    note: text('note').notNull().default(''),
    /**
     * Decision 0074: the office set the delivered order back (undone, or cancelled): the proof is
     * kept for the record but is no longer the order's proof (migration 0048).
     */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason', { enum: ['undone', 'cancelled'] }),
  },
  (t) => [
    index('order_deliveries_cash_idx').on(t.driverId).where(sql`${t.cashReceived} is not null`),
    check('order_deliveries_cash_check', sql`${t.cashReceived} is null or ${t.cashReceived} >= 0`),
    check('order_deliveries_position_check', sql`(${t.gpsLat} is null) = (${t.gpsLon} is null)`),
    check('order_deliveries_received_check', sql`(${t.deliveredAt} is null) = (${t.receivedAt} is null)`),
    check(
      'order_deliveries_void_check',
      sql`(${t.voidedAt} is null) = (${t.voidReason} is null) and (${t.voidReason} is null or ${t.voidReason} in ('undone', 'cancelled'))`,
    ),
  ],
);

/** The delivered amount of each order line (a partial delivery, a returned item: with a reason). */
export const orderDeliveryLines = pgTable(
  'order_delivery_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orderDeliveries.orderId, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    deliveredAmount: numeric('delivered_amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /**
     * The line's amount as ordered. Delivering rewrites order_items.amount to the delivered amount
     * (domain.md §2.13, decision 0077), so the ordered one is kept here, shown beside.
     */
    orderedAmount: numeric('ordered_amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    primaryKey({ name: 'order_delivery_lines_pk', columns: [t.orderId, t.orderItemId] }),
    index('order_delivery_lines_item_idx').on(t.orderItemId),
    check('order_delivery_lines_amount_check', sql`${t.deliveredAmount} >= 0`),
  ],
);

/** Idempotency keys of the drivers' actions: an action queued offline and sent twice counts once. */
export const driverActionKeys = pgTable(
  'driver_action_keys',
  {
    key: uuid('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['on_the_way', 'delivered'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_action_keys_order_idx').on(t.orderId),
    check('driver_action_keys_action_check', sql`${t.action} in ('on_the_way', 'delivered')`),
  ],
);
