import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { conversions } from './conversions.ts';
import { products } from './products.ts';
import { warehouses } from './warehouses.ts';

/**
 * The amount of a product a warehouse holds. It changes only by `amount = amount + delta` in the
 * transaction that writes the matching stock_ledger row (domain.md §3.3 Stock).
 */
export const productStock = pgTable(
  'product_stock',
  {
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.productId] }),
    index('product_stock_product_idx').on(t.productId),
  ],
);

/** Every change of stock: who, when, why, by how much and what it left. */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    warehouseId: integer('warehouse_id').notNull(),
    productId: integer('product_id').notNull(),
    delta: numeric('delta', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    amountAfter: numeric('amount_after', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    reason: text('reason', {
      enum: ['manual', 'order_done', 'order_undone', 'conversion', 'opening_balance'],
    }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id'),
    conversionId: integer('conversion_id').references(() => conversions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'stock_ledger_stock_fk',
      columns: [t.warehouseId, t.productId],
      foreignColumns: [productStock.warehouseId, productStock.productId],
    }),
    index('stock_ledger_warehouse_idx').on(t.warehouseId, t.id),
    index('stock_ledger_stock_idx').on(t.warehouseId, t.productId, t.id),
    check(
      'stock_ledger_reason_check',
      sql`${t.reason} in ('manual', 'order_done', 'order_undone', 'conversion', 'opening_balance')`,
    ),
    check('stock_ledger_delta_check', sql`${t.delta} <> 0`),
  ],
);

/**
 * Decision 0064: per warehouse and product, the sum of the line amounts of the orders that reserve
 * stock there (saved, not done, not cancelled). Kept by triggers on orders and order_items in the
 * transaction of every change (migration 0042), never written by the app; available = stock −
 * reserved.
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    warehouseId: integer('warehouse_id').notNull(),
    productId: integer('product_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.productId] })],
);
