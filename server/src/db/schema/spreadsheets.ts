import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * One spreadsheet of the office (domain.md §2.14, decision 0090): uploaded (its bytes in the file
 * store until it is imported), imported as one batch (the ids it added in `record_ids`), or undone.
 */
export const spreadsheetImports = pgTable(
  'spreadsheet_imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['customers', 'products'] }).notNull(),
    fileName: text('file_name').notNull(),
    /** The uploaded file in the file store, read again for each preview and the import; removed once imported. */
    fileKey: text('file_key'),
    format: text('format', { enum: ['xlsx', 'csv'] }).notNull(),
    encoding: text('encoding', { enum: ['utf-8', 'windows-1250', 'utf-16'] }),
    delimiter: text('delimiter'),
    headers: jsonb('headers').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    state: text('state', { enum: ['uploaded', 'imported', 'undone'] })
      .notNull()
      .default('uploaded'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp('imported_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    imported: integer('imported').notNull().default(0),
    skippedInvalid: integer('skipped_invalid').notNull().default(0),
    skippedDuplicates: integer('skipped_duplicates').notNull().default(0),
    /** The customers or products the import added, for its undo. */
    recordIds: integer('record_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    index('spreadsheet_imports_state_idx').on(t.state, t.id),
    check('spreadsheet_imports_kind_check', sql`${t.kind} in ('customers', 'products')`),
    check('spreadsheet_imports_state_check', sql`${t.state} in ('uploaded', 'imported', 'undone')`),
  ],
);

/**
 * The columns last chosen for each kind, by their header text (domain.md §2.14): one mapping per
 * installation, offered again when a file with those column names comes.
 */
export const spreadsheetMappings = pgTable('spreadsheet_mappings', {
  kind: text('kind', { enum: ['customers', 'products'] }).primaryKey(),
  columns: jsonb('columns').$type<Record<string, string>>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
