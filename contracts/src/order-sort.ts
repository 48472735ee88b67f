/**
 * The order list's orders (decision 0027): by expected delivery, creation, customer name, total or
 * state, each way. `expected_delivery` ascending is the default: what is due from today on, soonest
 * first, then the orders still without a date (to be planned), then the past ones, latest first.
 * Plain values, no zod: the web's order list reads them (the list query's schema is in orders.ts).
 */
export const orderSorts = ['expected_delivery', 'created', 'customer', 'total', 'state'] as const;
export type OrderSort = (typeof orderSorts)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/**
 * Where a column starts when its header is first clicked: the soonest, newest, A–Z, the largest
 * total (the orders worth most), open first.
 */
export const firstDirection: Record<OrderSort, SortDirection> = {
  expected_delivery: 'asc',
  created: 'desc',
  customer: 'asc',
  total: 'desc',
  state: 'asc',
};

export const defaultOrderSort: OrderSort = 'expected_delivery';
