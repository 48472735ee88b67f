import { randomUUID } from 'node:crypto';
import type { DeliveryRecordInput } from '@letokruh/contracts/delivery';
import QRCode from 'qrcode';
import type { Client } from './build.ts';

/** A real PNG (pdfkit embeds it in the delivery note): a QR code stands in for a drawn signature. */
export const signaturePng = (text = 'podpis') => QRCode.toBuffer(text, { width: 120, margin: 1 });

/** The smallest bytes that are a JPEG by their magic (the store checks type, not pixels). */
export const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);

export type ProofPart = { field: string; data: Buffer | string; name: string; type: string };

/** The multipart body of POST /driver/order/:id/delivered, as the phone sends it. */
export async function deliveryForm(
  record: Partial<DeliveryRecordInput> | string,
  parts: ProofPart[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('delivery', typeof record === 'string' ? record : JSON.stringify(deliveryRecord(record)));
  for (const p of parts) {
    const bytes = typeof p.data === 'string' ? p.data : new Uint8Array(p.data);
    form.append(p.field, new Blob([bytes], { type: p.type }), p.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

export const deliveryRecord = (over: Partial<DeliveryRecordInput> = {}): DeliveryRecordInput => ({
  key: randomUUID(),
  at: new Date().toISOString(),
  receiver_name: 'Jana Nováková',
  position: { lat: 49.3961, lon: 15.5912, accuracy: 12 },
  lines: [],
  cash_received: null,
  note: '',
  ...over,
});

export const signaturePart = async (): Promise<ProofPart> => ({
  field: 'signature',
  data: await signaturePng(),
  name: 'signature.png',
  type: 'image/png',
});
export const photoPart = (data: Buffer = jpeg): ProofPart => ({
  field: 'photo',
  data,
  name: 'foto.jpg',
  type: 'image/jpeg',
});

/** The driver's phone records the delivery of an order: a signature and `photos` photos. */
export async function deliver(
  c: Client,
  orderId: number,
  record: Partial<DeliveryRecordInput> = {},
  photos = 1,
) {
  const parts = [await signaturePart(), ...Array.from({ length: photos }, () => photoPart())];
  const form = await deliveryForm(deliveryRecord(record), parts);
  return c.post(`/api/driver/order/${orderId}/delivered`, form.payload, { headers: form.headers });
}
