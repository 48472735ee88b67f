import { bigint, pgSequence, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The data version (decision 0020): every change made through the API draws the next value once it is
 * committed, before its answer leaves. Heavy answers (the calendar week, delivery notes, the
 * month's overviews) are cached per process under the version they were read at, so a cached
 * answer is served only while nothing has changed since. A sequence, not a row: drawing a value
 * takes no lock and is never rolled back, and every server process sees the same one.
 */
export const dataVersion = pgSequence('data_version');

/**
 * Decision 0050: drawn instead of `data_version` by the routes that write only orders and their lines
 * (`orderWrites` in plugins/answer-writes.ts); the answers with no narrower scope read both.
 */
export const ordersVersion = pgSequence('orders_version');

/**
 * Decision 0050: a version per delivery day, per warehouse and for all ('day:<warehouse>:<date>',
 * 'day:*:<date>'), raised by triggers on orders in the transaction of the change (migration 0034).
 */
export const dataScopes = pgTable('data_scopes', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
