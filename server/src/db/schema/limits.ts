import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * E-mails sent per key and hour (decision 0022): `user:<id>` and `to:<address>` for the QR e-mail.
 * One row per key and window, counted by one upsert, so several server processes share the count.
 */
export const mailLimits = pgTable(
  'mail_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
