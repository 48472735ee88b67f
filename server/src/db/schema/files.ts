import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Files attached to a customer, an order or a transportation; the bytes live in the storage under
 * `storage_key`. One table for the three owners, so the upload, download and delete code is shared.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    ownerType: text('owner_type', { enum: ['customer', 'order', 'transportation', 'delivery'] }).notNull(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    fileType: text('file_type').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerType, t.ownerId, t.id),
    check(
      'files_owner_type_check',
      sql`${t.ownerType} in ('customer', 'order', 'transportation', 'delivery')`,
    ),
  ],
);
