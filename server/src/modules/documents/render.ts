import type { DeliveryNoteLanguage } from '@letokruh/contracts/documents';
import type { PaymentSupplier } from '../payments/payments.service.ts';
import { drawDeliveryNote, type NoteOrder } from './delivery-note.ts';
import { deliveryNoteLabels } from './labels.ts';
import { ordersSheet, type SheetInput } from './orders-sheet.ts';
import { newPdf } from './pdf.ts';

/**
 * What a PDF worker is asked to draw: plain data only (it crosses to a worker thread by
 * structured clone), everything read from the database and the clock before.
 */
export type RenderTask =
  | {
      kind: 'notes';
      orders: NoteOrder[];
      supplier: PaymentSupplier;
      lang: DeliveryNoteLanguage;
      /** The Prague day the notes are printed on. */
      today: string;
    }
  | ({ kind: 'ordersSheet' } & SheetInput);

/** Delivery notes, one or many, each from a new page. */
async function notes(task: Extract<RenderTask, { kind: 'notes' }>): Promise<Buffer> {
  const { orders, supplier, lang, today } = task;
  const title =
    orders.length === 1
      ? `${deliveryNoteLabels[lang].title} ${orders[0]!.intern_id}`
      : deliveryNoteLabels[lang].title;
  const { doc, bytes } = newPdf({ title });
  orders.forEach((order, i) => {
    if (i > 0) doc.addPage();
    drawDeliveryNote(doc, order, supplier, lang, today);
  });
  doc.end();
  return bytes;
}

/** Draws the PDF a task describes; the same code runs in a worker thread or, in tests, here. */
export async function render(task: RenderTask): Promise<Buffer> {
  return task.kind === 'notes' ? notes(task) : ordersSheet(task);
}
