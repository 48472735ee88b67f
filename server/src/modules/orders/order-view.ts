import type { Order, OrderLine, OrderPerson } from '@letokruh/contracts/orders';
import { lineTotals, orderTotals } from '@letokruh/contracts/rules/order-price';
import { cashToPay } from '@letokruh/contracts/rules/vat';
import type { DbOrTx } from '../../db/client.ts';
import { yieldToLoop } from '../../event-loop.ts';
import { notFound } from '../../plugins/errors.ts';
import { toCustomer } from '../customers/customers.service.ts';
import { listFiles } from '../files/files.service.ts';
import * as q from './orders.queries.ts';

/** Answers of the order calls, built from the rows of one batch (domain.md §3.3 Money: one rule). */

const toPerson = (
  p: { id: number; username: string; firstName: string; lastName: string } | null,
): OrderPerson | null =>
  p && {
    id: p.id,
    username: p.username,
    first_name: p.firstName,
    last_name: p.lastName,
    name: `${p.firstName} ${p.lastName}`.trim(),
  };

const toLine = (l: q.LineRow): OrderLine => ({
  id: l.id,
  amount: l.amount,
  prepared: l.prepared,
  product: {
    product: {
      id: l.product.id,
      name: l.product.name,
      shorten_name: l.product.shortenName,
      type: l.product.type,
      subtype: l.product.subtype,
      length: l.product.length,
      measurement_unit: l.product.measurementUnit,
    },
    amount: l.price,
    currency: l.currency,
    vat: l.vat,
    discount: l.discount,
  },
  ...lineTotals({ price: l.price, amount: l.amount, vat: l.vat, discount: l.discount }),
});

/** "HH:MM:SS" from the database, "HH:mm" on the wire. */
export const clockOf = (time: string | null) => (time ? time.slice(0, 5) : null);

/** The calendar block's text: the organization or the customer's name, and the town. */
export const calendarName = (c: {
  firstName: string;
  lastName: string;
  organizationName: string;
  town: string;
}) => [c.organizationName || `${c.firstName} ${c.lastName}`.trim(), c.town].filter(Boolean).join(', ');

export function toOrder(view: q.OrderView, lines: q.LineRow[]): Omit<Order, 'files'> {
  const o = view.order;
  const customer = view.customer ? toCustomer(view.customer) : null;
  const w = view.warehouse;
  const time = clockOf(o.expectedDeliveryTime);
  const delivery =
    o.deliveryPriceAmount === null || o.minimumDeliveryPrice === null
      ? null
      : { rate: o.deliveryPriceAmount, minimum: o.minimumDeliveryPrice, distance: o.distance };
  const totals = orderTotals({
    currency: o.currency,
    lines: lines.map((l) => ({ price: l.price, amount: l.amount, vat: l.vat, discount: l.discount })),
    delivery,
    // The day of supply picks the delivery share's rate; an undated order is priced as of today.
    supply_day: o.expectedDeliveryDate,
  });
  const payment = o.currency
    ? cashToPay(totals.price_with_vat, o.currency, o.paymentType === 'cash')
    : { to_pay: totals.price_with_vat, rounding: 0 };
  return {
    id: o.id,
    intern_id: o.internId,
    draft: o.draftTouchedAt !== null,
    hidden: o.hidden,
    done: o.done,
    prepared: o.prepared,
    collected_revenue_by: toPerson(view.collector),
    collected_revenue_at: o.collectedRevenueAt?.toISOString() ?? null,
    pay_by_cash: o.paymentType === 'cash',
    payment_type: o.paymentType,
    created: o.createdAt.toISOString(),
    expected_delivery_date: o.expectedDeliveryDate,
    expected_delivery_time: time,
    expected_delivery_datetime: o.expectedDeliveryDate && time ? `${o.expectedDeliveryDate}T${time}` : null,
    expected_delivery_duration: o.expectedDeliveryDuration,
    distance: o.distance,
    duration: o.duration,
    expected_travel_length: Math.round(o.distance * 2 * 100) / 100,
    product_prices: totals.product_prices,
    total_price: totals.total_price,
    total_price_vat: totals.total_price_vat,
    price_with_vat: totals.price_with_vat,
    vat_recap: totals.vat_recap,
    amount_to_pay: payment.to_pay,
    cash_rounding: payment.rounding,
    currency: o.currency,
    note: o.note,
    ad_type: view.adtype,
    calendar_name: view.customer ? calendarName(view.customer) : '',
    warehouse: w && {
      id: w.id,
      name: w.name,
      color: w.color,
      text_color: w.textColor,
      address: {
        full_address: w.fullAddress,
        town: w.town,
        zip_code: w.zipCode,
        country: w.country,
        gps_lat: w.gpsLat,
        gps_lon: w.gpsLon,
      },
    },
    driver: toPerson(view.driver),
    car: view.car && { id: view.car.id, name: view.car.name, hex_color: view.car.hexColor },
    default_supplier: view.supplier && {
      id: view.supplier.id,
      name: view.supplier.name,
      bank_account: view.supplier.bankAccount,
      bank_code: view.supplier.bankCode,
    },
    customer,
    address: customer?.address ?? null,
    products: lines.map(toLine),
    delivery_price: {
      amount: o.deliveryPriceAmount,
      minimum_price: o.minimumDeliveryPrice,
      price: totals.delivery_price,
    },
    version: o.version,
  };
}

/** Orders in the order of `ids`, without files (the calendar's batch). */
export async function loadOrders(db: DbOrTx, ids: number[]): Promise<Omit<Order, 'files'>[]> {
  const answer: Omit<Order, 'files'>[] = [];
  for (let start = 0; start < ids.length; start += loadSlice) {
    // A calendar week can be thousands of orders: read and built a slice at a time, so that no
    // slice holds the event loop for long and other requests run in between (decision 0020).
    if (start > 0) await yieldToLoop();
    const slice = ids.slice(start, start + loadSlice);
    // Both queries at once: on a pool they overlap (a transaction runs them one after the other).
    const [views, lines] = await Promise.all([q.findOrderViews(db, slice), q.findLines(db, slice)]);
    const byId = new Map(views.map((v) => [v.order.id, v]));
    const linesOf = new Map<number, q.LineRow[]>();
    for (const line of lines) {
      const list = linesOf.get(line.orderId);
      if (list) list.push(line);
      else linesOf.set(line.orderId, [line]);
    }
    for (const id of slice) {
      const view = byId.get(id);
      if (view) answer.push(toOrder(view, linesOf.get(id) ?? []));
    }
  }
  return answer;
}

/** Orders read and built between two turns of the event loop. */
const loadSlice = 200;

/** GET /order/{id}: the order with its files; 404 when there is none. */
export async function getOrder(db: DbOrTx, id: number): Promise<Order> {
  // The files at the same time as the order (one round trip less; an unknown id has none).
  const [[order], files] = await Promise.all([loadOrders(db, [id]), listFiles(db, 'order', id)]);
  if (!order) throw notFound('Order not found');
  return { ...order, files };
}
