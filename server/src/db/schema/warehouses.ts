import { sql } from 'drizzle-orm';
import {
  boolean,
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

/** A warehouse (domain.md §2.3); `hidden` is domain.md's soft removal ("do not use further"). */
export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The address line as typed or suggested by the address finder. */
    fullAddress: text('full_address').notNull(),
    town: text('town').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull(),
    gpsLat: numeric('gps_lat', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    gpsLon: numeric('gps_lon', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    color: text('color').notNull(),
    textColor: text('text_color').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('warehouses_name_trgm_idx').using('gin', sql`f_unaccent(${t.name}) gin_trgm_ops`)],
);

/** Drivers and warehousemen assigned to a warehouse; one user may serve several. */
export const warehouseStaff = pgTable(
  'warehouse_staff',
  {
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['driver', 'warehouseman'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.role, t.userId] }),
    index('warehouse_staff_user_idx').on(t.userId),
    check('warehouse_staff_role_check', sql`${t.role} in ('driver', 'warehouseman')`),
  ],
);

/** Cars of a warehouse. Orders will point at cars, so a car taken off the list is retired, not deleted. */
export const cars = pgTable(
  'cars',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    hexColor: text('hex_color').notNull(),
    retired: boolean('retired').notNull().default(false),
  },
  (t) => [index('cars_warehouse_idx').on(t.warehouseId)],
);
