import type { Order } from '@letokruh/contracts/orders';
import { isPersonalCollection } from '@letokruh/contracts/rules/collection';
import { formatDay } from '@letokruh/contracts/rules/format';
import type { Currency } from '@letokruh/contracts/rules/money';
import { formatPhone } from './delivery-note.ts';
import { formatPrice } from './labels.ts';
import { contentWidth, newPdf, type Pdf } from './pdf.ts';
import { type Column, drawTable } from './table.ts';

/**
 * The orders PDF of part 1 §2 (export orders): a warehouse's orders to deliver in a range of days,
 * one row each, in delivery order, on landscape A4 for the drivers' day. Czech only: the spec gives
 * this export no language.
 */

type SheetOrder = Omit<Order, 'files'>;

const payments = { cash: 'Hotově', qr_transfer: 'Převodem (QR)' } as const;
const units: Record<string, string> = { PRMS: 'PRMS', PRMR: 'PRMR' };
const noteMax = 300;

const columns: Column[] = [
  { header: 'Datum', width: 46 },
  { header: 'Čas', width: 28 },
  { header: 'Číslo', width: 52 },
  { header: 'Zákazník', width: 90 },
  { header: 'Telefon', width: 72 },
  { header: 'Adresa', width: 100 },
  { header: 'Řidič', width: 58 },
  { header: 'Auto', width: 58 },
  { header: 'Položky', width: 106 },
  { header: 'Celkem s DPH', width: 58, align: 'right' },
  { header: 'Platba', width: 58 },
  { header: 'Poznámka', width: 56 },
];

const quantity = (v: number) => new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 }).format(v);

function row(o: SheetOrder): string[] {
  const c = o.customer;
  const note = o.note.trim();
  return [
    o.expected_delivery_date ? formatDay(o.expected_delivery_date) : '',
    o.expected_delivery_time ?? '',
    String(o.intern_id),
    c ? [c.name, c.organization_name].filter(Boolean).join('\n') : '',
    c ? formatPhone(c.pre_phone, c.phone) : '',
    // Issue 14: a personal collection is fetched at the warehouse, not delivered to an address.
    isPersonalCollection(o) ? 'osobní odběr ve skladu' : (o.address?.full_address ?? ''),
    o.driver ? o.driver.name : 'osobní odběr',
    isPersonalCollection(o) ? '' : (o.car?.name ?? ''),
    o.products
      .map(
        (l) =>
          `${l.product.product.name}: ${quantity(l.amount)} ${units[l.product.product.measurement_unit] ?? ''}`,
      )
      .join('\n'),
    o.currency ? formatPrice(o.price_with_vat, o.currency, 'cs') : '',
    `${payments[o.payment_type]}${o.collected_revenue_at ? '\nzaplaceno' : ''}`,
    note.length > noteMax ? `${note.slice(0, noteMax - 1)}…` : note,
  ];
}

/** "Strana 1 / 3" at the foot of every page, written into the bottom margin without a page break. */
function pageNumbers(doc: Pdf) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(7)
      .fillColor('#495057')
      .text(`Strana ${i - start + 1} / ${count}`, doc.page.margins.left, doc.page.height - bottom + 8, {
        width: contentWidth(doc),
        align: 'right',
      });
    doc.page.margins.bottom = bottom;
  }
}

export type SheetInput = {
  warehouseName: string;
  from: string;
  to: string;
  orders: SheetOrder[];
  printed: string;
};

export async function ordersSheet(input: SheetInput): Promise<Buffer> {
  const days =
    input.from === input.to ? formatDay(input.from) : `${formatDay(input.from)} – ${formatDay(input.to)}`;
  const title = `Objednávky – ${input.warehouseName} – ${days}`;
  const { doc, bytes } = newPdf({ title, layout: 'landscape', margin: 30, bufferPages: true });
  doc.font('bold').fontSize(14).text(title);
  doc.font('regular').fontSize(8).fillColor('#495057').text(`Vytištěno ${input.printed}`).fillColor('black');
  doc.moveDown(0.6);

  if (input.orders.length)
    drawTable(
      doc,
      columns,
      input.orders.map((o) => ({ cells: row(o) })),
      { fontSize: 6.5 },
    );
  else doc.font('regular').fontSize(10).text('Žádné objednávky k rozvozu.');

  const sums = new Map<Currency, number>();
  for (const o of input.orders)
    if (o.currency) sums.set(o.currency, (sums.get(o.currency) ?? 0) + Math.round(o.price_with_vat * 100));
  const total = [...sums].map(([currency, minor]) => formatPrice(minor / 100, currency, 'cs')).join(' + ');
  doc.moveDown(0.6);
  doc
    .font('bold')
    .fontSize(9)
    .text(
      `Počet objednávek: ${input.orders.length}${total ? `     Celkem s DPH: ${total}` : ''}`,
      doc.page.margins.left,
    );
  pageNumbers(doc);
  doc.end();
  return bytes;
}
