import type { DeliveryNoteLanguage } from '@letokruh/contracts/documents';
import type { Order } from '@letokruh/contracts/orders';
import { isPersonalCollection } from '@letokruh/contracts/rules/collection';
import { roundMoney } from '@letokruh/contracts/rules/money';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { drawProof, type NoteProof } from './delivery-proof.ts';
import {
  deliveryNoteLabels,
  formatAmount,
  formatDay,
  formatPrice,
  formatQuantity,
  formatSignedPrice,
  type Labels,
  paymentLabels,
  unitLabels,
} from './labels.ts';
import { deliveryVatOf, type NotePrices, notePrices } from './note-prices.ts';
import {
  addressLines,
  customerLines,
  drawBlocks,
  type NoteCustomer,
  type NoteSupplier,
  supplierLines,
} from './parties.ts';
import { contentWidth, ensureSpace, type Pdf, pageBottom } from './pdf.ts';
import { drawTable } from './table.ts';

/** An order that can have a delivery note: with its customer (and the customer's DIČ) and currency. */
export type NoteOrder = Omit<Order, 'files' | 'customer' | 'currency'> & {
  customer: NoteCustomer;
  currency: NonNullable<Order['currency']>;
  /** The driver's proof of delivery, when one was recorded (decision 0067). */
  proof?: NoteProof;
};

const gray = '#495057';
const rule = '#adb5bd';

/** pdfkit's text state, which a header drawn in the middle of a flowing text must leave as it was. */
type TextState = { _font: unknown; _fontSize: number; _fillColor: [unknown, number] | undefined };

/** "Dodací list 2026000280": what every page of a note repeats, at its top and in its footer. */
export const noteHeading = (order: Pick<NoteOrder, 'intern_id'>, l: Labels) =>
  `${l.title} ${order.intern_id}`;

/**
 * Decision 0041: on every further page of a note, the title and the order number (then the table's own
 * header, when a table goes on). Runs on pdfkit's pageAdded, also in the middle of a flowing note.
 */
function continuationHeader(doc: Pdf, order: NoteOrder, l: Labels) {
  const state = doc as unknown as TextState;
  const saved = { font: state._font, size: state._fontSize, fill: state._fillColor, x: doc.x };
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.page.margins.top;
  doc
    .font('bold')
    .fontSize(11)
    .fillColor('black')
    .text(noteHeading(order, l), left, top, { width, lineBreak: false });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(gray)
    .text(`${l.continued}`, left, top + 2, { width, align: 'right', lineBreak: false });
  doc
    .lineWidth(0.75)
    .strokeColor(rule)
    .moveTo(left, top + 17)
    .lineTo(left + width, top + 17)
    .stroke();
  state._font = saved.font;
  doc.fontSize(saved.size);
  if (saved.fill) doc.fillColor(saved.fill[0] as string, saved.fill[1]);
  doc.x = saved.x;
  doc.y = top + 26;
}

/** "Label: value" with the value in bold, at (x, y) in a column `width` wide. */
function labelled(doc: Pdf, x: number, y: number, width: number, label: string, value: string) {
  doc.font('regular').fontSize(9).fillColor(gray).text(`${label}: `, x, y, { width, continued: true });
  doc.font('bold').fillColor('black').text(value);
}

function header(doc: Pdf, order: NoteOrder, l: Labels, lang: DeliveryNoteLanguage, issuedDay: string) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(22)
    .fillColor('black')
    .text(l.title, left, top, { width: width / 2 });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(gray)
    .text(l.number, left + width / 2, top, { width: width / 2, align: 'right' });
  doc
    .font('bold')
    .fontSize(16)
    .fillColor('black')
    .text(String(order.intern_id), left + width / 2, doc.y, { width: width / 2, align: 'right' });
  const y = Math.max(doc.y, top + 30) + 4;
  doc
    .lineWidth(1.2)
    .strokeColor('black')
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  const delivery = order.expected_delivery_date
    ? `${formatDay(order.expected_delivery_date, lang)}${order.expected_delivery_time ? ` ${order.expected_delivery_time}` : ''}`
    : '—';
  const third = width / 3;
  const dates: [string, string][] = [
    [l.issued, formatDay(issuedDay, lang)],
    [l.ordered, formatDay(pragueDay(new Date(order.created)), lang)],
    [l.delivery, delivery],
  ];
  dates.forEach(([label, value], i) => {
    labelled(doc, left + i * third, y + 7, third, label, value);
  });
  doc.y = y + 24;
}

function parties(doc: Pdf, order: NoteOrder, supplier: NoteSupplier, l: Labels, lang: DeliveryNoteLanguage) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  doc.y = drawBlocks(doc, doc.y, [
    [l.supplier, supplierLines(supplier, l, lang)],
    [l.customer, customerLines(order.customer, l, lang)],
  ]);
  doc.y += 10;
  const warehouse = order.warehouse ? order.warehouse.name : '—';
  // Decision 0031: a personal collection is fetched at the warehouse, nothing is delivered.
  if (isPersonalCollection(order)) {
    labelled(doc, left, doc.y, width, l.collectionAt, warehouse);
  } else {
    const a = order.address ?? order.customer.address;
    const place = [...addressLines(a), a.country].filter(Boolean).join(', ');
    labelled(doc, left, doc.y, width, l.deliveryAddress, place);
    labelled(doc, left, doc.y + 2, width, l.warehouse, warehouse);
  }
  doc.moveDown(0.8);
}

function items(doc: Pdf, order: NoteOrder, l: Labels, lang: DeliveryNoteLanguage) {
  const money = (v: number) => formatAmount(v, lang);
  const rows = order.products.map((line) => {
    const p = line.product;
    const discount =
      p.discount < 1 ? ` (${l.discount} ${formatQuantity(roundMoney((1 - p.discount) * 100), lang)} %)` : '';
    return {
      cells: [
        `${p.product.name}${discount}`,
        p.product.length ? `${formatQuantity(p.product.length, lang)} cm` : '',
        `${formatQuantity(line.amount, lang)} ${unitLabels[lang][p.product.measurement_unit] ?? p.product.measurement_unit}`,
        money(p.amount),
        `${p.vat} %`,
        money(line.total_price_vat),
      ],
    };
  });
  if (order.delivery_price.price > 0) {
    const km = order.expected_travel_length
      ? ` (${formatQuantity(order.expected_travel_length, lang)} km)`
      : '';
    rows.push({
      cells: [
        `${l.transport}${km}`,
        '',
        '',
        '',
        `${deliveryVatOf(order)} %`,
        money(order.delivery_price.price),
      ],
    });
  }
  drawTable(
    doc,
    [
      { header: l.item, width: 185 },
      { header: l.length, width: 45, align: 'right' },
      { header: l.amount, width: 65, align: 'right' },
      { header: l.unitPrice, width: 80, align: 'right' },
      { header: l.vat, width: 45, align: 'right' },
      { header: l.lineTotal, width: 95, align: 'right' },
    ],
    rows,
    { fontSize: 8.5 },
  );
  doc.moveDown(0.8);
}

/** The recapitulation per rate on the left, the sums and what to pay on the right (decision 0038). */
function totals(doc: Pdf, order: NoteOrder, prices: NotePrices, l: Labels, lang: DeliveryNoteLanguage) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const money = (v: number) => formatAmount(v, lang);
  const price = (v: number) => formatPrice(v, order.currency, lang);
  const sums: [string, string, 'regular' | 'bold' | 'big'][] = [
    [l.withoutVat, price(prices.base), 'regular'],
    [l.vatTotal, price(prices.vat), 'regular'],
    [l.withVat, price(prices.total), prices.rounding ? 'bold' : 'big'],
  ];
  if (prices.rounding) {
    sums.push([l.rounding, formatSignedPrice(prices.rounding, order.currency, lang), 'regular']);
    sums.push([l.toPay, price(prices.to_pay), 'big']);
  }
  const recapRows = prices.recap.length + 2;
  ensureSpace(doc, Math.max(16 + recapRows * 15, sums.length * 16) + 10);
  const top = doc.y;

  doc.font('bold').fontSize(8).fillColor(gray).text(l.recap.toUpperCase(), left, top, { width: 280 });
  doc.y = top + 12;
  drawTable(
    doc,
    [
      { header: l.rate, width: 50, align: 'right' },
      { header: l.base, width: 80, align: 'right' },
      { header: l.recapVat, width: 70, align: 'right' },
      { header: l.recapTotal, width: 80, align: 'right' },
    ],
    [
      ...prices.recap.map((r) => ({ cells: [`${r.rate} %`, money(r.base), money(r.vat), money(r.total)] })),
      { cells: [l.recapTotal, money(prices.base), money(prices.vat), money(prices.total)], bold: true },
    ],
    { fontSize: 8 },
  );
  const recapBottom = doc.y;

  let y = top;
  const x = left + 300;
  const box = width - 300;
  for (const [label, value, style] of sums) {
    const size = style === 'big' ? 11 : 9;
    doc
      .font(style === 'regular' ? 'regular' : 'bold')
      .fontSize(size)
      .fillColor('black');
    if (style === 'big') {
      doc.rect(x, y - 4, box, size + 9).fill('#e9ecef');
      doc.fillColor('black');
    }
    // Label and value share the box's width: a long German label leaves the value its right end.
    doc.text(`${label}:`, x + 5, y, { lineBreak: false });
    doc.text(value, x + 5, y, { width: box - 10, align: 'right', lineBreak: false });
    y += size + (style === 'big' ? 11 : 6);
  }
  doc.x = left;
  doc.y = Math.max(recapBottom, y) + 10;
}

function payment(doc: Pdf, order: NoteOrder, l: Labels, lang: DeliveryNoteLanguage) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const paid = order.collected_revenue_at ? ` – ${l.paid}` : '';
  const vs = order.payment_type === 'qr_transfer' ? `     ${l.variableSymbol}: ${order.intern_id}` : '';
  ensureSpace(doc, 14);
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text(`${l.payment}: `, left, doc.y, { continued: true, width })
    .font('regular')
    .text(`${paymentLabels[lang][order.payment_type]}${paid}${vs}`);
  const note = order.note.trim();
  if (note) {
    doc.moveDown(0.4);
    ensureSpace(doc, 14);
    // A long note flows onto further pages, each with the note's heading (continuationHeader).
    doc.font('bold').text(`${l.note}: `, left, doc.y, { continued: true, width }).font('regular').text(note);
  }
}

function signatures(doc: Pdf, l: Labels) {
  const left = doc.page.margins.left;
  const half = (contentWidth(doc) - 40) / 2;
  ensureSpace(doc, 70);
  const y = Math.max(doc.y + 45, pageBottom(doc) - 20);
  doc.lineWidth(0.75).strokeColor('black');
  for (const [x, label] of [
    [left, l.handedOver],
    [left + half + 40, l.received],
  ] as const) {
    doc
      .moveTo(x, y)
      .lineTo(x + half, y)
      .stroke();
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(gray)
      .text(label, x, y + 4, { width: half, align: 'center', lineBreak: false });
  }
  doc.fillColor('black');
}

/**
 * One order's delivery note from the top of the current page (domain.md §1.2 delivery note modal): the
 * identity of both parties, the order's number and dates, the lines, the VAT recapitulation and,
 * for CZK cash, the amount rounded to whole crowns (decision 0038). Page footers are the caller's.
 */
export function drawDeliveryNote(
  doc: Pdf,
  order: NoteOrder,
  supplier: NoteSupplier,
  lang: DeliveryNoteLanguage,
  issuedDay: string,
): void {
  const l = deliveryNoteLabels[lang];
  const onPage = () => continuationHeader(doc, order, l);
  doc.on('pageAdded', onPage);
  try {
    header(doc, order, l, lang, issuedDay);
    parties(doc, order, supplier, l, lang);
    items(doc, order, l, lang);
    totals(doc, order, notePrices(order), l, lang);
    payment(doc, order, l, lang);
    // A delivered order prints its proof; one not yet delivered, the lines to sign by hand.
    if (order.proof) drawProof(doc, order.proof, l, lang);
    else signatures(doc, l);
  } finally {
    doc.off('pageAdded', onPage);
  }
}
