import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orderDeliveries, orderDeliveryLines } from '../../../db/schema/index.ts';

// The driver's recorded delivery (modules/driver) as the office's state changes read and undo it:
// here, with the orders, so that the orders module needs nothing of the driver's (decision 0091).

/**
 * The delivered amount of each line of an order its driver delivered otherwise than ordered; none
 * once the proof is void (decision 0074: the office set the delivery back).
 */
export async function deliveredAmounts(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({
      orderItemId: orderDeliveryLines.orderItemId,
      deliveredAmount: orderDeliveryLines.deliveredAmount,
    })
    .from(orderDeliveryLines)
    .innerJoin(orderDeliveries, eq(orderDeliveries.orderId, orderDeliveryLines.orderId))
    .where(and(eq(orderDeliveryLines.orderId, orderId), isNull(orderDeliveries.voidedAt)));
  return new Map(rows.map((l) => [l.orderItemId, l.deliveredAmount]));
}

/**
 * Decision 0074 (domain.md §2.11): the order's recorded delivery becomes void, kept for the record;
 * `reason` names the step of the office that set it back. Nothing when there is none (or it is
 * void already). The delivery had set the lines to the delivered amounts (domain.md §2.13): a void
 * one gives them back their ordered amounts, which the office's next "done" takes.
 */
export async function voidDelivery(
  db: DbOrTx,
  orderId: number,
  userId: number,
  reason: 'undone' | 'cancelled',
): Promise<void> {
  const voided = await db
    .update(orderDeliveries)
    .set({ voidedAt: new Date(), voidedBy: userId, voidReason: reason })
    .where(
      and(
        eq(orderDeliveries.orderId, orderId),
        isNotNull(orderDeliveries.deliveredAt),
        isNull(orderDeliveries.voidedAt),
      ),
    )
    .returning({ orderId: orderDeliveries.orderId });
  if (voided.length === 0) return;
  await db.execute(sql`
    update order_items i set amount = l.ordered_amount
    from order_delivery_lines l
    where l.order_id = ${orderId} and l.order_item_id = i.id and i.amount <> l.ordered_amount`);
}
