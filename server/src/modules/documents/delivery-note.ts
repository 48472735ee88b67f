import type { DeliveryNoteLanguage } from '@letokruh/contracts/documents';
import type { Order } from '@letokruh/contracts/orders';
import { groupIban } from '@letokruh/contracts/rules/bank-account';
import { isPersonalCollection } from '@letokruh/contracts/rules/collection';
import { roundMoney } from '@letokruh/contracts/rules/money';
import type { PaymentSupplier } from '../payments/payments.service.ts';
import {
  deliveryNoteLabels,
  formatAmount,
  formatDay,
  formatPrice,
  formatQuantity,
  type Labels,
  paymentLabels,
  unitLabels,
} from './labels.ts';
import { contentWidth, ensureSpace, type Pdf } from './pdf.ts';
import { drawTable } from './table.ts';

/** An order that can have a delivery note: with its customer and currency. */
export type NoteOrder = Omit<Order, 'files'> & {
  customer: NonNullable<Order['customer']>;
  currency: NonNullable<Order['currency']>;
};

/** "+420 607 123 456": the prefix, then the number in threes. */
export const formatPhone = (prefix: string, phone: string) =>
  `${prefix} ${phone.replace(/\s+/g, '').replace(/(\d{3})(?=\d)/g, '$1 ')}`.trim();

const gray = '#495057';

/** A framed block: a small grey caption and lines under it, the first in bold. */
function block(doc: Pdf, x: number, y: number, width: number, caption: string, lines: string[]): number {
  const pad = 6;
  let cy = y + pad;
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(gray)
    .text(caption, x + pad, cy, { width: width - 2 * pad });
  cy = doc.y + 2;
  lines.forEach((line, i) => {
    doc
      .font(i === 0 ? 'bold' : 'regular')
      .fontSize(i === 0 ? 10.5 : 9)
      .fillColor('black')
      .text(line, x + pad, cy, { width: width - 2 * pad });
    cy = doc.y + 1;
  });
  return cy + pad - y;
}

function header(doc: Pdf, order: NoteOrder, l: Labels, lang: DeliveryNoteLanguage, issuedDay: string) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(20)
    .fillColor('black')
    .text(l.title, left, top, { width: width / 2 });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(gray)
    .text(l.number, left + width / 2, top, { width: width / 2, align: 'right' });
  doc
    .font('bold')
    .fontSize(15)
    .fillColor('black')
    .text(String(order.intern_id), left + width / 2, doc.y, {
      width: width / 2,
      align: 'right',
    });
  doc.y = Math.max(doc.y, top + 28) + 6;
  const delivery = order.expected_delivery_date
    ? `${formatDay(order.expected_delivery_date, lang)}${order.expected_delivery_time ? ` ${order.expected_delivery_time}` : ''}`
    : '—';
  doc
    .font('regular')
    .fontSize(9)
    .text(`${l.issued}: ${formatDay(issuedDay, lang)}     ${l.delivery}: ${delivery}`, left, doc.y, {
      width,
    });
  doc.moveDown(0.8);
}

function parties(doc: Pdf, order: NoteOrder, supplier: PaymentSupplier, l: Labels) {
  const left = doc.page.margins.left;
  const gap = 15;
  const half = (contentWidth(doc) - gap) / 2;
  const c = order.customer;
  const customerLines = [
    c.name,
    ...(c.organization_name ? [c.organization_name] : []),
    ...(c.organization_id ? [`${l.organizationId}: ${c.organization_id}`] : []),
    `${l.phone}: ${formatPhone(c.pre_phone, c.phone)}`,
    ...(c.email ? [`${l.email}: ${c.email}`] : []),
  ];
  const supplierLines = [
    supplier.name,
    `${l.account}: ${supplier.bank_account}/${supplier.bank_code}`,
    `${l.iban}: ${groupIban(supplier.iban)}`,
  ];
  ensureSpace(doc, 110);
  const y = doc.y;
  const h = Math.max(
    block(doc, left, y, half, l.supplier, supplierLines),
    block(doc, left + half + gap, y, half, l.customer, customerLines),
  );
  doc.lineWidth(0.75).strokeColor('#868e96');
  doc.rect(left, y, half, h).stroke();
  doc.rect(left + half + gap, y, half, h).stroke();
  doc.y = y + h + 10;

  const a = order.address ?? c.address;
  const place = [a.full_address];
  if (a.town && !a.full_address.includes(a.town)) place.push(`${a.zip_code} ${a.town}`.trim());
  if (a.country) place.push(a.country);
  const warehouse = order.warehouse ? order.warehouse.name : '—';
  const width = contentWidth(doc);
  // Issue 14: a personal collection is fetched at the warehouse, nothing is delivered.
  if (isPersonalCollection(order)) {
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('black')
      .text(`${l.collectionAt}: `, left, doc.y, { continued: true, width });
    doc.font('regular').text(warehouse);
    doc.moveDown(0.8);
    return;
  }
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text(`${l.deliveryAddress}: `, left, doc.y, { continued: true, width });
  doc.font('regular').text(place.join(', '));
  doc.font('bold').text(`${l.warehouse}: `, { continued: true }).font('regular').text(warehouse);
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
        `${order.currency === 'CZK' ? 21 : 20} %`,
        money(order.delivery_price.price),
      ],
    });
  }
  drawTable(
    doc,
    [
      { header: l.item, width: 175 },
      { header: l.length, width: 50, align: 'right' },
      { header: l.amount, width: 65, align: 'right' },
      { header: l.unitPrice, width: 80, align: 'right' },
      { header: l.vat, width: 55, align: 'right' },
      { header: l.lineTotal, width: 90, align: 'right' },
    ],
    rows,
    { fontSize: 8.5 },
  );
  doc.moveDown(0.6);
}

function totals(doc: Pdf, order: NoteOrder, l: Labels, lang: DeliveryNoteLanguage) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const price = (v: number) => formatPrice(v, order.currency, lang);
  const lines: [string, string, boolean][] = [
    [l.withoutVat, price(order.total_price), false],
    [l.vatTotal, price(order.total_price_vat), false],
    [l.withVat, price(order.price_with_vat), true],
    [l.currency, order.currency, false],
  ];
  ensureSpace(doc, 70);
  for (const [label, value, bold] of lines) {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 11 : 9);
    doc.text(`${label}:`, left + width - 300, y, { width: 170, align: 'right' });
    doc.text(value, left + width - 125, y, { width: 125, align: 'right' });
  }
  doc.moveDown(0.6);
  const paid = order.collected_revenue_at ? ` – ${l.paid}` : '';
  const vs = order.payment_type === 'qr_transfer' ? `     ${l.variableSymbol}: ${order.intern_id}` : '';
  doc
    .font('bold')
    .fontSize(9)
    .text(`${l.payment}: `, left, doc.y, { continued: true, width })
    .font('regular')
    .text(`${paymentLabels[lang][order.payment_type]}${paid}${vs}`);
  if (order.note.trim()) {
    doc.moveDown(0.4);
    doc.font('bold').text(`${l.note}: `, { continued: true }).font('regular').text(order.note.trim());
  }
}

function signatures(doc: Pdf, l: Labels) {
  const left = doc.page.margins.left;
  const half = (contentWidth(doc) - 40) / 2;
  ensureSpace(doc, 90);
  const y = Math.max(doc.y + 45, doc.page.height - doc.page.margins.bottom - 30);
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
      .text(label, x, y + 4, { width: half, align: 'center' });
  }
  doc.fillColor('black');
}

/** One order's delivery note from the top of the current page (part 1 §2 delivery note modal). */
export function drawDeliveryNote(
  doc: Pdf,
  order: NoteOrder,
  supplier: PaymentSupplier,
  lang: DeliveryNoteLanguage,
  issuedDay: string,
): void {
  const l = deliveryNoteLabels[lang];
  header(doc, order, l, lang, issuedDay);
  parties(doc, order, supplier, l);
  items(doc, order, l, lang);
  totals(doc, order, l, lang);
  signatures(doc, l);
}
