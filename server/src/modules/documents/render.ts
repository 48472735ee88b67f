import type { DeliveryNoteLanguage } from '@letokruh/contracts/documents';
import { drawDeliveryNote, type NoteOrder, noteHeading } from './delivery-note.ts';
import { deliveryNoteLabels } from './labels.ts';
import { ordersSheet, type SheetInput } from './orders-sheet.ts';
import type { NoteSupplier } from './parties.ts';
import { newPdf, writeFooter } from './pdf.ts';

/**
 * What a PDF worker is asked to draw: plain data only (it crosses to a worker thread by
 * structured clone), everything read from the database and the clock before.
 */
export type RenderTask =
  | {
      kind: 'notes';
      orders: NoteOrder[];
      supplier: NoteSupplier;
      lang: DeliveryNoteLanguage;
      /** The Prague day the notes are printed on. */
      today: string;
    }
  | ({ kind: 'ordersSheet' } & SheetInput);

/**
 * Delivery notes, one or many, each from a new page. Every page's footer names its note and says
 * "Strana n z m" counted within that note (decision 0041), written once all pages are drawn.
 */
async function notes(task: Extract<RenderTask, { kind: 'notes' }>): Promise<Buffer> {
  const { orders, supplier, lang, today } = task;
  const l = deliveryNoteLabels[lang];
  const title = orders.length === 1 ? noteHeading(orders[0]!, l) : l.title;
  const { doc, bytes } = newPdf({ title, bufferPages: true });
  const firstPages: number[] = [];
  orders.forEach((order, i) => {
    if (i > 0) doc.addPage();
    firstPages.push(doc.bufferedPageRange().count - 1);
    drawDeliveryNote(doc, order, supplier, lang, today);
  });
  const pages = doc.bufferedPageRange().count;
  orders.forEach((order, i) => {
    const first = firstPages[i]!;
    const count = (firstPages[i + 1] ?? pages) - first;
    const footer = `${noteHeading(order, l)} · ${supplier.name}`;
    for (let n = 1; n <= count; n++)
      writeFooter(doc, first + n - 1, footer, `${l.page} ${n} ${l.of} ${count}`);
  });
  doc.end();
  return bytes;
}

/** Draws the PDF a task describes; the same code runs in a worker thread or, in tests, here. */
export async function render(task: RenderTask): Promise<Buffer> {
  return task.kind === 'notes' ? notes(task) : ordersSheet(task);
}
