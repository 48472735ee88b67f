import type { CustomerAdd } from '@letokruh/contracts/customers';
import type { AnswerOf } from '@letokruh/contracts/endpoint';
import type { CalendarOrder, CalendarWeek } from '@letokruh/contracts/order-calendar';
import type { InternConflictAnswer, OrderItemsPayload, ProductGroup } from '@letokruh/contracts/order-steps';
import { calendarEntries } from '@letokruh/contracts/rules/calendar-entries';
import type { Currency } from '@letokruh/contracts/rules/money';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import {
  orderStepsEndpoints as e,
  ordersEndpoints as orders,
  productsEndpoints as products,
  referenceEndpoints as reference,
  stockEndpoints as stock,
  vacationsEndpoints as vacations,
} from '../../lib/routes';

/** Every order query starts so; a save invalidates them all (list, detail, calendar). */
export const ordersKey = ['orders'] as const;

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'item', id],
    queryFn: ({ signal }) => call(orders.detail, { params: { id }, signal }).then((a) => a.item),
  });

export type CustomerSearch = { phone: string; first_name: string; last_name: string };

/** GET /api/get-customers/phone (domain.md §1.7): each given field narrows. */
export const customerSearchQuery = (search: CustomerSearch) =>
  queryOptions({
    queryKey: ['order-steps', 'customer-search', search],
    queryFn: ({ signal }) => call(e.customerSearch, { query: search, signal }).then((a) => a.data),
    staleTime: 10_000,
  });

/** POST /order/{id}/customer: a found customer, or the add-customer form's create payload. */
export const saveCustomer = (id: number, body: { id_found: number } | CustomerAdd, version?: number) =>
  call(e.saveCustomer, { params: { id }, body: { ...body, version } }).then((a) => a.item);

export type WarehouseDistance = AnswerOf<typeof e.warehouseDistance>['warehouses_distance'][number];

export const warehouseDistanceQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['order-steps', 'warehouse-distance', orderId],
    queryFn: ({ signal }) =>
      call(e.warehouseDistance, { params: { orderId }, signal }).then((a) => a.warehouses_distance),
  });

export type { ProductGroup };

export const availableProductsQuery = (warehouseId: number, currency: Currency) =>
  queryOptions({
    queryKey: ['order-steps', 'available-products', warehouseId, currency],
    queryFn: ({ signal }) =>
      call(products.available, { query: { warehouse_id: warehouseId, currency }, signal }).then(
        (a) => a.products_types,
      ),
  });

export const saveItems = (id: number, body: OrderItemsPayload) =>
  call(e.saveItems, { params: { id }, body }).then((a) => a.item);

export const orderDriversQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['order-steps', 'drivers', orderId],
    queryFn: ({ signal }) => call(e.drivers, { params: { id: orderId }, signal }).then((a) => a.items),
  });

export type CarItem = AnswerOf<typeof e.cars>['items'][number];
export const orderCarsQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['order-steps', 'cars', orderId],
    queryFn: ({ signal }) => call(e.cars, { params: { id: orderId }, signal }).then((a) => a.items),
  });

export { activeSuppliersQuery as suppliersQuery } from '../../lib/reference-queries';

export const adtypesQuery = queryOptions({
  queryKey: ['adtypes', 'active'],
  queryFn: ({ signal }) =>
    call(reference.adtypes, { signal }).then((a) => a.items.filter((s) => s.active !== false)),
  staleTime: 60_000,
});

/** The intern step's form as the server reads it (contracts `orderInternPayloadSchema`). */
export type InternPayload = {
  driver_id: number | null;
  car_id: number | null;
  supplier_id: number | null;
  payment_type: 'cash' | 'qr_transfer';
  expected_delivery_date: string;
  expected_delivery_time: string;
  expected_delivery_duration: number;
  note: string;
  ad_type: number | null;
  confirm_overlap: boolean;
  /** Sent only when a former personal collection gets a driver again: the currency's defaults. */
  delivery_price_amount?: number;
  minimim_delivery_price?: number;
  version?: number;
};

/** The saved order and what a personal collection cleared (car, transport rate and minimum). */
export const saveIntern = (id: number, body: InternPayload) => call(e.saveIntern, { params: { id }, body });

/** The body of a 409 / 141: what the delivery runs into. */
export type ClashAnswer = InternConflictAnswer;

export const addOrder = () => call(orders.add).then((a) => a.id);
export const copyOrder = (id: number) => call(orders.copy, { params: { id } }).then((a) => a.order_id);

export type CalendarQuery = {
  warehouses: number[];
  dates: string[];
  /** Every warehouse's orders besides the chosen ones (spelt so by domain.md). */
  combined: boolean;
  /** The order being edited, left out. */
  idOut?: number;
};

/** The week's answer is one of two shapes (`view`): each query reads its own. */
type WeekAnswer = AnswerOf<typeof orders.calendar>;
const leanWeek = (a: WeekAnswer): CalendarWeek => {
  if ('data' in a) throw new Error('get-orders: the whole orders came for view=calendar');
  return a;
};
const wholeOrders = (a: WeekAnswer): CalendarOrder[] => {
  if (!('data' in a)) throw new Error('get-orders: the lean week came without view');
  return a.data;
};

const calendarParams = (q: CalendarQuery) => ({
  warehouses: q.warehouses,
  dates: q.dates,
  show_cobined: q.combined ? ('true' as const) : ('false' as const),
  id_out: q.idOut,
});

/**
 * GET /api/get-orders (domain.md §1.7) with `view=calendar` (decision 0049): what the calendars
 * draw, about a tenth of the whole orders' bytes; an order's detail is loaded when it is opened.
 */
export const calendarOrdersQuery = (q: CalendarQuery) =>
  queryOptions({
    queryKey: [...ordersKey, 'calendar', q],
    queryFn: ({ signal }) =>
      call(orders.calendar, { query: { ...calendarParams(q), view: 'calendar' }, signal })
        .then(leanWeek)
        .then(calendarEntries),
    enabled: q.dates.length > 0 && (q.warehouses.length > 0 || q.combined),
  });

/** The same orders whole (GET /api/get-orders without `view`): the printed day sheet needs them. */
export const calendarFullOrdersQuery = (q: CalendarQuery) =>
  queryOptions({
    queryKey: [...ordersKey, 'calendar-full', q],
    queryFn: ({ signal }) => call(orders.calendar, { query: calendarParams(q), signal }).then(wholeOrders),
    enabled: q.dates.length > 0 && (q.warehouses.length > 0 || q.combined),
  });

export const calendarClosuresQuery = (warehouses: number[], dates: string[]) =>
  queryOptions({
    queryKey: ['vacations', 'calendar', 'closures', warehouses, dates],
    queryFn: ({ signal }) =>
      call(vacations.calendarClosures, { query: { warehouses, dates }, signal }).then((a) => a.data),
    enabled: warehouses.length > 0 && dates.length > 0,
  });

export const calendarDriverVacationsQuery = (dates: string[]) =>
  queryOptions({
    queryKey: ['vacations', 'calendar', 'drivers', dates],
    queryFn: ({ signal }) =>
      call(vacations.calendarDriverVacations, { query: { dates }, signal }).then((a) => a.data),
    enabled: dates.length > 0,
  });

/**
 * GET /warehouse/{id}/product_stock (decision 0064): the chosen warehouse's stock, available and
 * projected on `date` (today when absent), for the product picker (one page of 1000, as the
 * conversion calculator reads it).
 */
export const pickerStockQuery = (warehouseId: number, date: string | null) =>
  queryOptions({
    queryKey: ['order-steps', 'stock', warehouseId, date],
    queryFn: ({ signal }) =>
      call(stock.list, {
        params: { id: warehouseId },
        query: { current_page: 1, per_page: 1000, ...(date ? { date } : {}) },
        signal,
      }).then((a) => a.items),
    staleTime: 10_000,
  });
