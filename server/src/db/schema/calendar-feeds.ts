import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { warehouses } from './warehouses.ts';

/**
 * Private calendar feeds (domain.md §2.10, migration 0041, decision 0063): a driver's own deliveries or
 * a warehouse's, as an iCalendar file at a secret URL. Only the SHA-256 of the URL's secret is
 * kept; at most one active (not revoked) feed per driver and per warehouse.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['driver', 'warehouse'] }).notNull(),
    driverId: integer('driver_id').references(() => users.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id').references(() => warehouses.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** When a calendar app last fetched it (moved on at most every few minutes). */
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_uq').on(t.tokenHash),
    uniqueIndex('calendar_feeds_driver_active_uq')
      .on(t.driverId)
      .where(sql`${t.kind} = 'driver' and ${t.revokedAt} is null`),
    uniqueIndex('calendar_feeds_warehouse_active_uq')
      .on(t.warehouseId)
      .where(sql`${t.kind} = 'warehouse' and ${t.revokedAt} is null`),
    check('calendar_feeds_kind_check', sql`${t.kind} in ('driver', 'warehouse')`),
    check(
      'calendar_feeds_subject_check',
      sql`(${t.kind} = 'driver') = (${t.driverId} is not null) and (${t.kind} = 'warehouse') = (${t.warehouseId} is not null)`,
    ),
  ],
);
