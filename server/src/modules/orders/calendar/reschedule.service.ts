import type { OrderReschedule } from '@letokruh/contracts/order-calendar';
import type { Clash } from '@letokruh/contracts/order-steps';
import type { Order } from '@letokruh/contracts/orders';
import type { Db } from '../../../db/client.ts';
import { requireExistingTime } from '../../../db/prague.ts';
import { conflict, draftConflict } from '../../../plugins/errors.ts';
import { findClashes } from '../clashes.ts';
import { lockForEdit } from '../edit-lock.ts';
import { getOrder } from '../order-view.ts';
import * as q from '../orders.queries.ts';

/**
 * PUT /order/{id}/reschedule: moves the delivery to another day and time, keeping everything
 * else. Only a planned order moves: not cancelled, not done, with a customer and a warehouse.
 * Clashes with the driver's or car's other orders, the driver's vacations and the warehouse's
 * closures come back unsaved unless confirmed, exactly as in the intern step.
 */
export async function rescheduleOrder(
  db: Db,
  id: number,
  payload: OrderReschedule,
): Promise<{ item: Order } | { clashes: Clash[] }> {
  return db.transaction(async (tx) => {
    const order = await lockForEdit(tx, id, payload.version);
    if (order.done) throw conflict('A done order is not rescheduled (undo it first)');
    if (q.isDraft(order)) throw draftConflict(true, 'A draft has no delivery to move');
    if (order.customerId === null || order.warehouseId === null) {
      throw conflict('An order without customer or warehouse has no delivery to move');
    }
    requireExistingTime(
      payload.expected_delivery_date,
      payload.expected_delivery_time,
      'expected_delivery_time',
    );
    // A personal collection (no driver) books no car, whatever an older save left there (decision 0031).
    const collection = order.driverId === null;
    const clashes = await findClashes(tx, {
      orderId: id,
      driverId: order.driverId,
      carId: collection ? null : order.carId,
      warehouseId: order.warehouseId,
      date: payload.expected_delivery_date,
      time: payload.expected_delivery_time,
      duration: order.expectedDeliveryDuration,
      travel: collection ? 0 : order.duration,
    });
    if (clashes.length && !payload.confirm_overlap) return { clashes };
    await q.updateOrder(tx, id, {
      expectedDeliveryDate: payload.expected_delivery_date,
      expectedDeliveryTime: payload.expected_delivery_time,
    });
    return { item: await getOrder(tx, id) };
  });
}
