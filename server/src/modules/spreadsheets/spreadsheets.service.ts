import { ErrorCode } from '@letokruh/contracts/errors';
import type { Permission } from '@letokruh/contracts/permissions';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import {
  type ImportBatch,
  type ImportInUse,
  type ImportMatch,
  type PreviewRow,
  requiredImportFields,
  type SpreadsheetImportBody,
  type SpreadsheetKind,
  type SpreadsheetPreviewAnswer,
  type SpreadsheetUploadAnswer,
  spreadsheetKinds,
} from '@letokruh/contracts/spreadsheets';
import { type Db, type DbOrTx, isEmbedded } from '../../db/client.ts';
import { yieldToLoop } from '../../event-loop.ts';
import { AppError, badInput, notFound } from '../../plugins/errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import { writeAuditRows } from '../audit/audit.service.ts';
import { productsInConversions } from '../conversions/conversions.service.ts';
import * as customers from '../customers/customers.service.ts';
import { ownersWithFiles } from '../files/files.service.ts';
import { customersOnOrders, productsOnOrders } from '../orders/orders.service.ts';
import * as products from '../products/products.service.ts';
import { productsInStock } from '../stock/stock.service.ts';
import { activeWarehouseNames } from '../warehouses/warehouses.service.ts';
import { guessMapping } from './column-guess.ts';
import { findMatches, type RowMatches } from './matches.ts';
import { fieldsOf } from './row-rules.ts';
import type { SheetPool, SheetSource } from './sheet-pool.ts';
import type { RowsResult } from './sheet-task.ts';
import * as q from './spreadsheets.queries.ts';

/** The office's spreadsheets (domain.md §2.14, decision 0090). */

export type Actor = { id: number; permissions: ReadonlySet<string>; method: string; path: string };

/** The add right a kind of record needs besides import_data (decision 0090). */
const addRight: Record<SpreadsheetKind, Permission> = { customers: 'add_customer', products: 'add_product' };

function requireKindRight(kind: SpreadsheetKind, actor: Actor): void {
  if (!actor.permissions.has(addRight[kind])) {
    throw new AppError(403, ErrorCode.accessDenied, `Importing ${kind} needs ${addRight[kind]}`);
  }
}

const notOpen = (message: string) => new AppError(409, ErrorCode.importNotOpen, message);

export const toBatch = (r: q.BatchRow): ImportBatch => ({
  id: r.id,
  kind: r.kind,
  file_name: r.fileName,
  state: r.state,
  row_count: r.rowCount,
  imported: r.imported,
  skipped_invalid: r.skippedInvalid,
  skipped_duplicates: r.skippedDuplicates,
  created: r.createdAt.toISOString(),
  imported_at: r.importedAt?.toISOString() ?? null,
  undone_at: r.undoneAt?.toISOString() ?? null,
  user: r.userId === null ? null : { id: r.userId, name: r.userName ?? '' },
});

export async function listBatches(db: DbOrTx) {
  return { items: (await q.listBatches(db, 20)).map(toBatch) };
}

/** An upload is kept this long for its preview and import, then swept by the next upload. */
const uploadKeptMs = 24 * 3600_000;

/** The worker that reads the files, and the file store that keeps an upload until its import. */
export type Sheets = { pool: SheetPool; storage: Storage };

export async function uploadSpreadsheet(
  db: Db,
  { pool, storage }: Sheets,
  input: { kind: string | undefined; fileName: string; bytes: Buffer },
  actor: Actor,
): Promise<SpreadsheetUploadAnswer> {
  const kind = spreadsheetKinds.find((k) => k === input.kind);
  if (!kind) throw badInput('Send the kind: customers or products', ['kind']);
  requireKindRight(kind, actor);
  const sheet = await pool.read(input.bytes);
  for (const stale of await q.deleteStaleUploads(db, new Date(Date.now() - uploadKeptMs))) {
    await storage.remove(stale).catch(() => undefined);
  }
  const fileKey = await storage.put('spreadsheets', input.bytes, sheet.format);
  const row = await q
    .insertBatch(db, {
      kind,
      fileName: input.fileName.slice(0, 200) || 'spreadsheet',
      fileKey,
      format: sheet.format,
      encoding: sheet.encoding,
      delimiter: sheet.delimiter,
      headers: sheet.headers,
      rowCount: sheet.rowCount,
      userId: actor.id,
    })
    .catch(async (error: unknown) => {
      await storage.remove(fileKey).catch(() => undefined);
      throw error;
    });
  const { mapping, source } = guessMapping(kind, sheet.headers, await q.findMapping(db, kind));
  return {
    item: toBatch(row),
    format: sheet.format,
    encoding: sheet.encoding,
    delimiter: sheet.delimiter,
    headers: sheet.headers,
    mapping,
    mapping_source: source,
  };
}

/** The upload, still waiting for its import, with its bytes; 404 or 409 otherwise. */
async function openUpload(db: DbOrTx, storage: Storage, id: number, actor: Actor) {
  const batch = await q.findBatch(db, id);
  if (!batch) throw notFound('No such spreadsheet');
  requireKindRight(batch.kind, actor);
  if (batch.state !== 'uploaded') throw notOpen(`The spreadsheet is ${batch.state} already`);
  const bytes = batch.fileKey ? await storage.get(batch.fileKey) : null;
  if (!bytes) throw notFound('The uploaded file is gone: upload it again');
  return { batch, bytes };
}

/** A mapping names fields of its kind and columns of the file, each column once. */
function checkMapping(batch: q.BatchRow, mapping: Record<string, number>): void {
  const fields = fieldsOf(batch.kind) as readonly string[];
  const wrong = Object.entries(mapping).filter(
    ([field, column]) => !fields.includes(field) || column >= batch.headers.length,
  );
  if (wrong.length) {
    throw badInput(`Unknown fields or columns: ${wrong.map(([f]) => f).join(', ')}`, ['mapping']);
  }
}

const unmappedRequired = (kind: SpreadsheetKind, mapping: Record<string, number>) =>
  requiredImportFields[kind].filter((f) => mapping[f] === undefined);

/** Where the worker reads this upload from, and with what it checks each row. */
async function sourceOf(
  db: DbOrTx,
  batch: q.BatchRow,
  bytes: Buffer,
  mapping: Record<string, number>,
): Promise<SheetSource> {
  checkMapping(batch, mapping);
  return {
    id: batch.id,
    bytes,
    kind: batch.kind,
    mapping,
    context: { today: pragueDay(), warehouses: await activeWarehouseNames(db) },
  };
}

/** What a preview row shows of its likely duplicates: the records, then the earlier rows. */
function matchesOf(
  found: RowMatches | undefined,
  described: RowsResult['described'],
  rowNumbers: number[],
): ImportMatch[] {
  if (!found) return [];
  return [
    ...found.existing,
    ...[...found.earlier].map(([earlier, rules]) => ({
      id: null,
      intern_id: null,
      row: rowNumbers[earlier] ?? null,
      ...(described[earlier] ?? { name: '', detail: '' }),
      matched_by: rules,
    })),
  ];
}

export async function previewSpreadsheet(
  db: Db,
  { pool, storage }: Sheets,
  id: number,
  body: {
    mapping: Record<string, number>;
    view: 'all' | 'errors' | 'duplicates';
    current_page: number;
    per_page: number;
  },
  actor: Actor,
): Promise<SpreadsheetPreviewAnswer> {
  const { batch, bytes } = await openUpload(db, storage, id, actor);
  const source = await sourceOf(db, batch, bytes, body.mapping);
  const scan = await pool.scan(source);
  const matches = await findMatches(db, batch.kind, scan);
  const invalid = new Set(scan.invalid);
  const duplicates = [...matches.keys()].filter((i) => !invalid.has(i)).sort((a, b) => a - b);
  const inView =
    body.view === 'errors'
      ? scan.invalid
      : body.view === 'duplicates'
        ? duplicates
        : Array.from({ length: scan.rowCount }, (_, i) => i);
  const from = (body.current_page - 1) * body.per_page;
  const page = inView.slice(from, from + body.per_page);
  const { rows, described } = page.length ? await pool.rows(source, page) : { rows: [], described: {} };
  return {
    row_count: scan.rowCount,
    valid: scan.rowCount - invalid.size,
    invalid: invalid.size,
    duplicates: duplicates.length,
    unmapped_required: unmappedRequired(batch.kind, body.mapping),
    total: inView.length,
    items: rows.map(
      (r): PreviewRow => ({
        row: r.row,
        cells: r.cells as Record<string, string>,
        errors: r.errors.map(([field, problem]) => ({ field, problem })),
        matches: invalid.has(r.index) ? [] : matchesOf(matches.get(r.index), described, scan.rowNumbers),
      }),
    ),
  };
}

/**
 * The good rows of the file as one batch (domain.md §2.14): rows with an error are left out, rows
 * like an existing record or an earlier row only when the user chose them. One transaction: the
 * records, one audit row each, the batch's ids and counts, the mapping remembered.
 */
export async function importSpreadsheet(
  db: Db,
  { pool, storage }: Sheets,
  id: number,
  body: Required<SpreadsheetImportBody>,
  actor: Actor,
): Promise<ImportBatch> {
  const { batch, bytes } = await openUpload(db, storage, id, actor);
  const missing = unmappedRequired(batch.kind, body.mapping);
  if (missing.length) throw badInput(`Choose a column for ${missing.join(', ')}`, ['mapping']);
  const source = await sourceOf(db, batch, bytes, body.mapping);
  const scan = await pool.scan(source);
  const anyway = new Set(body.import_duplicates);
  // Decision 0090: on the embedded database a statement holds the event loop while it runs.
  const perStatement = isEmbedded(db) ? 200 : 500;
  const imported = await db.transaction(async (tx) => {
    const locked = await q.findBatch(tx, id, { lock: true });
    if (locked?.state !== 'uploaded') throw notOpen('The spreadsheet was imported meanwhile');
    // Under the lock of a single customer's creation: no form adds a duplicate between the check and the writes.
    if (batch.kind === 'customers') await customers.lockCustomerCreation(tx);
    const matches = await findMatches(tx, batch.kind, scan);
    const invalid = new Set(scan.invalid);
    const good = scan.rowCount - invalid.size;
    const chosen = Array.from({ length: scan.rowCount }, (_, i) => i).filter(
      (i) =>
        !invalid.has(i) && (!matches.has(i) || body.import_all_duplicates || anyway.has(scan.rowNumbers[i]!)),
    );
    const { chunks, rowNumbers } = await pool.values(source, chosen, perStatement);
    const recordIds =
      batch.kind === 'customers'
        ? await customers.addImportedCustomers(tx, chunks)
        : await products.addImportedProducts(tx, actor.id, chunks);
    await q.markImported(tx, id, {
      recordIds,
      imported: recordIds.length,
      skippedInvalid: invalid.size,
      skippedDuplicates: good - chosen.length,
    });
    const columns = Object.fromEntries(
      fieldsOf(batch.kind).map((f) => [
        f,
        body.mapping[f] === undefined ? '' : (batch.headers[body.mapping[f]!] ?? ''),
      ]),
    );
    await q.saveMapping(tx, batch.kind, columns, actor.id);
    await auditEach(tx, recordIds, actor, (recordId, i) => ({
      entity: batch.kind === 'customers' ? 'customer' : 'product',
      entityId: recordId,
      action: 'import',
      details: { spreadsheet: id, file: batch.fileName, row: rowNumbers[i] },
    }));

    return toBatch((await q.findBatch(tx, id))!);
  });
  // The batch no longer names the file: a failure here leaves a stray file, never a missing one.
  await storage.remove(batch.fileKey!).catch(() => undefined);
  return imported;
}

/** One audit row per record an import adds or its undo removes, a few hundred a statement. */
async function auditEach(
  tx: DbOrTx,
  ids: number[],
  actor: Actor,
  row: (id: number, index: number) => { entity: string; entityId: number; action: string; details: object },
): Promise<void> {
  for (let from = 0; from < ids.length; from += 500) {
    await writeAuditRows(
      tx,
      ids.slice(from, from + 500).map((id, i) => ({
        userId: actor.id,
        method: actor.method,
        path: actor.path,
        ...row(id, from + i),
      })),
    );
    await yieldToLoop();
  }
}

/** What of a batch was used or changed since it was imported: each such record with its reason. */
async function recordsInUse(tx: DbOrTx, batch: q.BatchRow): Promise<ImportInUse[]> {
  const ids = batch.recordIds;
  const reasons: [number[], ImportInUse['reason']][] =
    batch.kind === 'customers'
      ? [
          [await customersOnOrders(tx, ids), 'order'],
          [await ownersWithFiles(tx, 'customer', ids), 'files'],
          [await customers.changedCustomers(tx, ids), 'changed'],
        ]
      : [
          [await productsOnOrders(tx, ids), 'order'],
          [await productsInStock(tx, ids), 'stock'],
          [await productsInConversions(tx, ids), 'conversion'],
          [await products.productsPricedSince(tx, ids, batch.importedAtExact ?? '-infinity'), 'prices'],
          [await products.hiddenProducts(tx, ids), 'changed'],
        ];
  const found = reasons.flatMap(([list, reason]) => list.map((id) => ({ id, reason }))).slice(0, 50);
  const named = new Set(found.map((r) => r.id));
  const names =
    batch.kind === 'customers'
      ? await customers.customerNames(tx, [...named])
      : await products.productNames(tx, [...named]);
  return found.map((r) => ({ ...r, name: names.get(r.id) ?? '' }));
}

/**
 * Undoes an import whole (domain.md §2.14): removes every record it added, or, when any of them
 * was used or changed since (a customer on an order, a product in a warehouse), nothing, with 409
 * naming those records.
 */
export async function undoImport(db: Db, id: number, actor: Actor): Promise<ImportBatch> {
  return db.transaction(async (tx) => {
    const batch = await q.findBatch(tx, id, { lock: true });
    if (!batch) throw notFound('No such spreadsheet');
    requireKindRight(batch.kind, actor);
    if (batch.state !== 'imported')
      throw notOpen(`Only an imported spreadsheet can be undone (this one is ${batch.state})`);
    if (batch.kind === 'customers') await customers.lockCustomerCreation(tx);
    const inUse = await recordsInUse(tx, batch);
    if (inUse.length) {
      throw new AppError(
        409,
        ErrorCode.importInUse,
        `${new Set(inUse.map((r) => r.id)).size} of the records were used or changed since`,
        undefined,
        { in_use: inUse },
      );
    }
    const ids = batch.recordIds;
    if (batch.kind === 'customers') await customers.removeImportedCustomers(tx, ids);
    else await products.removeImportedProducts(tx, ids);
    await q.markUndone(tx, id);
    await auditEach(tx, ids, actor, (recordId) => ({
      entity: batch.kind === 'customers' ? 'customer' : 'product',
      entityId: recordId,
      action: 'import_undo',
      details: { spreadsheet: id, file: batch.fileName },
    }));

    return toBatch((await q.findBatch(tx, id))!);
  });
}
