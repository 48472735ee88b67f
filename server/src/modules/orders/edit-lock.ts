import type { Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import * as q from './orders.queries.ts';

/**
 * Opens an edit of one of the three steps: the order under its row lock, 404 when missing, 409 when
 * the version the page was loaded with is stale (nothing is written) or when the order is cancelled
 * (restore it first).
 */
export async function lockForEdit(tx: Tx, id: number, version: number | undefined): Promise<q.OrderRow> {
  const order = await q.findOrder(tx, id, { lock: true });
  if (!order) throw notFound('Order not found');
  if (version !== undefined && version !== order.version) {
    throw conflict(`The order was changed meanwhile (version ${order.version}, edit of ${version})`);
  }
  if (order.hidden) throw conflict('A cancelled order cannot be edited');
  return order;
}
