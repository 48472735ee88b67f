/**
 * The mixed load's writer (decision 0044): what an office changes while others read, through the real
 * API at a steady rate — an order's intern step saved again (its note changed), an order marked
 * done and undone, stock taken in and out, a price set for today. The orders are those of the
 * calendar's week in every yard (the week the office works on; about a third of them in the
 * busiest yard the calendar readers watch), stock and prices those of the busiest yard.
 */
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client.ts';
import { rowsOf } from '../../server/src/db/rows.ts';
import type { Params } from './params.ts';

export type WriteTargets = {
  /** Orders of the calendar week (every yard, shuffled), not done, not cancelled, not drafts. */
  orderIds: number[];
  stock: { warehouseId: number; productId: number }[];
  prices: { productId: number; warehouseId: number; currency: string; price: number; vat: number }[];
};

export const writeKinds = [
  'intern_save',
  'mark_done',
  'stock_change',
  'price_change',
  'mark_undone',
] as const;
export type WriteKind = (typeof writeKinds)[number];

export async function pickWriteTargets(db: Db, p: Params): Promise<WriteTargets> {
  const w = p.calendar.warehouseId;
  const orderIds = (
    await rowsOf<{ id: number }>(
      db,
      sql`select id from orders where not hidden and not done
        and draft_touched_at is null and customer_id is not null and warehouse_id is not null
        and expected_delivery_date between ${p.calendar.dates[0]}::date and ${p.calendar.dates[6]}::date
        order by md5(id::text) limit 200`,
    )
  ).map((r) => r.id);
  const stock = (
    await rowsOf<{ product_id: number }>(
      db,
      sql`select product_id from product_stock where warehouse_id = ${w} order by product_id limit 20`,
    )
  ).map((r) => ({ warehouseId: w, productId: r.product_id }));
  const prices = (
    await rowsOf<{ product_id: number; currency: string; price: string; vat: number }>(
      db,
      sql`select distinct on (product_id, currency) product_id, currency, price::text, vat
        from product_prices where warehouse_id = ${w} order by product_id, currency, from_date desc limit 20`,
    )
  ).map((r) => ({
    productId: r.product_id,
    warehouseId: w,
    currency: r.currency,
    price: Number(r.price),
    vat: r.vat,
  }));
  if (!orderIds.length || !stock.length || !prices.length)
    throw new Error('The mixed load needs orders, stock and prices in the calendar warehouse');
  return { orderIds, stock, prices };
}

/** What the intern save sends back of the order it read (GET /api/order/{id}). */
type OrderAnswer = {
  driver: { id: number } | null;
  car: { id: number } | null;
  default_supplier: { id: number } | null;
  warehouse: { id: number } | null;
  ad_type: { id: number } | null;
  delivery_price: { amount: number; minimum_price: number } | null;
  payment_type: string;
  expected_delivery_date: string | null;
  expected_delivery_time: string | null;
  expected_delivery_duration: string;
  note: string | null;
  version: number;
};

type Send = (method: string, pathname: string, body?: unknown) => Promise<{ status: number; json: unknown }>;

/**
 * The writer's n-th write: which call, and the function that makes it (answering the status). The
 * intern save reads the order first (the page does); only the save is timed.
 */
export function nthWrite(n: number, t: WriteTargets, send: Send, doneOf: Map<number, Promise<unknown>>) {
  const kind = writeKinds[n % writeKinds.length]!;
  const round = Math.floor(n / writeKinds.length);
  const order = t.orderIds[round % t.orderIds.length]!;
  // Done and undone in the same round act on the same order: the week keeps its shape.
  const doneOrder = t.orderIds[(round + Math.floor(t.orderIds.length / 2)) % t.orderIds.length]!;
  switch (kind) {
    case 'intern_save':
      return {
        kind,
        prepare: async () => {
          const read = await send('GET', `/api/order/${order}`);
          if (read.status !== 200) throw new Error(`GET /api/order/${order}: ${read.status}`);
          const o = (read.json as { item: OrderAnswer }).item;
          return () =>
            send('POST', `/api/order/${order}/intern`, {
              driver_id: o.driver?.id ?? null,
              car_id: o.car?.id ?? null,
              supplier_id: o.default_supplier?.id ?? null,
              payment_type: o.payment_type,
              warehouse_id: o.warehouse?.id,
              delivery_price_amount: o.delivery_price?.amount,
              minimim_delivery_price: o.delivery_price?.minimum_price,
              expected_delivery_date: o.expected_delivery_date,
              expected_delivery_time: o.expected_delivery_time,
              expected_delivery_duration: o.expected_delivery_duration,
              note: String(o.note ?? '').endsWith(' ·') ? String(o.note).slice(0, -2) : `${o.note ?? ''} ·`,
              ad_type: o.ad_type?.id ?? null,
              confirm_overlap: true,
              version: o.version,
            });
        },
      };
    case 'mark_done':
      return {
        kind,
        prepare: async () => () => {
          const done = send('PUT', `/api/order/${doneOrder}/done`);
          doneOf.set(round, done);
          return done;
        },
      };
    case 'mark_undone':
      return {
        kind,
        // After this round's done has answered (a slow one may still be on its way), untimed; none
        // when the done was skipped (too many writes on their way).
        prepare: async () => {
          const done = doneOf.get(round);
          doneOf.delete(round);
          if (!done) return null;
          await done;
          return () => send('PUT', `/api/order/${doneOrder}/undone`);
        },
      };
    case 'stock_change': {
      const s = t.stock[round % t.stock.length]!;
      // In on even rounds, out on odd ones: the stock ends where it began.
      const amount = Math.floor(round / t.stock.length) % 2 === 0 ? 1 : -1;
      return {
        kind,
        prepare: async () => () =>
          send('PUT', `/api/update_stock/${s.warehouseId}/${s.productId}`, { amount }),
      };
    }
    case 'price_change': {
      const pr = t.prices[round % t.prices.length]!;
      const price = Math.round((pr.price + (round % 2 ? 0 : 1)) * 100) / 100;
      return {
        kind,
        prepare: async () => () =>
          send('PUT', `/api/product/${pr.productId}/change_price`, {
            product_id: pr.productId,
            warehouse: pr.warehouseId,
            currency: pr.currency,
            price,
            vat: pr.vat,
            from_date: pragueDay(),
          }),
      };
    }
  }
}
