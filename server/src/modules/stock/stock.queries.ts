import type { StockChangeReason } from '@letokruh/contracts/stock';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCountSql } from '../../db/paging.ts';
import { idsAmong } from '../../db/rows.ts';
import { productStock, stockLedger } from '../../db/schema/index.ts';
import { textContains } from '../../db/text-search.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Creates the stock row at 0; answers false when the warehouse already keeps the product. */
export async function insertStockRow(db: DbOrTx, warehouseId: number, productId: number): Promise<boolean> {
  const rows = await db
    .insert(productStock)
    .values({ warehouseId, productId, amount: 0 })
    .onConflictDoNothing()
    .returning({ productId: productStock.productId });
  return rows.length === 1;
}

/**
 * The one way stock changes: `amount = amount + delta` in place, so concurrent changes queue on
 * the row lock and none is lost. With `floor` set, a change that would leave less than the floor
 * updates nothing. Answers the new amount, or undefined when no row was changed.
 */
/** The largest amount a stock row (numeric(12, 2)) holds. */
export const maxStockAmount = 9_999_999_999.99;

export async function addToStock(
  db: DbOrTx,
  options: { warehouseId: number; productId: number; delta: number; floor: number | null },
): Promise<number | undefined> {
  const { warehouseId, productId, delta, floor } = options;
  const guard = floor === null ? sql`` : sql` and amount + ${delta}::numeric >= ${floor}::numeric`;
  // The column's own ceiling (numeric(12, 2)): a change past it is refused, not an overflow error.
  const ceiling = sql` and amount + ${delta}::numeric <= ${maxStockAmount}::numeric`;
  const result = await db.execute(sql`
    update product_stock set amount = amount + ${delta}::numeric, updated_at = now()
    where warehouse_id = ${warehouseId} and product_id = ${productId}${guard}${ceiling}
    returning amount::text as amount`);
  const row = rowsOf<{ amount: string }>(result)[0];
  return row ? Number(row.amount) : undefined;
}

export async function insertLedgerRow(
  db: DbOrTx,
  row: {
    warehouseId: number;
    productId: number;
    delta: number;
    amountAfter: number;
    reason: StockChangeReason;
    userId: number | null;
    orderId?: number | null;
    conversionId?: number | null;
  },
): Promise<void> {
  await db.insert(stockLedger).values(row);
}

export type StockRow = {
  warehouse_id: number;
  amount: string;
  /** Decision 0064: the kept reservation of migration 0042 (0 when none). */
  reserved: string;
  product_id: number;
  name: string;
  shorten_name: string;
  type: 'Měkké' | 'Tvrdé' | 'Doplňkový prodej';
  length: number;
  measurement_unit: 'PRMS' | 'PRMR';
  hidden: boolean;
};

const stockSelect = sql`select ps.warehouse_id, ps.amount::text as amount,
  coalesce(r.amount, 0)::text as reserved, p.id as product_id, p.name,
  p.shorten_name, p.type, p.length, p.measurement_unit, p.hidden
  from product_stock ps join products p on p.id = ps.product_id
  left join stock_reservations r on r.warehouse_id = ps.warehouse_id and r.product_id = ps.product_id`;

export async function findStock(
  db: DbOrTx,
  warehouseId: number,
  productId: number,
): Promise<StockRow | undefined> {
  const result = await db.execute(
    sql`${stockSelect} where ps.warehouse_id = ${warehouseId} and ps.product_id = ${productId}`,
  );
  return rowsOf<StockRow>(result)[0];
}

/** Products of a stock table come by type in domain.md's order (domain.md §2.3), as the offer does. */
const typeOrder = sql`case p.type when 'Měkké' then 0 when 'Tvrdé' then 1 else 2 end`;

export async function listStock(
  db: DbOrTx,
  warehouseId: number,
  options: { offset: number; limit: number; name?: string | undefined },
): Promise<{ rows: StockRow[]; total: number }> {
  const nameFilter = options.name ? sql` and ${textContains(sql`p.name`, options.name)}` : sql``;
  const where = sql`where ps.warehouse_id = ${warehouseId}${nameFilter}`;
  const rows = rowsOf<StockRow>(
    await db.execute(sql`${stockSelect} ${where}
      order by ${typeOrder}, p.name, p.length, p.id limit ${options.limit} offset ${options.offset}`),
  );
  const [counted] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from product_stock ps
      join products p on p.id = ps.product_id ${where}`),
  );
  return { rows, total: Number(counted?.total ?? 0) };
}

/** Amounts of some products in one warehouse; products it does not keep are missing. */
export async function findAmounts(
  db: DbOrTx,
  warehouseId: number,
  productIds: number[],
): Promise<Map<number, number>> {
  if (!productIds.length) return new Map();
  const result = await db.execute(sql`select product_id, amount::text as amount from product_stock
    where warehouse_id = ${warehouseId} and product_id = any(${sql.param(productIds)}::int[])`);
  return new Map(
    rowsOf<{ product_id: number; amount: string }>(result).map((r) => [r.product_id, Number(r.amount)]),
  );
}

export type LedgerRow = {
  id: number;
  warehouse_id: number;
  product_id: number;
  product_name: string;
  measurement_unit: string;
  delta: string;
  amount_after: string;
  reason: StockChangeReason;
  created_at: string | Date;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  order_id: number | null;
  order_intern_id: string | number | null;
  conversion_id: number | null;
};

/** The history of one warehouse, newest first. */
export async function listLedger(
  db: DbOrTx,
  warehouseId: number,
  options: { offset: number; limit: number; productId?: number | undefined },
): Promise<{ rows: LedgerRow[]; total: number }> {
  const where = sql`where l.warehouse_id = ${warehouseId}${
    options.productId ? sql` and l.product_id = ${options.productId}` : sql``
  }`;
  const rows = rowsOf<LedgerRow>(
    await db.execute(sql`
      select l.id::int as id, l.warehouse_id, l.product_id, p.name as product_name, p.measurement_unit,
        l.delta::text as delta, l.amount_after::text as amount_after, l.reason, l.created_at,
        l.user_id, u.first_name, u.last_name, l.order_id, o.intern_id as order_intern_id, l.conversion_id
      from stock_ledger l join products p on p.id = l.product_id left join users u on u.id = l.user_id
        left join orders o on o.id = l.order_id
      ${where} order by l.id desc limit ${options.limit} offset ${options.offset}`),
  );
  return { rows, total: await cappedCountSql(db, sql`from stock_ledger l ${where}`) };
}

/** One product in every warehouse that keeps it, with the warehouse's name (decision 0064). */
export async function listStockOfProduct(
  db: DbOrTx,
  productId: number,
): Promise<(StockRow & { warehouse_name: string })[]> {
  return rowsOf<StockRow & { warehouse_name: string }>(
    await db.execute(sql`select s.*, w.name as warehouse_name from (${stockSelect}
      where ps.product_id = ${productId}) s join warehouses w on w.id = s.warehouse_id
      order by w.hidden, w.name, w.id`),
  );
}

/**
 * Decision 0064, projected stock: per warehouse and product, what the reserving orders dated after
 * `day` hold. Projected on `day` = amount − reserved + this (undated orders count as due now). Only
 * open orders are read, through the list's open-orders index (migration 0036), never the history.
 */
export async function findReservedAfter(
  db: DbOrTx,
  options: { warehouseIds: number[]; productIds: number[]; day: string },
): Promise<Map<string, number>> {
  if (!options.warehouseIds.length || !options.productIds.length) return new Map();
  const rows = rowsOf<{ warehouse_id: number; product_id: number; amount: string }>(
    await db.execute(sql`select o.warehouse_id, i.product_id, sum(i.amount)::text as amount
      from orders o join order_items i on i.order_id = o.id
      where o.warehouse_id = any(${sql.param(options.warehouseIds)}::int[])
        and not o.hidden and not o.done and o.draft_touched_at is null and o.customer_id is not null
        and o.expected_delivery_date > ${options.day}::date
        and i.product_id = any(${sql.param(options.productIds)}::int[])
      group by o.warehouse_id, i.product_id`),
  );
  return new Map(rows.map((r) => [`${r.warehouse_id}:${r.product_id}`, Number(r.amount)]));
}

export type Availability = {
  product_id: number;
  name: string;
  measurement_unit: string;
  /** On hand; 0 when the warehouse does not keep the product. */
  amount: string;
  reserved: string;
};

/** On hand and reserved of some products in one warehouse (every product named answers). */
export async function findAvailability(
  db: DbOrTx,
  warehouseId: number,
  productIds: number[],
): Promise<Availability[]> {
  if (!productIds.length) return [];
  return rowsOf<Availability>(
    await db.execute(sql`select p.id as product_id, p.name, p.measurement_unit,
        coalesce(ps.amount, 0)::text as amount, coalesce(r.amount, 0)::text as reserved
      from products p
      left join product_stock ps on ps.warehouse_id = ${warehouseId} and ps.product_id = p.id
      left join stock_reservations r on r.warehouse_id = ${warehouseId} and r.product_id = p.id
      where p.id = any(${sql.param(productIds)}::int[]) order by p.id`),
  );
}

/**
 * Locks the reservation rows of these keys (made at 0 when missing) in key order, in one statement:
 * an items save that holds them changes them without waiting on another save crosswise, and two
 * saves of one product queue, so each one's check reads what the previous one left.
 */
export async function lockReservations(
  tx: DbOrTx,
  keys: { warehouseId: number; productId: number }[],
): Promise<void> {
  if (!keys.length) return;
  await tx.execute(sql`insert into stock_reservations as r (warehouse_id, product_id, amount)
    select distinct k.w, k.p, 0::numeric from unnest(${sql.param(keys.map((k) => k.warehouseId))}::int[],
      ${sql.param(keys.map((k) => k.productId))}::int[]) as k(w, p)
    order by k.w, k.p
    on conflict (warehouse_id, product_id) do update set amount = r.amount`);
}

/** Which of the products a warehouse keeps (a stock row, even of 0: domain.md §2.14 undo). */
export const findProductsInStock = (db: DbOrTx, productIds: number[]) =>
  idsAmong(db, productStock.productId, productIds);
