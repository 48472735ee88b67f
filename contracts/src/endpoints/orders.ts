import { idParamSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { calendarAnswerSchema, calendarOrdersQuerySchema, orderRescheduleSchema } from '../order-calendar.ts';
import { internConflictAnswerSchema } from '../order-steps.ts';
import {
  orderAddAnswerSchema,
  orderAnswerSchema,
  orderCopyAnswerSchema,
  orderDiscardAnswerSchema,
  orderItemPathSchema,
  orderListAnswerSchema,
  orderListQuerySchema,
} from '../orders.ts';

/** The order's id in, the order (as it now is, after a transition of domain.md §1.4) out. */
const orderById = { params: idParamSchema, answers: { 200: orderAnswerSchema } } as const;

/** The order list, detail, creation, copy, the transitions of domain.md §1.4 and the calendar (domain.md §1.7). */
export const ordersEndpoints = {
  list: endpoint('GET /orders', { query: orderListQuerySchema, answers: { 200: orderListAnswerSchema } }),
  // A GET that creates, as domain.md has it: the draft is harmless and costs one order number.
  add: endpoint('GET /order/add', { answers: { 200: orderAddAnswerSchema } }),
  detail: endpoint('GET /order/:id', orderById),
  copy: endpoint('GET /order/:id/copy', { params: idParamSchema, answers: { 200: orderCopyAnswerSchema } }),
  discard: endpoint('DELETE /order/:id/discard', {
    params: idParamSchema,
    answers: { 200: orderDiscardAnswerSchema },
  }),
  cancel: endpoint('DELETE /order/:id/delete', orderById),
  restore: endpoint('PUT /order/:id/restore', orderById),
  done: endpoint('PUT /order/:id/done', orderById),
  undone: endpoint('PUT /order/:id/undone', orderById),
  collectRevenue: endpoint('PUT /order/:id/collect_revenue', orderById),
  returnRevenue: endpoint('PUT /order/:id/return_revenue', orderById),
  linePrepared: endpoint('PUT /order/:id/:itemId/prepared', {
    params: orderItemPathSchema,
    answers: { 200: orderAnswerSchema },
  }),
  /** Served at /api/api/get-orders (domain.md §3.2): the whole orders, or the lean week with `view=calendar`. */
  calendar: endpoint('GET /api/get-orders', {
    query: calendarOrdersQuerySchema,
    answers: { 200: calendarAnswerSchema },
  }),
  // Beyond domain.md: dragging an order on the calendar (decision 0014), with the intern step's clash rule.
  reschedule: endpoint('PUT /order/:id/reschedule', {
    params: idParamSchema,
    body: orderRescheduleSchema,
    answers: { 200: orderAnswerSchema, 409: internConflictAnswerSchema },
  }),
};
