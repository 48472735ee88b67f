import { toMinor } from '@letokruh/contracts/rules/money';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { ProductSumRow, StatsFilter } from './stats.queries.ts';

/**
 * The month's overviews from the daily sums of migration 0030 (decision 0043): a few hundred rows per
 * month instead of every order and line of it (seconds at a million orders; figures:
 * bench/results/2026-11-29-comment-figures.md). The sums are kept by
 * triggers in the transaction of every order change, and count the orders stats.queries.ts
 * conditions() counts; day-sums.test.ts holds them equal to the full recomputation.
 */

type DayFilter = Pick<StatsFilter, 'from' | 'to' | 'warehouse' | 'done'>;

function where(f: DayFilter): SQL {
  const parts = [sql`day >= ${f.from}::date`, sql`day <= ${f.to}::date`];
  if (f.warehouse !== undefined) parts.push(sql`warehouse_id = ${f.warehouse}`);
  if (f.done !== undefined) parts.push(sql`done = ${f.done}`);
  return sql.join(parts, sql` and `);
}

const minor = (value: unknown) => toMinor(Number(value ?? 0));

export type DaySumRow = {
  currency: 'CZK' | 'EUR';
  warehouseId: number;
  /** null: the warehouse's sums over the whole range. */
  day: string | null;
  count: number;
  travel: number;
  products: number;
  total: number;
};

/** Per warehouse and currency, and per warehouse, currency and day: orders, travel, products, total. */
export async function sumOrderDays(db: DbOrTx, filter: DayFilter): Promise<DaySumRow[]> {
  const result = await rowsOf(
    db,
    sql`
    select warehouse_id, currency, day::text as day, grouping(day) as whole, sum(order_count)::int as count,
           sum(travel) as travel, sum(total - travel) as products, sum(total) as total
    from order_day_sums where ${where(filter)}
    group by grouping sets ((warehouse_id, currency), (warehouse_id, currency, day))
    having sum(order_count) <> 0`,
  );
  return result.map((r) => ({
    currency: r.currency as 'CZK' | 'EUR',
    warehouseId: Number(r.warehouse_id),
    day: Number(r.whole) === 1 ? null : String(r.day),
    count: Number(r.count),
    travel: minor(r.travel),
    products: minor(r.products),
    total: minor(r.total),
  }));
}

/** Per product and currency: amount, lines and Σ of the lines with VAT (no net: the overview shows none). */
export async function sumProductDays(db: DbOrTx, filter: DayFilter): Promise<Omit<ProductSumRow, 'net'>[]> {
  const result = await rowsOf(
    db,
    sql`
    select product_id, currency, sum(amount) as amount, sum(with_vat) as with_vat, sum(line_count)::int as orders
    from order_product_day_sums where ${where(filter)}
    group by product_id, currency
    having sum(line_count) <> 0`,
  );
  return result.map((r) => ({
    productId: Number(r.product_id),
    currency: r.currency as 'CZK' | 'EUR',
    amount: minor(r.amount),
    withVat: minor(r.with_vat),
    orders: Number(r.orders),
  }));
}
