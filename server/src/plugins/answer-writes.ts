import type { FastifyInstance } from 'fastify';
import type { AnswerCache } from './answer-cache.ts';
import { mayWrite, routeKeyOf } from './auth.ts';

/**
 * Decision 0044: writes that change no table a cached answer reads. Stock changes (product_stock,
 * stock_ledger) and price lists (product_prices): the calendar, delivery notes, overviews and list
 * totals read the orders with their own lines' prices, never the stock or the price list. They
 * draw no version, so the office's stock and price work leaves the cached answers alone
 * (answer-scopes.test.ts reads every kind of cached answer after each of them against a fresh
 * one). A new cached answer that reads these tables must take its route off this list.
 */
export const answerNeutralWrites = new Set([
  'PUT /api/update_stock/:warehouseId/:productId',
  'PUT /api/product/:id/change_price',
]);

/**
 * Decision 0050: the routes that write only orders, their lines and tables no cached answer reads
 * (stock, the audit log, edit locks). They draw the orders' version, not the data version: the
 * answers scoped to days or to one order (`AnswerScope`) then stay cached unless the triggers of
 * migration 0034 raised their scope. answer-scopes.test.ts reads every kind of cached answer after
 * each of them against a fresh one. A route that also writes customers, products, warehouses,
 * users or settings (the customer step, for one) must not be here.
 */
export const orderWrites = new Set([
  'GET /api/order/add',
  'GET /api/order/:id/copy',
  'DELETE /api/order/:id/discard',
  'DELETE /api/order/:id/delete',
  'PUT /api/order/:id/restore',
  'PUT /api/order/:id/done',
  'PUT /api/order/:id/undone',
  'PUT /api/order/:id/collect_revenue',
  'PUT /api/order/:id/return_revenue',
  'PUT /api/order/:id/:itemId/prepared',
  'PUT /api/order/:id/reschedule',
  'POST /api/order/:id/items',
  'POST /api/order/:id/intern',
]);

/**
 * Draws a new version for every request that may have changed data: the unsafe methods and the
 * domain.md's writing GETs (`writingGets`, route keys such as `GET /api/order/add`, as the framework
 * matched them), unless it was refused (4xx: nothing was written) or it is one of
 * `answerNeutralWrites`; the orders' version for `orderWrites`, the data version for every other
 * (deny by default). Runs in onSend, before the answer leaves.
 */
export function registerDataVersion(
  app: FastifyInstance,
  cache: AnswerCache,
  writingGets: Set<string>,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = routeKeyOf(request);
    const writes = mayWrite(request, writingGets) && !answerNeutralWrites.has(route);
    if (writes && (reply.statusCode < 400 || reply.statusCode >= 500)) {
      await cache.bump(orderWrites.has(route) ? 'orders' : 'all');
    }
    return payload;
  });
}
