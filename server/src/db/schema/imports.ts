import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Records brought from the old system (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md):
 * per entity, the old id, the id here and a fingerprint of what was last written.
 */
export const importIds = pgTable(
  'import_ids',
  {
    entity: text('entity').notNull(),
    oldId: text('old_id').notNull(),
    newId: bigint('new_id', { mode: 'number' }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'import_ids_pk', columns: [t.entity, t.oldId] }),
    index('import_ids_new_idx').on(t.entity, t.newId),
  ],
);
