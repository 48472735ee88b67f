import { cashBalance } from '@letokruh/contracts/rules/delivered-money';
import { mayReadProof, type ProofReader } from '@letokruh/contracts/rules/proof-access';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { files, orderDeliveries, users } from '../../db/schema/index.ts';
import type { Storage } from '../../plugins/storage.ts';
import { findDeliveryLines } from '../driver/index.ts';
import type { NoteOrder } from './delivery-note.ts';
import type { NoteProof } from './delivery-proof.ts';

/**
 * Adds the proof of delivery to the notes of delivered, done orders (decision 0067): one read of the
 * deliveries with their drivers and signatures, one of their lines, then the signatures' bytes.
 * Only the proofs `reader` may read (domain.md §2.11, decision 0074): another driver's note of the
 * order prints the lines to sign, as before a delivery.
 */
export async function withProofs(
  db: DbOrTx,
  storage: Storage,
  notes: NoteOrder[],
  reader: ProofReader,
): Promise<NoteOrder[]> {
  // Delivered is done: an order the office set back to not done prints the lines to sign again.
  const ids = notes.filter((n) => n.done).map((n) => n.id);
  if (!ids.length) return notes;
  const byId = new Map(notes.map((n) => [n.id, n]));
  const found = await db
    .select({
      orderId: orderDeliveries.orderId,
      driverId: orderDeliveries.driverId,
      deliveredAt: orderDeliveries.deliveredAt,
      receiverName: orderDeliveries.receiverName,
      lat: orderDeliveries.gpsLat,
      lon: orderDeliveries.gpsLon,
      accuracy: orderDeliveries.gpsAccuracy,
      cash: orderDeliveries.cashReceived,
      firstName: users.firstName,
      lastName: users.lastName,
      signatureKey: files.storageKey,
    })
    .from(orderDeliveries)
    .leftJoin(users, eq(users.id, orderDeliveries.driverId))
    .leftJoin(
      files,
      and(
        eq(files.ownerType, 'delivery'),
        eq(files.ownerId, orderDeliveries.orderId),
        eq(files.fileType, 'signature'),
      ),
    )
    .where(
      and(
        inArray(orderDeliveries.orderId, ids),
        isNotNull(orderDeliveries.deliveredAt),
        isNull(orderDeliveries.voidedAt),
      ),
    );
  // The order's driver now, or the proof's own (the order may have gone to another since).
  const rows = found.filter((r) => mayReadProof(reader, byId.get(r.orderId)!.driver?.id, r.driverId));
  if (!rows.length) return notes;
  const delivered = rows.map((r) => r.orderId);
  // An order line's id is its own: the delivered amounts keyed by it, the notes by their order.
  const given = new Map((await findDeliveryLines(db, delivered)).map((g) => [g.orderItemId, g]));
  // The signatures read at once (an S3 store answers each in its own round trip).
  const signatures = await Promise.all(
    rows.map((r) => (r.signatureKey ? storage.get(r.signatureKey) : null)),
  );
  const proofs = new Map<number, NoteProof>();
  rows.forEach((row, i) => {
    const note = byId.get(row.orderId)!;
    // The order's lines hold the delivered amounts; the proof's lines the ordered ones (domain.md §2.13).
    const changed = note.products.flatMap((line) => {
      const ordered = given.get(line.id)?.orderedAmount ?? line.amount;
      if (ordered === line.amount) return [];
      const p = line.product.product;
      return [
        {
          name: p.name,
          unit: p.measurement_unit,
          ordered,
          delivered: line.amount,
          reason: given.get(line.id)!.reason,
        },
      ];
    });
    const signature = signatures[i];
    proofs.set(row.orderId, {
      deliveredAt: row.deliveredAt!.toISOString(),
      receiverName: row.receiverName,
      driver: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
      position:
        row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon, accuracy: row.accuracy },
      changed,
      cashReceived: row.cash,
      balance:
        note.payment_type === 'cash'
          ? cashBalance({ price_with_vat: note.price_with_vat, amount_due: note.amount_to_pay }, row.cash)
              .balance
          : 0,
      currency: note.currency,
      signature: signature ? new Uint8Array(signature) : null,
    });
  });
  return notes.map((n) => (proofs.has(n.id) ? { ...n, proof: proofs.get(n.id)! } : n));
}
