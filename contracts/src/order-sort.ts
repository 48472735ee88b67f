import { z } from 'zod';

/**
 * The order list's orders (decision 0027): by expected delivery, creation, customer name, total or
 * state, each way. `expected_delivery` ascending is the default: what is due from today on, soonest
 * first, then the orders still without a date (to be planned), then the past ones, latest first.
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

/**
 * The list's sort parameters. `after` is the opaque `next_after` of the page before (keyset paging):
 * the page starts right after that page's last row, however deep, instead of skipping
 * (current_page − 1) × per_page rows. `current_page` is then only the page's number.
 */
export const orderSortQuerySchema = z.object({
  sort: z
    .enum(orderSorts)
    .default(defaultOrderSort)
    .meta({
      description:
        'expected_delivery (default): from today on soonest first, then undated, then past latest first; ' +
        'descending: latest delivery first, undated last. created, customer (folded name), state ' +
        '(open, done, cancelled), total (price_with_vat, what the customer pays). Ties by id.',
    }),
  direction: z.enum(sortDirections).optional().meta({
    description: 'asc or desc; default: desc for created and total, asc for the others',
  }),
  after: z
    .string()
    .max(1000)
    .regex(/^[A-Za-z0-9_-]+$/, 'a next_after token')
    .optional()
    .meta({
      description:
        'keyset paging: the next_after of the page before, with the same filters, sort and direction; ' +
        'the page starts after its last row (current_page is then only its number). A token of another ' +
        'sort or not written by the server answers 400 / 120.',
    }),
});
