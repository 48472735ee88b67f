import type { DeliveryNoteLanguage } from '@letokruh/contracts/documents';
import type { Order } from '@letokruh/contracts/orders';
import { groupIban } from '@letokruh/contracts/rules/bank-account';
import { formatPhone } from '@letokruh/contracts/rules/format';
import type { PaymentSupplier } from '../payments/payments.service.ts';
import type { SupplierIdentity } from './documents.queries.ts';
import { countryName, type Labels } from './labels.ts';
import { contentWidth, type Pdf } from './pdf.ts';

/**
 * The supplier and customer blocks of the documents (decision 0041, domain.md §4.3 "What a delivery note and
 * a tax document show"): name, address, IČO, DIČ, whether the supplier pays VAT, its register entry.
 */

/** The supplier of a delivery note: its identity and the account the customer pays to. */
export type NoteSupplier = PaymentSupplier & SupplierIdentity;

/** A customer with its DIČ (customers.vat_id, read by the documents service). */
export type NoteCustomer = NonNullable<Order['customer']> & { vat_id: string };

export type BlockLine = { text: string; style?: 'bold' | 'small' };

/** "Husova 12, 586 01 Jihlava": the street, then the post code and town unless the street has them. */
export function addressLines(a: { full_address: string; town: string; zip_code: string }): string[] {
  const street = a.full_address.trim();
  const town = `${a.zip_code} ${a.town}`.trim();
  return [street, a.town && !street.includes(a.town) ? town : ''].filter(Boolean);
}

/**
 * "IČO: 12345678   DIČ: CZ12345678", each only when present: on one line in Czech, on two with the
 * longer German labels (they would wrap in a block).
 */
export function idsLines(
  ico: string,
  dic: string,
  l: Pick<Labels, 'organizationId' | 'vatId'>,
  oneLine: boolean,
): string[] {
  const ids = [ico && `${l.organizationId}: ${ico}`, dic && `${l.vatId}: ${dic}`].filter(Boolean);
  return oneLine && ids.length ? [ids.join('   ')] : ids;
}

export function supplierLines(
  s: SupplierIdentity & Partial<PaymentSupplier>,
  l: Labels,
  lang: DeliveryNoteLanguage,
  options: { account: boolean } = { account: true },
): BlockLine[] {
  const lines: BlockLine[] = [{ text: s.name, style: 'bold' }];
  for (const text of addressLines(s)) lines.push({ text });
  // A Czech reader knows the country; a German one is told it, as is anyone for a foreign seat.
  if (s.country && (s.country !== 'CZ' || lang !== 'cs')) lines.push({ text: countryName(s.country, lang) });
  for (const text of idsLines(s.ico, s.dic, l, lang === 'cs')) lines.push({ text });
  // Only a VAT payer prints "plátce DPH" (domain.md §4.2); one with an IČO is said not to be.
  if (s.vat_payer || s.ico) lines.push({ text: s.vat_payer ? l.vatPayer : l.notVatPayer });
  if (s.register_entry) lines.push({ text: s.register_entry, style: 'small' });
  if (s.phone) lines.push({ text: `${l.phone}: ${formatPhone(s.phone)}` });
  if (s.email) lines.push({ text: `${l.email}: ${s.email}` });
  if (options.account && s.bank_account && s.bank_code) {
    lines.push({ text: `${l.account}: ${s.bank_account}/${s.bank_code}` });
    if (s.iban) lines.push({ text: `${l.iban}: ${groupIban(s.iban)}` });
  }
  return lines;
}

export function customerLines(c: NoteCustomer, l: Labels, lang: DeliveryNoteLanguage): BlockLine[] {
  const person = `${c.first_name} ${c.last_name}`.trim() || c.name;
  const lines: BlockLine[] = c.organization_name
    ? [{ text: c.organization_name, style: 'bold' }, { text: person }]
    : [{ text: person, style: 'bold' }];
  for (const text of addressLines(c.address)) lines.push({ text });
  if (c.address.country) lines.push({ text: c.address.country });
  for (const text of idsLines(c.organization_id, c.vat_id, l, lang === 'cs')) lines.push({ text });
  lines.push({ text: `${l.phone}: ${formatPhone(`${c.pre_phone}${c.phone}`)}` });
  if (c.email) lines.push({ text: `${l.email}: ${c.email}` });
  return lines;
}

const gray = '#495057';

/** A block's height and drawing: a small grey caption, then its lines. */
export function drawBlock(
  doc: Pdf,
  x: number,
  y: number,
  width: number,
  caption: string,
  lines: BlockLine[],
  draw = true,
): number {
  const pad = 7;
  const inner = width - 2 * pad;
  let cy = y + pad;
  const put = (text: string, font: 'regular' | 'bold', size: number, color: string) => {
    doc.font(font).fontSize(size);
    if (draw) doc.fillColor(color).text(text, x + pad, cy, { width: inner });
    cy += doc.heightOfString(text, { width: inner }) + 1.5;
  };
  put(caption.toUpperCase(), 'bold', 7, gray);
  cy += 1.5;
  for (const line of lines) {
    if (line.style === 'bold') put(line.text, 'bold', 10.5, 'black');
    else if (line.style === 'small') put(line.text, 'regular', 7.5, gray);
    else put(line.text, 'regular', 9, 'black');
  }
  doc.fillColor('black');
  return cy + pad - 1.5 - y;
}

/** Two framed blocks side by side, as high as the higher; answers the y under them. */
export function drawBlocks(
  doc: Pdf,
  y: number,
  blocks: [caption: string, lines: BlockLine[]][],
  gap = 14,
): number {
  const left = doc.page.margins.left;
  const width = (contentWidth(doc) - gap * (blocks.length - 1)) / blocks.length;
  const height = Math.max(
    ...blocks.map(([c, lines], i) => drawBlock(doc, left + i * (width + gap), y, width, c, lines, false)),
  );
  blocks.forEach(([caption, lines], i) => {
    const x = left + i * (width + gap);
    doc.lineWidth(0.75).strokeColor('#868e96').rect(x, y, width, height).stroke();
    drawBlock(doc, x, y, width, caption, lines);
  });
  return y + height;
}
