import {
  type DeliveryNoteQuery,
  type MultipleDeliveryNotesQuery,
  type OrdersPdfQuery,
  ordersPdfMaxDays,
} from '@letokruh/contracts/documents';
import { formatDateShort } from '@letokruh/contracts/rules/format';
import { eachDay, pragueDay } from '@letokruh/contracts/rules/prague-day';
import type { ProofReader } from '@letokruh/contracts/rules/proof-access';
import type { DbOrTx } from '../../db/client.ts';
import { yieldToLoop } from '../../event-loop.ts';
import type { SessionUser } from '../../plugins/access.ts';
import { AppError, badInput, conflict, draftConflict, notFound } from '../../plugins/errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import { inScope, warehouseScope } from '../../plugins/warehouse-scope.ts';
import { proofReaderOf } from '../driver/index.ts';
import { calendarOrders } from '../orders/calendar/calendar.service.ts';
import { loadOrders } from '../orders/index.ts';
import { payee } from '../payments/payments.service.ts';
import { getWarehouse } from '../warehouses/warehouses.service.ts';
import type { NoteOrder } from './delivery-note.ts';
import { findNoteSupplier, supplierIdentities } from './documents.queries.ts';
import { withProofs } from './note-proofs.ts';
import type { NoteSupplier } from './parties.ts';
import type { PdfPool } from './pdf-pool.ts';

export type PdfFile = { pdf: Buffer; filename: string };

type LoadedOrder = Awaited<ReturnType<typeof loadOrders>>[number];

/** Orders read at once for the merged notes. */
const loadSlice = 20;

/**
 * A delivery note needs a customer and a currency, and a cancelled order delivers nothing: 409 /
 * 140; a draft is no order yet (decision 0030): 409 / 142.
 */
function printable(orders: LoadedOrder[]): NoteOrder[] {
  const unsaved = orders.filter((o) => o.draft).map((o) => o.intern_id);
  if (unsaved.length) throw draftConflict(true, `Drafts have no delivery note: ${unsaved.join(', ')}`);
  const cancelled = orders.filter((o) => o.hidden).map((o) => o.intern_id);
  if (cancelled.length) throw conflict(`Cancelled orders have no delivery note: ${cancelled.join(', ')}`);
  const drafts = orders.filter((o) => !o.customer || !o.currency).map((o) => o.intern_id);
  if (drafts.length) throw conflict(`Orders without a customer or currency: ${drafts.join(', ')}`);
  return orders as NoteOrder[];
}

/**
 * The supplier a note is issued by (`supplier` of the call): checked as for a payment (unknown 400,
 * an invalid account 400 / 151), with its identity (decision 0037).
 */
export async function noteSupplier(
  db: DbOrTx,
  orders: LoadedOrder[],
  supplierId: number,
): Promise<NoteSupplier> {
  const row = await findNoteSupplier(db, supplierId);
  const payTo = payee(row?.active ? row : undefined, orders, supplierId, 'supplier');
  if (!row) throw badInput(`No supplier ${supplierId}`, ['supplier']);
  const { bank_account: _account, bank_code: _code, active: _active, ...identity } = row;
  return { ...identity, ...payTo };
}

/** GET /order/{id}/get_delivery_note: named after the order number (domain.md §1.7). */
export async function deliveryNote(
  db: DbOrTx,
  pdfs: PdfPool,
  storage: Storage,
  id: number,
  query: DeliveryNoteQuery,
  reader: ProofReader,
): Promise<PdfFile> {
  const [order] = await loadOrders(db, [id]);
  if (!order) throw notFound('Order not found');
  const [note] = await withProofs(db, storage, printable([order]), reader);
  const supplier = await noteSupplier(db, [order], query.supplier);
  const pdf = await pdfs.render({
    kind: 'notes',
    orders: [note!],
    supplier,
    lang: query.language,
    today: pragueDay(),
  });
  return { pdf, filename: `${order.intern_id}.pdf` };
}

/** GET /download_multiple_delivery_notes: one PDF, the orders in the order asked, each from a new page. */
export async function mergedDeliveryNotes(
  db: DbOrTx,
  pdfs: PdfPool,
  storage: Storage,
  query: MultipleDeliveryNotesQuery,
  user: SessionUser,
): Promise<PdfFile> {
  const ids = [...new Set(query.orders)];
  // Orders of warehouses outside the asker's scope are as unknown as missing ones (decision 0021).
  const scope = await warehouseScope(db, user);
  // Read a slice at a time with the loop free in between (the embedded database runs on it): a
  // busy day's orders in one read held it too long (bench/results/2026-11-29-comment-figures.md).
  const orders: LoadedOrder[] = [];
  for (let i = 0; i < ids.length; i += loadSlice) {
    if (i > 0) await yieldToLoop();
    const slice = await loadOrders(db, ids.slice(i, i + loadSlice));
    orders.push(...slice.filter((o) => inScope(scope, o.warehouse?.id)));
  }
  const found = new Set(orders.map((o) => o.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`Orders not found: ${missing.join(', ')}`);
  const printed = await withProofs(db, storage, printable(orders), proofReaderOf(user));
  const supplier = await noteSupplier(db, orders, query.supplier);
  const name = query.language === 'de' ? 'lieferscheine' : 'dodaci-listy';
  const today = pragueDay();
  // Drawn in a worker thread: a busy day's notes drawn here held the loop for a second (decision 0022).
  const pdf = await pdfs.render({ kind: 'notes', orders: printed, supplier, lang: query.language, today });
  return { pdf, filename: `${name}-${today}.pdf` };
}

/** At most this many rows in one orders PDF; a wider range is refused rather than built in memory. */
const ordersPdfMaxRows = 3000;

/** GET /download-orders: the warehouse's orders to deliver from `from` to `to` (default: that day). */
export async function ordersPdf(
  db: DbOrTx,
  pdfs: PdfPool,
  query: OrdersPdfQuery,
  user: SessionUser,
): Promise<PdfFile> {
  // Another warehouse than the asker's answers as an unknown one (decision 0021).
  if (!inScope(await warehouseScope(db, user), query.warehouse))
    throw badInput(`No warehouse ${query.warehouse}`, ['warehouse']);
  const warehouse = await getWarehouse(db, query.warehouse).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404
      ? badInput(`No warehouse ${query.warehouse}`, ['warehouse'])
      : error;
  });
  const to = query.to ?? query.from;
  const dates = eachDay(query.from, to, ordersPdfMaxDays);
  const { data } = await calendarOrders(db, { warehouses: [warehouse.id], dates, show_cobined: false });
  if (data.length > ordersPdfMaxRows)
    throw badInput(`More than ${ordersPdfMaxRows} orders: choose fewer days`, ['to']);
  // The export names no supplier: the sheet shows the orders' own
  // (docs/decisions/0041-issue-15-documents-a-czech-accountant-accepts-documents.md).
  const supplierIds = [...new Set(data.flatMap((o) => (o.default_supplier ? [o.default_supplier.id] : [])))];
  const suppliers = [...(await supplierIdentities(db, supplierIds)).values()].sort((a, b) =>
    a.name.localeCompare(b.name, 'cs'),
  );
  const pdf = await pdfs.render({
    kind: 'ordersSheet',
    warehouseName: warehouse.name,
    from: query.from,
    to,
    orders: data,
    suppliers,
    printed: formatDateShort(new Date(), 'cs'),
  });
  return {
    pdf,
    filename: query.from === to ? `objednavky-${query.from}.pdf` : `objednavky-${query.from}-${to}.pdf`,
  };
}
