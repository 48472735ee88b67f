import type { Order } from '@letokruh/contracts/orders';
import { isPersonalCollection } from '@letokruh/contracts/rules/collection';
import { formatDay, formatPhone } from '@letokruh/contracts/rules/format';
import { numberFormat } from '@letokruh/contracts/rules/intl';
import type { Currency } from '@letokruh/contracts/rules/money';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { cashToPay } from '@letokruh/contracts/rules/vat';
import type { SupplierIdentity } from './documents.queries.ts';
import { deliveryNoteLabels, formatPrice, formatSignedPrice } from './labels.ts';
import { type BlockLine, drawBlocks, idsLines, type NoteCustomer, supplierLines } from './parties.ts';
import { contentWidth, newPdf, type Pdf, writeFooter } from './pdf.ts';
import { type Column, drawTable } from './table.ts';

/**
 * The orders PDF of domain.md §1.2 (export orders): a warehouse's orders to deliver in a range of days,
 * one row each, in delivery order, on landscape A4 for the drivers' day. Czech only: domain.md gives
 * this export no language. Decision 0041: the suppliers of the listed orders (their default supplier:
 * the export names none) head the first page, each row carries the order's number and date and the
 * customer's IČO/DIČ, and CZK cash shows the amount to collect in whole crowns.
 */

type SheetOrder = Omit<Order, 'files' | 'customer'> & { customer: NoteCustomer | null };

const l = deliveryNoteLabels.cs;
const payments = { cash: 'Hotově', qr_transfer: 'Převodem (QR)' } as const;
const units: Record<string, string> = { PRMS: 'PRMS', PRMR: 'PRMR' };
const noteMax = 300;
const itemsMax = 12;
/** Supplier blocks side by side at most; more suppliers are named in the rows only. */
const blocksMax = 3;

const columns: Column[] = [
  { header: 'Dodání', width: 50 },
  { header: 'Objednávka', width: 64 },
  { header: 'Zákazník', width: 116 },
  { header: 'Telefon', width: 72 },
  { header: 'Adresa', width: 100 },
  { header: 'Řidič / auto', width: 68 },
  { header: 'Položky', width: 112 },
  { header: 'Celkem s DPH', width: 62, align: 'right' },
  { header: 'Platba', width: 70 },
  { header: 'Poznámka', width: 68 },
];

const quantity = (v: number) => numberFormat('cs-CZ', { maximumFractionDigits: 2 }).format(v);

function customerCell(c: NoteCustomer | null): string {
  if (!c) return '';
  const person = `${c.first_name} ${c.last_name}`.trim() || c.name;
  return [c.organization_name, person, ...idsLines(c.organization_id, c.vat_id, l, false)]
    .filter(Boolean)
    .join('\n');
}

function paymentCell(o: SheetOrder): string {
  const lines: string[] = [payments[o.payment_type]];
  if (o.currency) {
    const cash = cashToPay(o.price_with_vat, o.currency, o.pay_by_cash);
    if (cash.rounding)
      lines.push(
        'K úhradě:',
        formatPrice(cash.to_pay, o.currency, 'cs'),
        `(zaokr. ${formatSignedPrice(cash.rounding, o.currency, 'cs')})`,
      );
  }
  if (o.collected_revenue_at) lines.push('zaplaceno');
  return lines.join('\n');
}

/** The lines of an order, at most `itemsMax` of them: a row never outgrows a page. */
function itemsCell(o: SheetOrder): string {
  const lines = o.products.map(
    (line) =>
      `${line.product.product.name}: ${quantity(line.amount)} ${units[line.product.product.measurement_unit] ?? ''}`,
  );
  if (lines.length <= itemsMax) return lines.join('\n');
  // More than itemsMax (≥ 5) lines: the Czech plural is always "položek".
  return [...lines.slice(0, itemsMax - 1), `… celkem ${lines.length} položek`].join('\n');
}

function row(o: SheetOrder, supplierNames: boolean): string[] {
  const note = o.note.trim();
  const collection = isPersonalCollection(o);
  return [
    [o.expected_delivery_date ? formatDay(o.expected_delivery_date) : '', o.expected_delivery_time ?? '']
      .filter(Boolean)
      .join('\n'),
    [
      String(o.intern_id),
      formatDay(pragueDay(new Date(o.created))),
      supplierNames && o.default_supplier ? o.default_supplier.name : '',
    ]
      .filter(Boolean)
      .join('\n'),
    customerCell(o.customer),
    o.customer ? formatPhone(`${o.customer.pre_phone}${o.customer.phone}`) : '',
    // Decision 0031: a personal collection is fetched at the warehouse, not delivered to an address.
    collection ? 'osobní odběr ve skladu' : (o.address?.full_address ?? ''),
    collection ? 'osobní odběr' : [o.driver?.name, o.car?.name].filter(Boolean).join('\n'),
    itemsCell(o),
    o.currency ? formatPrice(o.price_with_vat, o.currency, 'cs') : '',
    paymentCell(o),
    note.length > noteMax ? `${note.slice(0, noteMax - 1)}…` : note,
  ];
}

export type SheetInput = {
  warehouseName: string;
  from: string;
  to: string;
  orders: SheetOrder[];
  /** The default suppliers of the orders, with their identity. */
  suppliers: SupplierIdentity[];
  printed: string;
};

/** The title again on every further page, above the table's repeated header. */
function continuation(doc: Pdf, title: string) {
  const top = doc.page.margins.top;
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text(`${title} (pokračování)`, doc.page.margins.left, top, {
      width: contentWidth(doc),
      lineBreak: false,
    });
  doc.y = top + 16;
}

function sumsByCurrency(values: [Currency | null, number][]): string {
  const sums = new Map<Currency, number>();
  for (const [currency, value] of values)
    if (currency) sums.set(currency, (sums.get(currency) ?? 0) + Math.round(value * 100));
  return [...sums].map(([currency, minor]) => formatPrice(minor / 100, currency, 'cs')).join(' + ');
}

export async function ordersSheet(input: SheetInput): Promise<Buffer> {
  const days =
    input.from === input.to ? formatDay(input.from) : `${formatDay(input.from)} – ${formatDay(input.to)}`;
  const title = `Objednávky – ${input.warehouseName} – ${days}`;
  const { doc, bytes } = newPdf({ title, layout: 'landscape', margin: 30, bufferPages: true });
  doc.font('bold').fontSize(14).text(title);
  doc.font('regular').fontSize(8).fillColor('#495057').text(`Vytištěno ${input.printed}`).fillColor('black');
  doc.moveDown(0.6);
  const shown = input.suppliers.slice(0, blocksMax);
  if (shown.length) {
    const blocks = shown.map((s): [string, BlockLine[]] => [
      l.supplier,
      supplierLines(s, l, 'cs', { account: false }),
    ]);
    const width = shown.length === 1 ? contentWidth(doc) / 2 : contentWidth(doc);
    const right = doc.page.margins.right;
    // One supplier takes the left half, as on the notes; several share the width.
    doc.page.margins.right += contentWidth(doc) - width;
    doc.y = drawBlocks(doc, doc.y, blocks);
    doc.page.margins.right = right;
    doc.moveDown(0.8);
  }

  const onPage = () => continuation(doc, title);
  doc.on('pageAdded', onPage);
  if (input.orders.length)
    drawTable(
      doc,
      columns,
      input.orders.map((o) => ({ cells: row(o, input.suppliers.length > 1) })),
      { fontSize: 6.5 },
    );
  else doc.font('regular').fontSize(10).text('Žádné objednávky k rozvozu.', doc.page.margins.left);

  const total = sumsByCurrency(input.orders.map((o) => [o.currency, o.price_with_vat]));
  const cash = sumsByCurrency(
    input.orders
      .filter((o) => o.pay_by_cash && !o.collected_revenue_at)
      .map((o) => [o.currency, o.currency ? cashToPay(o.price_with_vat, o.currency, true).to_pay : 0]),
  );
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(9)
    .text(
      [
        `Počet objednávek: ${input.orders.length}`,
        total && `Celkem s DPH: ${total}`,
        cash && `Vybrat v hotovosti: ${cash}`,
      ]
        .filter(Boolean)
        .join('     '),
      doc.page.margins.left,
    );
  doc.off('pageAdded', onPage);
  const { count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) writeFooter(doc, i, title, `${l.page} ${i + 1} ${l.of} ${count}`);
  doc.end();
  return bytes;
}
