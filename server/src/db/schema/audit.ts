import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Who changed what and when (decision 0020): one row per successful change made through the API, written
 * by the audit plugin before the answer leaves. Rows are never edited; the owner reads them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The area changed: order, stock, product, user, permissions, customer, warehouse, … */
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    /** What was done, in the API's words: items, intern, done, change_price, update_stock, … */
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** The request's parameters and body, secrets removed and long values cut. */
    details: jsonb('details').notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id.desc()),
    index('audit_log_user_idx').on(t.userId, t.id.desc()),
  ],
);
