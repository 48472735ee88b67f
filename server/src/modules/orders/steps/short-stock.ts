import { ErrorCode } from '@letokruh/contracts/errors';
import type { ShortStock } from '@letokruh/contracts/order-steps';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../plugins/errors.ts';
import { writeAudit } from '../../audit/audit.service.ts';
import { lockReservations, stockAvailability } from '../../stock/stock.service.ts';
import type * as q from '../orders.queries.ts';

/** Decision 0064: the items step against the warehouse's available stock. */

type Line = { productId: number; amount: number };
type Held = { name: string; measurementUnit: string; amount: number; reserved: number };

/** Hundredths: amounts are kept to two decimals, so comparisons stay exact. */
const cents = (n: number) => Math.round(n * 100);

/** Whether an order reserves its lines in its warehouse: migration 0042's `order_reserves`. */
export const reserves = (
  order: Pick<q.OrderRow, 'hidden' | 'done' | 'draftTouchedAt' | 'customerId' | 'warehouseId'>,
) =>
  !order.hidden &&
  !order.done &&
  order.draftTouchedAt === null &&
  order.customerId !== null &&
  order.warehouseId !== null;

/**
 * The lines that take more than the order holds now (`own`, counted back) and more than is
 * available to it: on hand − reserved (by every order) + own. A line the save leaves as it was, or
 * lowers, never counts, even when other orders have since taken the stock below zero.
 */
export function shortLines(lines: Line[], own: Map<number, number>, stock: Map<number, Held>): ShortStock[] {
  const short: ShortStock[] = [];
  for (const line of lines) {
    const held = own.get(line.productId) ?? 0;
    if (cents(line.amount) <= cents(held)) continue;
    const s = stock.get(line.productId);
    const available = cents(s?.amount ?? 0) - cents(s?.reserved ?? 0) + cents(held);
    if (cents(line.amount) <= available) continue;
    short.push({
      product_id: line.productId,
      name: s?.name ?? String(line.productId),
      measurement_unit: s?.measurementUnit ?? '',
      available: available / 100,
      asked: line.amount,
    });
  }
  return short;
}

/**
 * Before an items save writes: the reservation rows it will change are locked (so saves of one
 * product queue and each checks what the previous left), then the new lines are checked against
 * the available stock of the order's (new) warehouse. Short products answer 409 / 144 with the
 * list, unless the payload confirms with a reason; the override is written to the audit log in
 * the same transaction. A done order holds what it took (on hand is already lower by it); a draft
 * or an order moving to another warehouse holds nothing there yet.
 */
export async function checkShortStock(
  tx: Tx,
  options: {
    order: q.OrderRow;
    warehouseId: number;
    lines: Line[];
    oldLines: Line[];
    confirm: { confirm_short_stock?: boolean | undefined; short_stock_reason?: string | undefined };
    userId: number;
    /** The step that saves (the audit row's path): the items step unless told. */
    step?: 'items' | 'intern';
  },
): Promise<void> {
  const { order, warehouseId, lines, oldLines } = options;
  const before = reserves(order);
  const after = reserves({ ...order, warehouseId });
  const keys = [
    ...(before ? oldLines.map((l) => ({ warehouseId: order.warehouseId!, productId: l.productId })) : []),
    ...(after ? lines.map((l) => ({ warehouseId, productId: l.productId })) : []),
  ];
  await lockReservations(tx, keys);

  const holds = order.warehouseId === warehouseId && (before || order.done);
  const own = new Map(holds ? oldLines.map((l) => [l.productId, l.amount]) : []);
  const stock = await stockAvailability(
    tx,
    warehouseId,
    lines.map((l) => l.productId),
  );
  const short = shortLines(lines, own, stock);
  if (!short.length) return;
  // One confirmation per action: at the intern step, a shortage the items step confirmed already
  // (the same products, no more asked, no less available) is not asked about again.
  if (options.step === 'intern' && !options.confirm.confirm_short_stock) {
    if (await confirmedBefore(tx, order.id, warehouseId, short)) return;
  }
  if (!options.confirm.confirm_short_stock) {
    const list = short.map((s) => `${s.name} (available ${s.available}, asked ${s.asked})`).join(', ');
    throw new AppError(409, ErrorCode.stockShortNeedsConfirmation, `Not enough stock: ${list}`, undefined, {
      short,
    });
  }
  await writeAudit(tx, {
    userId: options.userId,
    entity: 'order',
    entityId: order.id,
    action: 'short_stock_override',
    method: 'POST',
    path: `/api/order/${order.id}/${options.step ?? 'items'}`,
    details: { reason: options.confirm.short_stock_reason, warehouse_id: warehouseId, short },
  });
}

/**
 * Whether the order's last short-stock confirmation (its audit row) in this warehouse covers every
 * line short now: the same product, at least as much asked then, at most as much available then.
 * Stock others took since makes the shortage new, and it is asked about again.
 */
async function confirmedBefore(tx: Tx, orderId: number, warehouseId: number, short: ShortStock[]) {
  const rows = (await tx.execute(sql`
    select details from audit_log
    where entity = 'order' and entity_id = ${orderId} and action = 'short_stock_override'
    order by id desc limit 1`)) as unknown as {
    rows: { details: { warehouse_id?: number; short?: ShortStock[] } }[];
  };
  const last = rows.rows[0]?.details;
  if (!last || last.warehouse_id !== warehouseId || !Array.isArray(last.short)) return false;
  return short.every((s) =>
    last.short!.some(
      (c) => c.product_id === s.product_id && c.asked >= s.asked && c.available <= s.available,
    ),
  );
}
