import type { DriverDayAnswer, DriverStop } from '@letokruh/contracts/driver';
import type { Order } from '@letokruh/contracts/orders';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { notDraft } from '../orders/order-list.queries.ts';
import { loadOrders } from '../orders/order-view.ts';

/** Days the driver's page shows: the one asked for and the next. */
const daysShown = 2;

/**
 * Issue 17 §1: the driver's own deliveries of a day and the next, in delivery order (day, time,
 * then those without a time, by number). Cancelled orders and drafts are no deliveries; done ones
 * stay, marked, so that the driver sees the day whole.
 */
export async function driverDay(db: DbOrTx, driverId: number, first = pragueDay()): Promise<DriverDayAnswer> {
  const last = addDays(first, daysShown - 1);
  const ids = (
    await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.driverId, driverId),
          gte(orders.expectedDeliveryDate, first),
          lte(orders.expectedDeliveryDate, last),
          eq(orders.hidden, false),
          notDraft,
        ),
      )
      .orderBy(
        asc(orders.expectedDeliveryDate),
        sql`${orders.expectedDeliveryTime} asc nulls last`,
        asc(orders.internId),
      )
  ).map((r) => r.id);
  const loaded = await loadOrders(db, ids);
  const days = Array.from({ length: daysShown }, (_, i) => addDays(first, i));
  return {
    days: days.map((date) => ({
      date,
      stops: loaded.filter((o) => o.expected_delivery_date === date).map(toStop),
    })),
  };
}

function toStop(o: Omit<Order, 'files'>): DriverStop {
  const c = o.customer;
  return {
    id: o.id,
    intern_id: o.intern_id,
    date: o.expected_delivery_date ?? '',
    time: o.expected_delivery_time,
    duration: o.expected_delivery_duration,
    done: o.done,
    customer: {
      name: c ? `${c.first_name} ${c.last_name}`.trim() : '',
      organization: c?.organization_name ?? '',
      phone: c?.whole_phone ?? '',
    },
    address: {
      full_address: c?.address.full_address ?? '',
      town: c?.address.town ?? '',
      zip_code: c?.address.zip_code ?? '',
      gps_lat: c?.address.gps_lat ?? 0,
      gps_lon: c?.address.gps_lon ?? 0,
      navigation_link: c?.address.navigation_link ?? '',
    },
    items: o.products.map((l) => ({
      id: l.id,
      name: l.product.product.name,
      amount: l.amount,
      measurement_unit: l.product.product.measurement_unit,
    })),
    payment_type: o.payment_type,
    amount_to_pay: o.amount_to_pay,
    cash_rounding: o.cash_rounding,
    currency: o.currency,
    note: o.note ?? '',
    warehouse: o.warehouse && { id: o.warehouse.id, name: o.warehouse.name },
  };
}
