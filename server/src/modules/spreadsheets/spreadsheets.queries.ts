import type { SpreadsheetKind } from '@letokruh/contracts/spreadsheets';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { spreadsheetImports, spreadsheetMappings } from '../../db/schema/index.ts';

/** SQL of the office's spreadsheets (domain.md §2.14, decision 0090). */

export type BatchRow = typeof spreadsheetImports.$inferSelect & {
  userName: string | null;
  importedAtExact: string | null;
};

const batchColumns = {
  id: spreadsheetImports.id,
  kind: spreadsheetImports.kind,
  fileName: spreadsheetImports.fileName,
  format: spreadsheetImports.format,
  encoding: spreadsheetImports.encoding,
  delimiter: spreadsheetImports.delimiter,
  fileKey: spreadsheetImports.fileKey,
  headers: spreadsheetImports.headers,
  rowCount: spreadsheetImports.rowCount,
  state: spreadsheetImports.state,
  userId: spreadsheetImports.userId,
  createdAt: spreadsheetImports.createdAt,
  importedAt: spreadsheetImports.importedAt,
  undoneAt: spreadsheetImports.undoneAt,
  imported: spreadsheetImports.imported,
  skippedInvalid: spreadsheetImports.skippedInvalid,
  skippedDuplicates: spreadsheetImports.skippedDuplicates,
  recordIds: spreadsheetImports.recordIds,
  /** To the microsecond, as the database keeps it: the import's own prices carry the same instant. */
  importedAtExact: sql<string | null>`${spreadsheetImports.importedAt}::text`,
  userName: sql<string | null>`(select nullif(trim(first_name || ' ' || last_name), '') from users
    where users.id = ${spreadsheetImports.userId})`,
};

export async function insertBatch(
  db: DbOrTx,
  values: Omit<typeof spreadsheetImports.$inferInsert, 'id'>,
): Promise<BatchRow> {
  const [row] = await db.insert(spreadsheetImports).values(values).returning({ id: spreadsheetImports.id });
  if (!row) throw new Error('spreadsheet insert returned nothing');
  return (await findBatch(db, row.id))!;
}

export async function findBatch(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<BatchRow | undefined> {
  const query = db.select(batchColumns).from(spreadsheetImports).where(eq(spreadsheetImports.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Uploads never imported are kept a day, then their rows go; the keys of their files are answered. */
export async function deleteStaleUploads(db: DbOrTx, before: Date): Promise<string[]> {
  const rows = await db
    .delete(spreadsheetImports)
    .where(and(eq(spreadsheetImports.state, 'uploaded'), lt(spreadsheetImports.createdAt, before)))
    .returning({ key: spreadsheetImports.fileKey });
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

export async function markImported(
  db: DbOrTx,
  id: number,
  values: { recordIds: number[]; imported: number; skippedInvalid: number; skippedDuplicates: number },
): Promise<void> {
  await db
    .update(spreadsheetImports)
    .set({ ...values, state: 'imported', fileKey: null, importedAt: sql`now()` })
    .where(eq(spreadsheetImports.id, id));
}

export async function markUndone(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(spreadsheetImports)
    .set({ state: 'undone', undoneAt: sql`now()` })
    .where(eq(spreadsheetImports.id, id));
}

/** The latest imports (and undos), newest first. */
export async function listBatches(db: DbOrTx, limit: number): Promise<BatchRow[]> {
  return db
    .select(batchColumns)
    .from(spreadsheetImports)
    .where(inArray(spreadsheetImports.state, ['imported', 'undone']))
    .orderBy(desc(spreadsheetImports.id))
    .limit(limit);
}

export async function findMapping(db: DbOrTx, kind: SpreadsheetKind): Promise<Record<string, string> | null> {
  const [row] = await db
    .select({ columns: spreadsheetMappings.columns })
    .from(spreadsheetMappings)
    .where(eq(spreadsheetMappings.kind, kind));
  return row?.columns ?? null;
}

export async function saveMapping(
  db: DbOrTx,
  kind: SpreadsheetKind,
  columns: Record<string, string>,
  userId: number,
): Promise<void> {
  await db
    .insert(spreadsheetMappings)
    .values({ kind, columns, updatedBy: userId })
    .onConflictDoUpdate({
      target: spreadsheetMappings.kind,
      set: { columns, updatedBy: userId, updatedAt: sql`now()` },
    });
}
