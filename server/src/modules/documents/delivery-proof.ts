import type { DeliveryNoteLanguage } from '@letokruh/contracts/documents';
import { formatPragueTime, formatPrice, formatQuantity, type Labels, unitLabels } from './labels.ts';
import { contentWidth, ensureSpace, type Pdf, pageBottom } from './pdf.ts';

/**
 * What the driver recorded at the door (domain.md §2.11, decision 0067), as the delivery note prints
 * it: plain data (it crosses to the PDF worker), the signature as PNG bytes.
 */
export type NoteProof = {
  deliveredAt: string;
  receiverName: string;
  driver: string;
  position: { lat: number; lon: number; accuracy: number | null } | null;
  /** The lines delivered in another amount than ordered. */
  changed: { name: string; unit: string; ordered: number; delivered: number; reason: string }[];
  cashReceived: number | null;
  /** What the cash left to pay by transfer (domain.md §2.13); 0: nothing. */
  balance: number;
  currency: 'CZK' | 'EUR';
  signature: Uint8Array | null;
};

const gray = '#495057';
const signatureBox = { width: 150, height: 55 };

/**
 * "Doručeno a převzato": who received the goods, when and where, what differed from the order and
 * the cash the driver took, with the receiver's signature above the "received" line; the note of a
 * disputed delivery answers it alone.
 */
export function drawProof(doc: Pdf, proof: NoteProof, l: Labels, lang: DeliveryNoteLanguage): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const textWidth = width - signatureBox.width - 20;
  ensureSpace(doc, 110);
  doc.moveDown(0.6);
  const top = doc.y;
  doc.font('bold').fontSize(10).fillColor('black').text(l.delivered, left, top, { width: textWidth });
  const facts: [string, string][] = [
    [l.receivedBy, proof.receiverName],
    [l.deliveredAt, formatPragueTime(proof.deliveredAt, lang)],
    [l.driver, proof.driver || '—'],
  ];
  if (proof.position) {
    const { lat, lon, accuracy } = proof.position;
    facts.push([
      l.place,
      `${lat.toFixed(5)}, ${lon.toFixed(5)}${accuracy !== null ? ` (± ${Math.round(accuracy)} m)` : ''}`,
    ]);
  }
  if (proof.cashReceived !== null)
    facts.push([l.cashReceived, formatPrice(proof.cashReceived, proof.currency, lang)]);
  if (proof.balance > 0) facts.push([l.balance, formatPrice(proof.balance, proof.currency, lang)]);
  for (const [label, value] of facts) {
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(gray)
      .text(`${label}: `, left, doc.y, { width: textWidth, continued: true });
    doc.font('bold').fillColor('black').text(value);
  }
  if (proof.changed.length) {
    doc.moveDown(0.3);
    doc.font('bold').fontSize(8.5).text(`${l.changedLines}:`, left, doc.y, { width: textWidth });
    for (const line of proof.changed) {
      const unit = unitLabels[lang][line.unit] ?? line.unit;
      const amounts = `${l.orderedAmount} ${formatQuantity(line.ordered, lang)} ${unit}, ${l.deliveredAmount} ${formatQuantity(line.delivered, lang)} ${unit}`;
      doc.font('regular').text(`• ${line.name}: ${amounts}; ${l.reason}: ${line.reason}`, left + 6, doc.y, {
        width: textWidth - 6,
      });
    }
  }
  const textBottom = doc.y;
  // The signature at the right, its caption under it.
  const x = left + width - signatureBox.width;
  if (proof.signature) {
    doc.image(Buffer.from(proof.signature), x, top, {
      fit: [signatureBox.width, signatureBox.height],
      align: 'center',
    });
  }
  const line = top + signatureBox.height + 4;
  doc
    .lineWidth(0.75)
    .strokeColor('black')
    .moveTo(x, line)
    .lineTo(x + signatureBox.width, line)
    .stroke();
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(gray)
    .text(`${l.receiverSignature}: ${proof.receiverName}`, x, line + 3, {
      width: signatureBox.width,
      align: 'center',
    });
  doc.fillColor('black');
  doc.x = left;
  doc.y = Math.min(Math.max(textBottom, doc.y) + 8, pageBottom(doc));
}
