import {
  type DeliveredMoneyAnswer,
  type DeliveryProof,
  type DeliveryRecord,
  deliveryRecordSchema,
  type OnTheWayBody,
} from '@letokruh/contracts/delivery';
import type { DriverStop } from '@letokruh/contracts/driver';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { QrPayment } from '@letokruh/contracts/payments';
import {
  cashBalance,
  checkCash,
  type DeliveredMoney,
  deliveredMoney,
} from '@letokruh/contracts/rules/delivered-money';
import { deliveryFileLimits } from '@letokruh/contracts/rules/delivery-files';
import type { Currency } from '@letokruh/contracts/rules/money';
import { deliveryPrice } from '@letokruh/contracts/rules/order-price';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError, badInput, conflict, notFound } from '../../plugins/errors.ts';
import { readForm } from '../../plugins/multipart.ts';
import type { Storage } from '../../plugins/storage.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { toFileItem } from '../files/files.service.ts';
import * as files from '../files/index.ts';
import * as orderQ from '../orders/index.ts';
import { takenBy } from '../orders/transitions/transitions.service.ts';
import { qrPayment } from '../payments/payments.service.ts';
import * as q from './delivery.queries.ts';
import { driverStops } from './driver.service.ts';
import { mayReadProof, type ProofReader } from './proof-access.ts';

/** The phone's clock may be behind (an action queued offline for days) but hardly ahead. */
const maxAgeMs = 7 * 24 * 3600_000;
const maxAheadMs = 10 * 60_000;

const delivered = () => new AppError(409, ErrorCode.orderDelivered, 'The order is delivered already');

function actionTime(at: string): Date {
  const when = new Date(at);
  const now = Date.now();
  if (when.getTime() < now - maxAgeMs || when.getTime() > now + maxAheadMs) {
    throw badInput('The time of the action is more than a week back or ahead of the server', ['at']);
  }
  return when;
}

/** The order as its driver may act on it: another driver's, a draft or no order is a 404. */
async function ownOrder(tx: Tx, orderId: number, driverId: number): Promise<orderQ.OrderRow> {
  const order = await orderQ.findOrder(tx, orderId, { lock: true });
  if (!order || order.driverId !== driverId || orderQ.isDraft(order)) throw notFound('Order not found');
  return order;
}

type Action = { key: string; userId: number; orderId: number; action: q.DriverAction };

/**
 * A key seen before: the same action sent again (the phone's queue retrying) is answered as done
 * and writes nothing; a key of another action is the client's mistake (409).
 */
async function isReplay(db: DbOrTx, action: Action): Promise<boolean> {
  const seen = await q.findKey(db, action.key);
  if (!seen) return false;
  if (seen.userId !== action.userId || seen.orderId !== action.orderId || seen.action !== action.action) {
    throw conflict('The idempotency key was used for another action');
  }
  return true;
}

async function stopOf(db: DbOrTx, orderId: number): Promise<DriverStop> {
  const [stop] = await driverStops(db, [orderId]);
  if (!stop) throw notFound('Order not found');
  return stop;
}

/** POST /driver/order/:id/on_the_way: the driver set off to the customer (optional step). */
export async function recordOnTheWay(db: Db, driverId: number, orderId: number, body: OnTheWayBody) {
  const at = actionTime(body.at);
  const action: Action = { key: body.key, userId: driverId, orderId, action: 'on_the_way' };
  await db.transaction(async (tx) => {
    const order = await ownOrder(tx, orderId, driverId);
    if (!(await q.claimKey(tx, action))) {
      await isReplay(tx, action);
      return;
    }
    if (order.hidden) throw new AppError(409, ErrorCode.orderCancelled, 'The order is cancelled');
    if ((await q.findDelivery(tx, orderId))?.deliveredAt) throw delivered();
    await q.upsertDelivery(tx, { orderId, driverId, onTheWayAt: at });
  });
  return stopOf(db, orderId);
}

type ProofFile = { data: Buffer; mime: string; extension: string; kind: 'signature' | 'photo' };

const photoTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Reads the multipart form: the record as JSON, one PNG signature, up to five photos. */
async function readProof(request: FastifyRequest): Promise<{ record: DeliveryRecord; proof: ProofFile[] }> {
  const form = await readForm(request, {
    fileSize: deliveryFileLimits.photoBytes,
    files: deliveryFileLimits.photos + 1,
  });
  let json: unknown;
  try {
    json = JSON.parse(form.fields.delivery ?? '');
  } catch {
    throw badInput('The delivery field is not JSON', ['delivery']);
  }
  const parsed = deliveryRecordSchema.safeParse(json);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? 'delivery')))];
    throw badInput('Invalid delivery record', fields);
  }
  const signatures = form.files.filter((f) => f.fieldname === 'signature');
  const photos = form.files.filter((f) => f.fieldname === 'photo');
  if (signatures.length !== 1 || signatures[0]!.data.length === 0) {
    throw badInput('One signature is needed', ['signature']);
  }
  if (signatures[0]!.data.length > deliveryFileLimits.signatureBytes) {
    throw new AppError(413, ErrorCode.payloadTooLarge, 'The signature is too large', ['signature']);
  }
  if (photos.length + signatures.length !== form.files.length) throw badInput('Unknown file field', ['file']);
  const proof: ProofFile[] = [];
  const signatureType = await files.checkUploadType(signatures[0]!.data, signatures[0]!.type);
  if (signatureType.mime !== 'image/png') {
    throw new AppError(415, ErrorCode.unsupportedFileType, 'The signature must be a PNG image', [
      'signature',
    ]);
  }
  proof.push({ data: signatures[0]!.data, ...signatureType, kind: 'signature' });
  for (const photo of photos) {
    if (photo.data.length === 0) throw badInput('An empty photo', ['photo']);
    const type = await files.checkUploadType(photo.data, photo.type);
    if (!photoTypes.has(type.mime)) {
      throw new AppError(415, ErrorCode.unsupportedFileType, 'A photo must be JPEG, PNG or WebP', ['photo']);
    }
    proof.push({ data: photo.data, ...type, kind: 'photo' });
  }
  return { record: parsed.data, proof };
}

/** The lines as delivered: every order line, in the amount the driver gave or whole. */
function deliveredLines(record: DeliveryRecord, lines: orderQ.LineRow[]) {
  const given = new Map(record.lines.map((l) => [l.id, l]));
  if (given.size !== record.lines.length || [...given.keys()].some((id) => !lines.some((l) => l.id === id))) {
    throw badInput('A line is not of this order or is given twice', ['lines']);
  }
  return lines.map((line) => {
    const entry = given.get(line.id);
    const amount = entry?.delivered_amount ?? line.amount;
    if (amount > line.amount) throw badInput('More delivered than ordered', ['lines']);
    if (amount !== line.amount && !entry?.reason) {
      throw badInput('A line delivered in another amount needs a reason', ['lines']);
    }
    return {
      orderItemId: line.id,
      orderedAmount: line.amount,
      deliveredAmount: amount,
      reason: entry?.reason ?? '',
    };
  });
}

type DeliveredLineRow = ReturnType<typeof deliveredLines>[number];

/**
 * The order's money as ordered and as delivered (domain.md §2.13): the lines' prices with the
 * amounts delivered, plus the delivery's price, which does not depend on the goods.
 */
export function moneyOf(
  order: orderQ.OrderRow,
  lines: orderQ.LineRow[],
  delivered: Pick<DeliveredLineRow, 'orderItemId' | 'orderedAmount' | 'deliveredAmount'>[],
): DeliveredMoney {
  const byLine = new Map(delivered.map((l) => [l.orderItemId, l]));
  const terms =
    order.currency && order.deliveryPriceAmount !== null && order.minimumDeliveryPrice !== null
      ? { rate: order.deliveryPriceAmount, minimum: order.minimumDeliveryPrice, distance: order.distance }
      : null;
  return deliveredMoney({
    currency: (order.currency ?? 'CZK') as Currency,
    pay_by_cash: order.paymentType === 'cash',
    delivery_price: terms ? deliveryPrice(terms) : 0,
    lines: lines.map((l) => ({
      price: l.price,
      discount: l.discount,
      ordered: byLine.get(l.id)?.orderedAmount ?? l.amount,
      delivered: byLine.get(l.id)?.deliveredAmount ?? l.amount,
    })),
  });
}

/** The money of a delivered order with what its cash leaves (domain.md §2.13). */
export function moneyAnswer(
  order: orderQ.OrderRow,
  lines: orderQ.LineRow[],
  delivered: Pick<DeliveredLineRow, 'orderItemId' | 'orderedAmount' | 'deliveredAmount'>[],
  cash: number | null,
): DeliveredMoneyAnswer {
  const money = moneyOf(order, lines, delivered);
  const left = order.paymentType === 'cash' ? cashBalance(money, cash) : { balance: 0, excess: 0 };
  return { ...money, ...left };
}

/** domain.md §2.13: the cash against what the delivered goods cost (a bound, and a note above it). */
function checkCashReceived(record: DeliveryRecord, money: DeliveredMoney): void {
  const check = checkCash(money.amount_due, record.cash_received, record.note);
  if (check === 'over_bound') {
    throw badInput(`More than twice the amount due (${money.amount_due}) cannot be received in cash`, [
      'cash_received',
    ]);
  }
  if (check === 'needs_note') throw badInput('Cash above the amount due needs a note saying why', ['note']);
}

/**
 * POST /driver/order/:id/delivered: the proof of delivery. In one transaction: the record, its
 * lines and files, the order done (taking from stock only what was delivered) and an audit row.
 * The files reach the store first; a refused or failed record removes them again.
 */
export async function recordDelivery(
  db: Db,
  storage: Storage,
  request: FastifyRequest,
  driverId: number,
  orderId: number,
): Promise<DriverStop> {
  const { record, proof } = await readProof(request);
  const action: Action = { key: record.key, userId: driverId, orderId, action: 'delivered' };
  if (await isReplay(db, action)) return stopOf(db, orderId);
  const at = actionTime(record.at);
  const stored: string[] = [];
  try {
    for (const file of proof) stored.push(await storage.put('deliveries', file.data, file.extension));
    const replayed = await db.transaction(async (tx) => {
      const order = await ownOrder(tx, orderId, driverId);
      if (!(await q.claimKey(tx, action))) return isReplay(tx, action);
      if (order.hidden) throw new AppError(409, ErrorCode.orderCancelled, 'The order is cancelled');
      if ((await q.findDelivery(tx, orderId))?.deliveredAt) throw delivered();
      if (record.cash_received !== null && order.paymentType !== 'cash') {
        throw badInput('Cash is received only for a cash order', ['cash_received']);
      }
      const orderLines = await orderQ.findLines(tx, [orderId]);
      const lines = deliveredLines(record, orderLines);
      checkCashReceived(record, moneyOf(order, orderLines, lines));
      const before = await takenBy(tx, order);
      await q.upsertDelivery(tx, {
        orderId,
        driverId,
        deliveredAt: at,
        receivedAt: new Date(),
        receiverName: record.receiver_name,
        gpsLat: record.position?.lat ?? null,
        gpsLon: record.position?.lon ?? null,
        gpsAccuracy: record.position?.accuracy ?? null,
        cashReceived: record.cash_received,
        note: record.note,
      });
      await q.insertDeliveryLines(
        tx,
        lines.map((l) => ({ ...l, orderId })),
      );
      // The order's lines take the delivered amounts: its total, documents and overviews follow
      // them (domain.md §2.13); the ordered amounts stay on the proof's lines.
      await q.setLineAmounts(
        tx,
        lines.filter((l) => l.deliveredAmount !== l.orderedAmount),
      );
      let photo = 0;
      for (const [i, file] of proof.entries()) {
        const name = file.kind === 'signature' ? 'podpis' : `foto-${++photo}`;
        await files.insertFile(tx, {
          ownerType: 'delivery',
          ownerId: orderId,
          name: `${name}.${file.extension}`,
          title: name,
          fileType: file.kind,
          contentType: file.mime,
          size: file.data.length,
          storageKey: stored[i]!,
          uploadedBy: driverId,
        });
      }
      const after = await takenBy(tx, { ...order, done: true });
      await orderQ.moveStock(tx, { orderId, userId: driverId, before, after });
      await orderQ.updateOrder(tx, orderId, { done: true });
      await writeAudit(tx, {
        userId: driverId,
        entity: 'order',
        entityId: orderId,
        action: 'delivery_proof',
        method: 'POST',
        path: `/api/driver/order/${orderId}/delivered`,
        details: {
          key: record.key,
          at: record.at,
          receiver_name: record.receiver_name,
          position: record.position,
          cash_received: record.cash_received,
          changed_lines: lines.filter((l) => l.deliveredAmount !== l.orderedAmount),
          photos: photo,
        },
      });
      return false;
    });
    if (replayed) await Promise.all(stored.map((key) => storage.remove(key)));
  } catch (error) {
    await Promise.all(stored.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
  return stopOf(db, orderId);
}

/**
 * GET /driver/order/:id/qr_payment: the QR of the driver's own order, for its own supplier (the one
 * the office chose in the intern step), shown big at the door. Another driver's order is a 404;
 * the office (driverId null) sees any order's in its warehouses.
 */
export async function driverQrPayment(db: Db, orderId: number, driverId: number | null): Promise<QrPayment> {
  const order = await orderQ.findOrder(db, orderId);
  const foreign = driverId !== null && order?.driverId !== driverId;
  if (!order || foreign || orderQ.isDraft(order)) throw notFound('Order not found');
  if (order.supplierId === null) throw conflict('The order has no supplier to be paid to');
  return qrPayment(db, orderId, order.supplierId);
}

/**
 * The order's proof of delivery, for a reader who may read it (`proof-access.ts`); to another
 * driver it does not exist (404), whether or not one was recorded.
 */
async function readableDelivery(db: DbOrTx, orderId: number, reader: ProofReader) {
  const order = await orderQ.findOrder(db, orderId);
  if (!order) throw notFound('Order not found');
  const delivery = await q.findDelivery(db, orderId);
  if (!mayReadProof(reader, order.driverId, delivery?.driverId)) throw notFound('Delivery proof not found');
  return { order, delivery };
}

/** GET /order/:id/delivery/files/:fileId/download: 404 unless the reader may read the proof. */
export async function requireProofReader(db: DbOrTx, orderId: number, reader: ProofReader): Promise<void> {
  await readableDelivery(db, orderId, reader);
}

/** GET /order/:id/delivery: the proof as the office reads it; null when none was recorded. */
export async function deliveryProof(
  db: DbOrTx,
  orderId: number,
  reader: ProofReader,
): Promise<DeliveryProof | null> {
  const { order, delivery } = await readableDelivery(db, orderId, reader);
  if (!delivery) return null;
  const [lines, given, proofFiles, driver] = [
    await orderQ.findLines(db, [orderId]),
    await q.findDeliveryLines(db, [orderId]),
    (await files.findFiles(db, 'delivery', orderId)).map(toFileItem),
    delivery.driverId === null ? null : await q.findDriverName(db, delivery.driverId),
  ];
  const byLine = new Map(given.map((g) => [g.orderItemId, g]));
  return {
    money: delivery.deliveredAt ? moneyAnswer(order, lines, given, delivery.cashReceived) : null,
    driver,
    on_the_way_at: delivery.onTheWayAt?.toISOString() ?? null,
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    received_at: delivery.receivedAt?.toISOString() ?? null,
    receiver_name: delivery.receiverName,
    position:
      delivery.gpsLat === null || delivery.gpsLon === null
        ? null
        : { lat: delivery.gpsLat, lon: delivery.gpsLon, accuracy: delivery.gpsAccuracy },
    lines: delivery.deliveredAt
      ? lines.map((l) => ({
          id: l.id,
          name: l.product.name,
          measurement_unit: l.product.measurementUnit,
          ordered_amount: byLine.get(l.id)?.orderedAmount ?? l.amount,
          delivered_amount: byLine.get(l.id)?.deliveredAmount ?? l.amount,
          reason: byLine.get(l.id)?.reason ?? '',
        }))
      : [],
    cash_received: delivery.cashReceived,
    currency: order.currency,
    cash_handed_in_at:
      delivery.cashReceived === null ? null : (order.collectedRevenueAt?.toISOString() ?? null),
    note: delivery.note,
    signature: proofFiles.find((f) => f.file_type === 'signature') ?? null,
    photos: proofFiles.filter((f) => f.file_type === 'photo'),
    voided:
      delivery.voidedAt && delivery.voidReason
        ? {
            at: delivery.voidedAt.toISOString(),
            by: delivery.voidedBy === null ? null : await q.findDriverName(db, delivery.voidedBy),
            reason: delivery.voidReason,
          }
        : null,
  };
}
