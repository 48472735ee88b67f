import { internIdOf } from '@letokruh/contracts/orders';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import type { Db, Tx } from '../../../db/client.ts';
import { notFound } from '../../../plugins/errors.ts';
import * as q from '../orders.queries.ts';
import { offerOf } from './offer.ts';

/** A new order number: this Prague year and the year's next sequence (domain.md §3.3 Order numbers). */
async function newInternId(tx: Tx, now: Date): Promise<number> {
  const year = Number(pragueDay(now).slice(0, 4));
  return internIdOf(year, await q.nextSequence(tx, year));
}

/** GET /order/add: a draft with its number; the three steps fill it in. */
export async function addOrder(db: Db, userId: number, now = new Date()): Promise<{ id: number }> {
  return db.transaction(async (tx) => ({
    id: await q.insertOrder(tx, {
      internId: await newInternId(tx, now),
      createdBy: userId,
      draftTouchedAt: now,
    }),
  }));
}

/**
 * GET /order/{id}/copy: a new order for the same customer, warehouse, currency, transport, people
 * and payment, with the same products and amounts at today's prices (products no longer offered
 * there are left out). The delivery day and the flags start afresh; the copy is a draft until its
 * intern step is saved (decision 0030).
 */
export async function copyOrder(db: Db, id: number, userId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const source = await q.findOrder(tx, id);
    if (!source) throw notFound('Order not found');
    const orderId = await q.insertOrder(tx, {
      internId: await newInternId(tx, now),
      createdBy: userId,
      draftTouchedAt: now,
      customerId: source.customerId,
      warehouseId: source.warehouseId,
      currency: source.currency,
      driverId: source.driverId,
      carId: source.carId,
      supplierId: source.supplierId,
      adtypeId: source.adtypeId,
      paymentType: source.paymentType,
      expectedDeliveryDuration: source.expectedDeliveryDuration,
      distance: source.distance,
      duration: source.duration,
      deliveryPriceAmount: source.deliveryPriceAmount,
      minimumDeliveryPrice: source.minimumDeliveryPrice,
      note: source.note,
    });
    if (source.warehouseId !== null && source.currency !== null) {
      const offer = await offerOf(tx, source.warehouseId, source.currency);
      const currency = source.currency;
      const lines = (await q.findLines(tx, [id])).flatMap((line) => {
        const offered = offer.get(line.productId);
        return offered
          ? [
              {
                productId: line.productId,
                amount: line.amount,
                price: offered.price,
                vat: offered.vat,
                currency,
              },
            ]
          : [];
      });
      await q.replaceLines(tx, orderId, lines);
    }
    return { order_id: orderId };
  });
}
