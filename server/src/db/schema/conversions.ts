import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './products.ts';
import { warehouses } from './warehouses.ts';

/** One submitted conversion; its stock changes are the ledger rows that name it. */
export const conversions = pgTable(
  'conversions',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    calculationType: text('calculation_type', {
      enum: ['knowInputOutput', 'knowInputKoeficient', 'knowOutputKoeficient'],
    }).notNull(),
    /** Output total ÷ input total, as submitted amounts give it. */
    coefficient: numeric('coefficient', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversions_warehouse_idx').on(t.warehouseId, t.id),
    check(
      'conversions_type_check',
      sql`${t.calculationType} in ('knowInputOutput', 'knowInputKoeficient', 'knowOutputKoeficient')`,
    ),
  ],
);

export const conversionItems = pgTable(
  'conversion_items',
  {
    conversionId: integer('conversion_id')
      .notNull()
      .references(() => conversions.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['input', 'output'] }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversionId, t.productId] }),
    check('conversion_items_side_check', sql`${t.side} in ('input', 'output')`),
    check('conversion_items_amount_check', sql`${t.amount} > 0`),
  ],
);
