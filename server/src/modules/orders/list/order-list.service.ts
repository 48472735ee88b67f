import type { OrderListItem, OrderListQuery } from '@letokruh/contracts/orders';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import type { DbOrTx } from '../../../db/client.ts';
import type { SessionUser } from '../../../plugins/access.ts';
import { type WarehouseScope, warehouseScope } from '../../../plugins/warehouse-scope.ts';
import { toCustomer } from '../../customers/customers.service.ts';
import { clockOf } from '../order-view.ts';
import * as q from '../orders.queries.ts';
import * as list from './order-list.queries.ts';
import * as sorting from './order-sort.ts';

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
