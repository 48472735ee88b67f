import { ErrorCode } from '@letokruh/contracts/errors';
import { internIdOf, type OrderListItem, type OrderListQuery } from '@letokruh/contracts/orders';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/access.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { type WarehouseScope, warehouseScope } from '../../plugins/warehouse-scope.ts';
import { toCustomer } from '../customers/customers.service.ts';
import { type CalendarSelection, findCalendarOrderIds } from './calendar-week.queries.ts';
import { offerOf } from './offer.ts';
import * as list from './order-list.queries.ts';
import * as sorting from './order-sort.ts';
import { clockOf, loadOrders } from './order-view.ts';
import * as q from './orders.queries.ts';

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

const toListItem = (r: list.OrderListRow): OrderListItem => ({
  id: r.order.id,
  intern_id: r.order.internId,
  draft: r.order.draftTouchedAt !== null,
  hidden: r.order.hidden,
  done: r.order.done,
  prepared: r.order.prepared,
  collected_revenue_at: r.order.collectedRevenueAt?.toISOString() ?? null,
  pay_by_cash: r.order.paymentType === 'cash',
  payment_type: r.order.paymentType,
  created: r.order.createdAt.toISOString(),
  expected_delivery_date: r.order.expectedDeliveryDate,
  expected_delivery_time: clockOf(r.order.expectedDeliveryTime),
  price_with_vat: r.order.priceWithVat,
  currency: r.order.currency,
  customer: r.customer && toCustomer(r.customer),
  warehouse: r.warehouse && {
    id: r.warehouse.id,
    name: r.warehouse.name,
    color: r.warehouse.color,
    text_color: r.warehouse.textColor,
  },
});

/**
 * GET /orders: the created-date and ad-type filters count only for users with add_order (domain.md
 * §1.2). The total is kept per filter and data version (`counted`, the answer cache): paging through
 * one search does not count it again: a common surname's 10 000 + 1 orders are worth counting once
 * (decision 0020; bench/results/2026-11-29-comment-figures.md).
 */
export async function listOrders(
  db: DbOrTx,
  query: OrderListQuery,
  user: SessionUser,
  counted: (
    filters: list.OrderFilters,
    count: () => Promise<number>,
    knownVersion?: Promise<string | null>,
  ) => Promise<number> = (_filters, count) => count(),
) {
  const mayAdd = user.permissions.has('add_order');
  const filters: list.OrderFilters = {
    internId: query.internId,
    createdFrom: mayAdd ? query.createdFrom : undefined,
    createdTo: mayAdd ? query.createdTo : undefined,
    expectedDeliveryDateFrom: query.expectedDeliveryDateFrom,
    expectedDeliveryDateTo: query.expectedDeliveryDateTo,
    name: query.name,
    wholePhone: query.wholePhone,
    fullAddress: query.fullAddress,
    warehouse: query.warehouse,
    state: query.state,
    adtype: mayAdd ? query.adtype : undefined,
    scope: await warehouseScope(db, user),
    // Only the drafts filter is the caller's own: other totals stay shared in the answer cache.
    userId: query.state === 'drafts' ? user.id : undefined,
  };
  // Decision 0027: the chosen sort, its segments from today (Prague), and where a keyset page starts.
  const direction = sorting.directionOf(query.sort, query.direction);
  const today = pragueDay();
  const segments = sorting.segmentsOf(query.sort, direction, today);
  const after = query.after ? sorting.decodeCursor(query.after, query.sort, direction, segments) : undefined;
  // Decision 0055: a list filtered by state and warehouses only reads its total from the kept counts in
  // the page's own statement. Otherwise a quick page reads the data version in its statement, and
  // the total (usually cached) waits for it instead of a round trip of its own.
  const kept = list.keptApplies(filters);
  let versionRead: ((version: string | null) => void) | undefined;
  const version =
    !kept && list.quickPage(filters)
      ? new Promise<string | null>((resolve) => {
          versionRead = resolve;
        })
      : undefined;
  const [page, countedTotal] = await Promise.all([
    list
      .findOrderPage(
        db,
        filters,
        { offset: (query.current_page - 1) * query.per_page, limit: query.per_page },
        { segments, after, key: `${query.sort} ${direction} ${today}` },
        versionRead,
        kept,
      )
      .finally(() => versionRead?.(null)),
    kept ? undefined : counted(filters, () => list.countOrders(db, filters), version),
  ]);
  const total = countedTotal ?? page.total ?? 0;
  const next = page.last
    ? sorting.encodeCursor({
        s: query.sort,
        d: direction,
        g: page.last.segment,
        k: page.last.keys,
        i: page.last.id,
      })
    : null;
  return { items: page.rows.map(toListItem), total, next_after: next };
}

export type CalendarQuery = {
  warehouses: number[];
  dates: string[];
  show_cobined: boolean;
  id_out?: number | undefined;
};

/**
 * What GET /api/get-orders may show (domain.md §1.7, decision 0021), the same for both of its answers:
 * null when nothing. `own` is the caller's warehouses (`warehouseScope`), null when they see all;
 * asking for another warehouse answers 403.
 */
export function calendarSelection(query: CalendarQuery, own: WarehouseScope): CalendarSelection | null {
  if (own && query.warehouses.some((id) => !own.includes(id))) {
    throw new AppError(403, ErrorCode.accessDenied, 'Not one of your warehouses');
  }
  const dates = [...new Set(query.dates)];
  if (!dates.length || (!query.show_cobined && !query.warehouses.length)) return null;
  if (query.show_cobined && own?.length === 0) return null;
  return {
    dates,
    warehouseIds: query.show_cobined ? own : [...new Set(query.warehouses)],
    excludeId: query.id_out,
  };
}

/** GET /api/get-orders (domain.md §1.7): the week's orders of the chosen warehouses. */
export async function calendarOrders(db: DbOrTx, query: CalendarQuery, own: WarehouseScope = null) {
  const selection = calendarSelection(query, own);
  if (!selection) return { data: [] };
  return { data: await loadOrders(db, await findCalendarOrderIds(db, selection)) };
}

/**
 * The same orders as `calendarOrders`, a slice at a time (the route writes each to the answer and
 * drops it: a busy week's whole orders are tens of MB of objects). The selection (and its 403)
 * comes first, before any slice. Decision 0068: 50 orders a slice, not 200: five such weeks at once
 * (cache off) held the event loop over its bound, a slice's rows, orders, parse and text and the
 * young collections of them at a time; with 50 the long blocks all but went (figures:
 * bench/results/2026-11-29-comment-figures.md).
 */
export async function calendarOrderSlices(
  db: DbOrTx,
  query: CalendarQuery,
  own: WarehouseScope = null,
  slice = 50,
): Promise<AsyncIterable<Awaited<ReturnType<typeof loadOrders>>>> {
  const selection = calendarSelection(query, own);
  const ids = selection ? await findCalendarOrderIds(db, selection) : [];
  return (async function* () {
    for (let start = 0; start < ids.length; start += slice)
      yield loadOrders(db, ids.slice(start, start + slice));
  })();
}

/** For the customer detail (domain.md §2.3 "Order summary"): the customer's orders, newest first. */
export async function ordersOfCustomer(db: DbOrTx, customerId: number, scope: WarehouseScope = null) {
  return (await q.findCustomerOrders(db, customerId, scope)).map((o) => ({
    id: o.id,
    intern_id: o.internId,
    created: o.createdAt.toISOString(),
    expected_delivery_date: o.expectedDeliveryDate,
    hidden: o.hidden,
    done: o.done,
    warehouse: o.warehouseId === null ? null : { id: o.warehouseId, name: o.warehouseName ?? '' },
  }));
}

/** Customers and products an order uses, so that an import's undo leaves them (domain.md §2.14). */
export const customersOnOrders = (db: DbOrTx, customerIds: number[]) =>
  q.findCustomersOnOrders(db, customerIds);
export const productsOnOrders = (db: DbOrTx, productIds: number[]) => q.findProductsOnOrders(db, productIds);
