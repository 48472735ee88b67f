import type { CashOnHand } from '@letokruh/contracts/delivery';
import type { DriverDayAnswer, DriverStop } from '@letokruh/contracts/driver';
import type { Order } from '@letokruh/contracts/orders';
import { cashBalance, deliveredMoney } from '@letokruh/contracts/rules/delivered-money';
import { type Currency, roundMoney } from '@letokruh/contracts/rules/money';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { loadOrders, notDraft } from '../orders/index.ts';
import { findCashOnHand, findDeliveries, findDeliveryLines, findDriverName } from './delivery.queries.ts';

/** Days the driver's page shows: the one asked for and the next. */
const daysShown = 2;

/**
 * domain.md §2.11: the driver's own deliveries of a day and the next, in delivery order (day, time,
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
  const stops = await driverStops(db, ids);
  const days = Array.from({ length: daysShown }, (_, i) => addDays(first, i));
  const driver = await findDriverName(db, driverId);
  if (!driver) throw notFound('Driver not found');
  return {
    driver,
    days: days.map((date) => ({ date, stops: stops.filter((s) => s.date === date) })),
    cash_on_hand: await cashOnHand(db, driverId),
  };
}

/** The stops of orders, in the order of `ids`, with what their driver recorded (decision 0067). */
export async function driverStops(db: DbOrTx, ids: number[]): Promise<DriverStop[]> {
  const [loaded, deliveries, lines] = [
    await loadOrders(db, ids),
    new Map((await findDeliveries(db, ids)).map((d) => [d.orderId, d])),
    await findDeliveryLines(db, ids),
  ];
  return loaded.map((o) => {
    const d = deliveries.get(o.id);
    // Partial: some line delivered in another amount than it has (a reason alone changes nothing).
    const delivered = new Map(lines.filter((l) => l.orderId === o.id).map((l) => [l.orderItemId, l]));
    const ordered = (line: { id: number; amount: number }) =>
      delivered.get(line.id)?.orderedAmount ?? line.amount;
    const partial = o.products.some((p) => p.amount !== ordered(p));
    const stop = toStop(o, ordered);
    return {
      ...stop,
      on_the_way_at: d?.onTheWayAt?.toISOString() ?? null,
      delivered: d?.deliveredAt
        ? {
            at: d.deliveredAt.toISOString(),
            receiver_name: d.receiverName,
            partial,
            cash_received: d.cashReceived,
            money: stopMoney(stop, o.payment_type === 'cash' ? d.cashReceived : undefined),
            voided_at: d.voidedAt?.toISOString() ?? null,
          }
        : null,
      paid: o.collected_revenue_at !== null,
    };
  });
}

/** Cash a driver holds, by currency: taken at doors, not yet confirmed by the office. */
export async function cashOnHand(db: DbOrTx, driverId: number): Promise<CashOnHand> {
  const byCurrency = new Map<string, CashOnHand[number]>();
  for (const row of await findCashOnHand(db, driverId)) {
    const entry = byCurrency.get(row.currency) ?? { currency: row.currency, total: 0, orders: [] };
    entry.total = roundMoney(entry.total + (row.amount ?? 0));
    entry.orders.push({ id: row.id, intern_id: row.internId, amount: row.amount ?? 0 });
    byCurrency.set(row.currency, entry);
  }
  return [...byCurrency.values()];
}

type BaseStop = Omit<DriverStop, 'on_the_way_at' | 'delivered' | 'paid'>;

/**
 * A delivered stop's money (domain.md §2.13): its lines already hold the delivered amounts; for a
 * cash order (`cash` not undefined) what the cash leaves owed or took beyond.
 */
function stopMoney(stop: BaseStop, cash: number | null | undefined) {
  const money = deliveredMoney({
    currency: (stop.currency ?? 'CZK') as Currency,
    pay_by_cash: stop.payment_type === 'cash',
    delivery_price: stop.delivery_price,
    lines: stop.items.map((i) => ({
      price: i.price,
      discount: i.discount,
      ordered: i.ordered_amount,
      delivered: i.amount,
    })),
  });
  return { ...money, ...(cash === undefined ? { balance: 0, excess: 0 } : cashBalance(money, cash)) };
}

function toStop(
  o: Omit<Order, 'files'>,
  ordered: (line: { id: number; amount: number }) => number,
): BaseStop {
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
      ordered_amount: ordered(l),
      measurement_unit: l.product.product.measurement_unit,
      price: l.product.amount,
      discount: l.product.discount,
    })),
    delivery_price: o.delivery_price.price,
    payment_type: o.payment_type,
    amount_to_pay: o.amount_to_pay,
    cash_rounding: o.cash_rounding,
    currency: o.currency,
    note: o.note ?? '',
    warehouse: o.warehouse && {
      id: o.warehouse.id,
      name: o.warehouse.name,
      gps_lat: o.warehouse.address.gps_lat ?? 0,
      gps_lon: o.warehouse.address.gps_lon ?? 0,
    },
  };
}
