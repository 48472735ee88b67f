import { ErrorCode } from '@letokruh/contracts/errors';
import type { Clash } from '@letokruh/contracts/order-steps';
import type { Order } from '@letokruh/contracts/orders';
import { deliverySpan, overlaps, type Span, spanDays } from '@letokruh/contracts/rules/delivery-span';
import { addDays } from '@letokruh/contracts/rules/prague-day';
import type { DbOrTx } from '../../db/client.ts';
import { calendarClosures, calendarDriverVacations } from '../vacations/calendar.service.ts';
import { calendarName, clockOf } from './order-view.ts';
import { findOrdersOfDriverOrCar } from './orders.queries.ts';

export type Booking = {
  orderId: number;
  driverId: number | null;
  carId: number | null;
  warehouseId: number;
  date: string;
  time: string;
  /** Minutes at the customer. */
  duration: number;
  /** Minutes of each travel block. */
  travel: number;
};

/** Entries of one thing on several days become one clash spanning them. */
function merge(clashes: Clash[]): Clash[] {
  const byKey = new Map<string, Clash>();
  for (const c of clashes) {
    const key = `${c.kind}:${c.id}`;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { ...c });
    else {
      if (c.from < seen.from) seen.from = c.from;
      if (c.to > seen.to) seen.to = c.to;
    }
  }
  return [...byKey.values()];
}

/**
 * What a booking runs into (domain.md §3.3 Double booking): orders of the same driver or car whose spans
 * (travel blocks included) overlap its span, a vacation of the driver on a day the span touches, a
 * closure of the warehouse overlapping the span. Cancelled orders and the order itself do not count.
 */
export async function findClashes(db: DbOrTx, booking: Booking): Promise<Clash[]> {
  const span = deliverySpan(booking);
  const days = spanDays(span);
  const clashes: Clash[] = [];

  const others = await findOrdersOfDriverOrCar(db, {
    driverId: booking.driverId,
    carId: booking.carId,
    // A neighbouring day's order may reach into this one with its travel.
    from: addDays(days[0]!, -1),
    to: addDays(days.at(-1)!, 1),
    excludeId: booking.orderId,
  });
  for (const { order, customer } of others) {
    // The query finds no personal collection (no driver): those drive nowhere and clash with nobody.
    const theirs = deliverySpan({
      date: order.expectedDeliveryDate!,
      time: clockOf(order.expectedDeliveryTime)!,
      duration: order.expectedDeliveryDuration,
      travel: order.duration,
    });
    if (!overlaps(span, theirs)) continue;
    const about = {
      id: order.id,
      intern_id: order.internId,
      name: customer ? calendarName(customer) : '',
      ...theirs,
    };
    if (booking.driverId !== null && order.driverId === booking.driverId)
      clashes.push({ kind: 'driver', ...about });
    if (booking.carId !== null && order.carId === booking.carId) clashes.push({ kind: 'car', ...about });
  }

  if (booking.driverId !== null) {
    const { data } = await calendarDriverVacations(db, { dates: days });
    for (const v of data.filter((v) => v.user_id === booking.driverId)) {
      clashes.push({
        kind: 'driver_vacation',
        id: v.id,
        intern_id: null,
        name: v.name,
        from: `${v.date}T00:00`,
        to: `${addDays(v.date, 1)}T00:00`,
      });
    }
  }

  const { data: closures } = await calendarClosures(db, { warehouses: [booking.warehouseId], dates: days });
  for (const c of closures) {
    const from = `${c.date}T${c.from_time}`;
    const closed: Span = deliverySpan({ date: c.date, time: c.from_time, duration: c.duration, travel: 0 });
    if (!overlaps(span, closed)) continue;
    clashes.push({
      kind: 'warehouse_closure',
      id: c.id,
      intern_id: null,
      name: c.warehouse.name,
      from,
      to: closed.to,
    });
  }
  return merge(clashes);
}

/**
 * The answer of a save that may clash (intern step, calendar drag): the order, or 409 / 141 with
 * the clashes, to be sent again with `confirm_overlap`.
 */
export function clashAnswer<Saved extends { item: Order }>(result: Saved | { clashes: Clash[] }) {
  if ('item' in result) return { status: 200 as const, body: result };
  return {
    status: 409 as const,
    body: {
      error_code: ErrorCode.overlapNeedsConfirmation,
      message: 'The delivery clashes; send it again with confirm_overlap to keep it',
      clashes: result.clashes,
    },
  };
}
