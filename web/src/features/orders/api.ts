import type { AnswerOf } from '@letokruh/contracts/endpoint';
import type { OrderReschedule } from '@letokruh/contracts/order-calendar';
import {
  defaultOrderSort,
  firstDirection,
  type OrderSort,
  type SortDirection,
} from '@letokruh/contracts/order-sort';
import type { Order, OrderListItem, OrderState } from '@letokruh/contracts/orders';
import type { SendEmailQrBody } from '@letokruh/contracts/payments';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import {
  driverEndpoints as driver,
  ordersEndpoints as e,
  paymentsEndpoints as p,
  referenceEndpoints as reference,
  warehousesEndpoints as warehouses,
} from '../../lib/routes';

/** Query keys of the orders area; every transition invalidates `ordersKey`. */
export const ordersKey = ['orders'] as const;

/** The list filters of domain.md §1.2 as the user entered them (strings; empty means no filter). */
export type OrderFilters = {
  internId: string;
  createdFrom: string;
  createdTo: string;
  expectedDeliveryDateFrom: string;
  expectedDeliveryDateTo: string;
  name: string;
  wholePhone: string;
  fullAddress: string;
  /** A warehouse id, or '' for all. */
  warehouse: string;
  state: OrderState;
  /** An ad type id, or '' for all. */
  adtype: string;
};

export const noOrderFilters: OrderFilters = {
  internId: '',
  createdFrom: '',
  createdTo: '',
  expectedDeliveryDateFrom: '',
  expectedDeliveryDateTo: '',
  name: '',
  wholePhone: '',
  fullAddress: '',
  warehouse: '',
  state: 'all',
  adtype: '',
};

/** `next_after`: the keyset token of the page after this one (decision 0027). */
export type OrderList = AnswerOf<typeof e.list>;
type Paging = { current_page: number; per_page: number };
/** The sort, and where the page starts when the page before it was seen (keyset). */
type Ordering = { sort: OrderSort; direction: SortDirection; after?: string | undefined };

const day = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const id = (value: string) => (/^\d+$/.test(value) && Number(value) > 0 ? value : undefined);

/**
 * What GET /orders is sent (contracts orderListQuerySchema). Values the server would refuse are
 * left out rather than earning a 400; the created dates and the ad type only with add_order
 * (domain.md §1.2), as the server ignores them otherwise.
 */
export function orderListParams(
  filters: OrderFilters,
  paging: Paging,
  canAddOrder: boolean,
  order: Ordering,
) {
  const internId = filters.internId.trim();
  return {
    ...paging,
    // The defaults are left out: a plain list asks what it always asked.
    sort: order.sort === defaultOrderSort ? undefined : order.sort,
    direction: order.direction === firstDirection[order.sort] ? undefined : order.direction,
    after: order.after,
    internId: /^\d{1,10}$/.test(internId) ? internId : undefined,
    createdFrom: canAddOrder ? day(filters.createdFrom) : undefined,
    createdTo: canAddOrder ? day(filters.createdTo) : undefined,
    expectedDeliveryDateFrom: day(filters.expectedDeliveryDateFrom),
    expectedDeliveryDateTo: day(filters.expectedDeliveryDateTo),
    name: filters.name.trim(),
    wholePhone: filters.wholePhone.trim(),
    fullAddress: filters.fullAddress.trim(),
    warehouse: id(filters.warehouse),
    state: filters.state === 'all' ? undefined : filters.state,
    adtype: canAddOrder ? id(filters.adtype) : undefined,
  };
}

export const orderListQuery = (params: ReturnType<typeof orderListParams>) =>
  queryOptions({
    queryKey: [...ordersKey, 'list', params],
    queryFn: ({ signal }) => call(e.list, { query: params, signal }),
    placeholderData: keepPreviousData,
  });

export const orderQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'item', orderId],
    queryFn: ({ signal }) => call(e.detail, { params: { id: orderId }, signal }).then((a) => a.item),
  });

/** GET /order/:id/delivery: the driver's proof of delivery (domain.md §2.11), null until recorded. */
export const deliveryProofQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'item', orderId, 'delivery'],
    queryFn: ({ signal }) => call(driver.proof, { params: { id: orderId }, signal }).then((a) => a.delivery),
  });

export { activeSuppliersQuery as suppliersQuery } from '../../lib/reference-queries';

/** GET /adtypes: loaded only with add_order (domain.md §1.6). */
export const adtypesQuery = queryOptions({
  queryKey: ['adtypes'],
  queryFn: ({ signal }) => call(reference.adtypes, { signal }).then((a) => a.items),
  staleTime: 60_000,
});

/** GET /warehouses: every warehouse in use, for the orders PDF. */
export const warehousesQuery = queryOptions({
  queryKey: ['warehouses', 'all-for-orders-pdf'],
  queryFn: ({ signal }) =>
    call(warehouses.list, { query: { current_page: 1, per_page: 1000 }, signal }).then((a) => a.items),
  staleTime: 60_000,
});

export const addOrder = () => call(e.add).then((a) => a.id);
/** Decision 0030: a draft goes for good (DELETE /order/{id}/discard); an order is cancelled instead. */
export const discardDraft = (orderId: number) => call(e.discard, { params: { id: orderId } });

/** Where a draft left off (decision 0030): the first of the three steps not filled in yet. */
export function resumeStep(order: Pick<OrderListItem, 'customer' | 'warehouse' | 'currency'>) {
  if (order.customer === null) return 'customer';
  if (order.warehouse === null || order.currency === null) return 'items';
  return 'intern';
}
export const copyOrder = (orderId: number) =>
  call(e.copy, { params: { id: orderId } }).then((a) => a.order_id);

/** The transitions of domain.md §1.4 and their endpoints (domain.md §1.7); each answers `{ item }`. */
export const transitions = {
  cancel: e.cancel,
  restore: e.restore,
  done: e.done,
  undone: e.undone,
  collectRevenue: e.collectRevenue,
  returnRevenue: e.returnRevenue,
};
export type Transition = keyof typeof transitions;

/**
 * The notice after a transition, in the order's own terms (decision 0024): a bank transfer marked paid
 * is "zaplacená převodem", never "hotovost převzata"; taking it back likewise.
 */
export function transitionNotice(name: Transition, order: Pick<Order, 'pay_by_cash'>): string {
  if (!order.pay_by_cash && name === 'collectRevenue') return 'orders.notices.markPaid';
  if (!order.pay_by_cash && name === 'returnRevenue') return 'orders.notices.unmarkPaid';
  return `orders.notices.${name}`;
}

export const runTransition = (orderId: number, transition: Transition) =>
  call(transitions[transition], { params: { id: orderId } }).then((a) => a.item);

export const markLinePrepared = (orderId: number, lineId: number) =>
  call(e.linePrepared, { params: { id: orderId, itemId: lineId } }).then((a) => a.item);

/** Dragging an order on the calendar (decision 0014); a clash answers 409 / 141 until confirmed. */
export const rescheduleOrder = (orderId: number, body: OrderReschedule) =>
  call(e.reschedule, { params: { id: orderId }, body }).then((a) => a.item);

export const qrPaymentQuery = (orderId: number, supplierId: number | null) =>
  queryOptions({
    queryKey: [...ordersKey, 'qr', orderId, supplierId],
    queryFn: ({ signal }) =>
      call(p.qrPayment, { params: { id: orderId }, query: { supplier: supplierId }, signal }),
    enabled: supplierId !== null,
  });

export const sendEmailQr = (orderId: number, body: SendEmailQrBody) =>
  call(p.sendEmailQr, { params: { id: orderId }, body });
