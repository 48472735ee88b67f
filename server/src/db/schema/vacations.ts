import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { warehouses } from './warehouses.ts';

/**
 * What both kinds of vacation keep beside their period: the version (concurrent edits), who
 * created it and when, and the deactivation that hides it but keeps the row.
 */
const kept = () => ({
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deactivatedBy: integer('deactivated_by').references(() => users.id, { onDelete: 'set null' }),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
});

/**
 * Closures of a warehouse (domain.md §2.3 Warehouse vacation). The period is a half-open interval of
 * Prague wall-clock instants [starts_at, ends_at), without a time zone (domain.md §3.3 Time): whole
 * days run from midnight to midnight, a closure of hours starts or ends within a day.
 * Deactivation keeps the row (`deactivated_at`); lists and the calendar leave such rows out.
 */
export const warehouseVacations = pgTable(
  'warehouse_vacations',
  {
    id: serial('id').primaryKey(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { mode: 'string' }).notNull(),
    endsAt: timestamp('ends_at', { mode: 'string' }).notNull(),
    ...kept(),
  },
  (t) => [
    index('warehouse_vacations_warehouse_idx').on(t.warehouseId, t.endsAt),
    index('warehouse_vacations_ends_idx').on(t.endsAt),
    check('warehouse_vacations_period_check', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/** Vacations of drivers (domain.md §2.3 User vacation): whole days, both included. */
export const userVacations = pgTable(
  'user_vacations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vacationFrom: date('vacation_from', { mode: 'string' }).notNull(),
    vacationTo: date('vacation_to', { mode: 'string' }).notNull(),
    ...kept(),
  },
  (t) => [
    index('user_vacations_user_idx').on(t.userId, t.vacationTo),
    index('user_vacations_to_idx').on(t.vacationTo),
    check('user_vacations_period_check', sql`${t.vacationFrom} <= ${t.vacationTo}`),
  ],
);
