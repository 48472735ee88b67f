import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { warehouses } from './warehouses.ts';

/** A product (domain.md §2.3); `hidden` means removed from the offer. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortenName: text('shorten_name').notNull(),
    type: text('type', { enum: ['Měkké', 'Tvrdé', 'Doplňkový prodej'] }).notNull(),
    subtype: text('subtype', { enum: ['soft', 'hard'] }),
    /** Length in centimetres. */
    length: integer('length').notNull(),
    measurementUnit: text('measurement_unit', { enum: ['PRMS', 'PRMR'] }).notNull(),
    description: text('description').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_name_trgm_idx').using('gin', sql`f_unaccent(${t.name}) gin_trgm_ops`),
    check('products_type_check', sql`${t.type} in ('Měkké', 'Tvrdé', 'Doplňkový prodej')`),
    check('products_subtype_check', sql`${t.subtype} is null or ${t.subtype} in ('soft', 'hard')`),
    check('products_unit_check', sql`${t.measurementUnit} in ('PRMS', 'PRMR')`),
    check('products_length_check', sql`${t.length} between 0 and 1000000`),
  ],
);

/**
 * Price history with VAT per product, warehouse and currency. The price in force on a day is the
 * row with the latest from_date on or before it (the latest entered wins within one day).
 */
export const productPrices = pgTable(
  'product_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: ['CZK', 'EUR'] }).notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    vat: smallint('vat').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "Latest on or before a day" for one product, warehouse and currency is one index descent.
    index('product_prices_lookup_idx').on(t.productId, t.warehouseId, t.currency, t.fromDate, t.id),
    index('product_prices_warehouse_idx').on(t.warehouseId, t.currency),
    check('product_prices_currency_check', sql`${t.currency} in ('CZK', 'EUR')`),
    check('product_prices_vat_check', sql`${t.vat} in (0, 10, 12, 13, 15, 20, 21)`),
    check('product_prices_price_check', sql`${t.price} between 0 and 1000000`),
  ],
);
