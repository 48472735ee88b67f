import type { Order } from '@letokruh/contracts/orders';
import type { Db, Tx } from '../../../db/client.ts';
import { conflict, draftConflict, notFound } from '../../../plugins/errors.ts';
import { getOrder } from '../order-view.ts';
import * as q from '../orders.queries.ts';
import { deliveredAmounts, voidDelivery } from './delivered.queries.ts';
import { moveStock, type Taken } from './order-stock.ts';

/**
 * The transitions of domain.md §1.4, each under the order's row lock: a state that forbids the step
 * answers 409 / 140 and writes nothing. A draft (decision 0030: its intern step never saved) takes none
 * of them: 409 / 142, it is finished or discarded. Every step moves the version on, so an edit
 * loaded before it is refused as stale.
 */
async function transition(
  db: Db,
  id: number,
  step: (tx: Tx, order: q.OrderRow) => Promise<q.OrderValues>,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await q.findOrder(tx, id, { lock: true });
    if (!order) throw notFound('Order not found');
    if (q.isDraft(order)) throw draftConflict(true, 'A draft: save its internal data first');
    await q.updateOrder(tx, id, await step(tx, order));
    return getOrder(tx, id);
  });
}

/**
 * What a done order took from its warehouse: each line's amount, or what its driver delivered when
 * the proof of delivery says otherwise (decision 0067: a partial delivery moves only that).
 */
export async function takenBy(tx: Tx, order: q.OrderRow): Promise<Taken> {
  if (!order.done || order.warehouseId === null) return null;
  const [lines, delivered] = [await q.findLines(tx, [order.id]), await deliveredAmounts(tx, order.id)];
  return {
    warehouseId: order.warehouseId,
    lines: lines.map((l) => ({ productId: l.productId, amount: delivered.get(l.id) ?? l.amount })),
  };
}

/** PUT /order/{id}/done: only when not cancelled and not done; the goods leave the warehouse. */
export const markDone = (db: Db, id: number, userId: number) =>
  transition(db, id, async (tx, order) => {
    if (order.hidden) throw conflict('A cancelled order cannot be done');
    if (order.done) throw conflict('The order is done already');
    if (order.customerId === null || order.warehouseId === null) {
      throw conflict('The order has no customer or warehouse yet');
    }
    await moveStock(tx, {
      orderId: id,
      userId,
      before: null,
      after: await takenBy(tx, { ...order, done: true }),
    });
    return { done: true };
  });

/**
 * PUT /order/{id}/undone: only when done; the goods come back. A delivered order's proof is kept
 * but void from now on (domain.md §2.11 Undoing a delivery, decision 0074): the goods its
 * amounts took come back, its cash is no longer on the driver's hands.
 */
export const markUndone = (db: Db, id: number, userId: number) =>
  transition(db, id, async (tx, order) => {
    if (!order.done) throw conflict('The order is not done');
    await moveStock(tx, { orderId: id, userId, before: await takenBy(tx, order), after: null });
    await voidDelivery(tx, id, userId, 'undone');
    return { done: false };
  });

/** DELETE /order/{id}/delete: cancel when not cancelled; a done order gives its goods back first. */
export const cancelOrder = (db: Db, id: number, userId: number) =>
  transition(db, id, async (tx, order) => {
    if (order.hidden) throw conflict('The order is cancelled already');
    if (order.done)
      await moveStock(tx, { orderId: id, userId, before: await takenBy(tx, order), after: null });
    await voidDelivery(tx, id, userId, 'cancelled'); // domain.md §2.11 Undoing a delivery
    return { hidden: true, done: false };
  });

/** PUT /order/{id}/restore: only when cancelled; it comes back not done. */
export const restoreOrder = (db: Db, id: number) =>
  transition(db, id, async (_tx, order) => {
    if (!order.hidden) throw conflict('The order is not cancelled');
    return { hidden: false };
  });

/**
 * PUT /order/{id}/collect_revenue: cash collected, or a transfer marked paid (domain.md §1.4, the same
 * call); only once, and not for a cancelled order or a draft.
 */
export const collectRevenue = (db: Db, id: number, userId: number) =>
  transition(db, id, async (_tx, order) => {
    if (order.hidden) throw conflict('The order is cancelled');
    if (order.customerId === null) throw conflict('The order has no customer yet');
    if (order.collectedRevenueAt !== null) throw conflict('The revenue is collected already');
    return { collectedRevenueBy: userId, collectedRevenueAt: new Date() };
  });

/** PUT /order/{id}/return_revenue: undoes a collection (or a paid mark) when there is one. */
export const returnRevenue = (db: Db, id: number) =>
  transition(db, id, async (_tx, order) => {
    if (order.collectedRevenueAt === null) throw conflict('No revenue is collected');
    return { collectedRevenueBy: null, collectedRevenueAt: null };
  });

/**
 * PUT /order/{id}/{itemId}/prepared: while the order is not done (nor cancelled) and the line is
 * not prepared. The order is prepared when all its lines are.
 */
export const markLinePrepared = (db: Db, id: number, lineId: number) =>
  transition(db, id, async (tx, order) => {
    const lines = await q.findLines(tx, [id]);
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw notFound('No such line on this order');
    if (order.hidden || order.done) throw conflict('The order is cancelled or done');
    if (line.prepared) throw conflict('The line is prepared already');
    await q.setLinePrepared(tx, lineId);
    return { prepared: lines.every((l) => l.id === lineId || l.prepared) };
  });
