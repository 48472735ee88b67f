import { roundMoney } from '@letokruh/contracts/rules/money';
import type { Tx } from '../../../db/client.ts';
import { changeStock, keepProduct } from '../../stock/stock.service.ts';

/** What an order takes from stock while it is done: its warehouse and the amounts of its lines. */
export type Taken = { warehouseId: number; lines: { productId: number; amount: number }[] } | null;

/**
 * Moves stock from what a done order took (`before`) to what it takes now (`after`), through the
 * stock service in the caller's transaction (domain.md §3.3 Stock): done takes (`order_done`), undone and
 * cancel give back (`order_undone`), an edit of a done order moves only the differences. Done
 * orders may take stock below zero: the goods did leave the yard. Rows are changed in warehouse
 * and product order, so two transactions never wait on each other crosswise.
 */
export async function moveStock(
  tx: Tx,
  options: { orderId: number; userId: number; before: Taken; after: Taken },
): Promise<void> {
  const deltas = new Map<string, { warehouseId: number; productId: number; delta: number }>();
  const add = (taken: Taken, sign: 1 | -1) => {
    for (const line of taken?.lines ?? []) {
      const key = `${taken!.warehouseId}:${line.productId}`;
      const entry = deltas.get(key) ?? {
        warehouseId: taken!.warehouseId,
        productId: line.productId,
        delta: 0,
      };
      entry.delta += sign * line.amount;
      deltas.set(key, entry);
    }
  };
  add(options.before, 1);
  add(options.after, -1);
  const changes = [...deltas.values()]
    .map((c) => ({ ...c, delta: roundMoney(c.delta) }))
    .filter((c) => c.delta !== 0)
    .sort((a, b) => a.warehouseId - b.warehouseId || a.productId - b.productId);
  for (const change of changes) {
    // A product the yard no longer (or never) kept gets its stock row back, at 0.
    await keepProduct(tx, change.warehouseId, change.productId);
    await changeStock(tx, {
      ...change,
      reason: change.delta < 0 ? 'order_done' : 'order_undone',
      userId: options.userId,
      orderId: options.orderId,
      allowNegative: true,
    });
  }
}
