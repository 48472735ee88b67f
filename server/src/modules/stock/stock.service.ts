import { roundMoney } from '@letokruh/contracts/rules/money';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import type { ProductStock, StockChange, StockChangeReason } from '@letokruh/contracts/stock';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { requireProduct } from '../products/products.service.ts';
import { requireWarehouse } from '../warehouses/warehouses.service.ts';
import * as q from './stock.queries.ts';

/** Hundredths (stock is kept to two decimals), so that sums and differences stay exact. */
const cents = (value: string | number) => Math.round(Number(value) * 100);

/**
 * Decision 0064: on hand, reserved, available = on hand − reserved, and projected on `day` = on hand
 * − what the reserving orders due by then hold (reserved − `reservedAfter`, the ones dated later).
 */
const toProductStock = (r: q.StockRow, reservedAfter: number, day: string): ProductStock => ({
  warehouse_id: r.warehouse_id,
  amount: Number(r.amount),
  reserved: Number(r.reserved),
  available: (cents(r.amount) - cents(r.reserved)) / 100,
  projected: (cents(r.amount) - cents(r.reserved) + cents(reservedAfter)) / 100,
  projected_date: day,
  product: {
    id: r.product_id,
    name: r.name,
    shorten_name: r.shorten_name,
    type: r.type,
    length: r.length,
    measurement_unit: r.measurement_unit,
    hidden: r.hidden,
  },
});

const toStockChange = (r: q.LedgerRow): StockChange => ({
  id: r.id,
  product_stock: {
    warehouse_id: r.warehouse_id,
    product: { id: r.product_id, name: r.product_name, measurement_unit: r.measurement_unit },
  },
  amount: Number(r.delta),
  amount_after: Number(r.amount_after),
  reason: r.reason,
  created: new Date(r.created_at).toISOString(),
  created_by:
    r.user_id === null
      ? null
      : { id: r.user_id, first_name: r.first_name ?? '', last_name: r.last_name ?? '' },
  order_id: r.order_id,
  order_intern_id: r.order_intern_id === null ? null : Number(r.order_intern_id),
  conversion_id: r.conversion_id,
});

export type StockChangeInput = {
  warehouseId: number;
  productId: number;
  delta: number;
  reason: StockChangeReason;
  userId: number | null;
  orderId?: number | null;
  conversionId?: number | null;
  /** Orders may leave stock below zero (the goods did leave); manual changes and conversions may not. */
  allowNegative?: boolean;
};

/**
 * The only way to change stock (domain.md §3.3): the atomic update and its ledger row in the caller's
 * transaction. Orders and conversions call this with their reason. Answers the new amount;
 * 404 when the warehouse does not keep the product, 409 when the stock would go below zero.
 */
export async function changeStock(tx: Tx, input: StockChangeInput): Promise<number> {
  const delta = roundMoney(input.delta);
  const amountAfter = await q.addToStock(tx, {
    warehouseId: input.warehouseId,
    productId: input.productId,
    delta,
    floor: input.allowNegative ? null : 0,
  });
  if (amountAfter === undefined) {
    const current = await q.findStock(tx, input.warehouseId, input.productId);
    if (!current) throw notFound('The warehouse does not keep this product');
    if (Number(current.amount) + delta > q.maxStockAmount)
      throw conflict(`Too much stock: ${current.amount} in stock, change of ${delta}`);
    throw conflict(`Not enough stock: ${current.amount} in stock, change of ${delta}`);
  }
  await q.insertLedgerRow(tx, { ...input, delta, amountAfter });
  return amountAfter;
}

/** PUT /update_stock/{warehouseId}/{productId}: a manual change by `amount`. */
export async function updateStock(
  db: Db,
  userId: number,
  warehouseId: number,
  productId: number,
  amount: number,
): Promise<ProductStock> {
  return db.transaction(async (tx) => {
    await requireWarehouse(tx, warehouseId);
    await requireProduct(tx, productId);
    await changeStock(tx, { warehouseId, productId, delta: amount, reason: 'manual', userId });
    return getStock(tx, warehouseId, productId);
  });
}

/** Rows with their projection on `day` (today in Prague unless given), in one query for all. */
async function withProjection(db: DbOrTx, rows: q.StockRow[], day: string = pragueDay()) {
  const after = await q.findReservedAfter(db, {
    warehouseIds: [...new Set(rows.map((r) => r.warehouse_id))],
    productIds: [...new Set(rows.map((r) => r.product_id))],
    day,
  });
  return rows.map((r) => toProductStock(r, after.get(`${r.warehouse_id}:${r.product_id}`) ?? 0, day));
}

export async function getStock(
  db: DbOrTx,
  warehouseId: number,
  productId: number,
  day?: string,
): Promise<ProductStock> {
  const row = await q.findStock(db, warehouseId, productId);
  if (!row) throw notFound('The warehouse does not keep this product');
  const [stock] = await withProjection(db, [row], day);
  return stock!;
}

/** GET /product/{id}/stock (decision 0064): the product in each warehouse that keeps it. */
export async function getStockOfProduct(db: DbOrTx, productId: number, day?: string) {
  await requireProduct(db, productId);
  const rows = await q.listStockOfProduct(db, productId);
  const stocks = await withProjection(db, rows, day);
  return { items: stocks.map((stock, i) => ({ ...stock, warehouse_name: rows[i]!.warehouse_name })) };
}

/** For the items step (decision 0064): on hand and reserved of the products in one warehouse. */
export async function stockAvailability(db: DbOrTx, warehouseId: number, productIds: number[]) {
  const rows = await q.findAvailability(db, warehouseId, productIds);
  return new Map(
    rows.map((r) => [
      r.product_id,
      {
        name: r.name,
        measurementUnit: r.measurement_unit,
        amount: Number(r.amount),
        reserved: Number(r.reserved),
      },
    ]),
  );
}

/** For the items step: holds the reservation rows it is about to change (stock.queries.ts). */
export const lockReservations = (tx: Tx, keys: { warehouseId: number; productId: number }[]) =>
  q.lockReservations(tx, keys);

/** For conversions: what the warehouse holds of each product (missing: not kept). */
export const stockAmounts = (db: DbOrTx, warehouseId: number, productIds: number[]) =>
  q.findAmounts(db, warehouseId, productIds);

/** For conversions: makes the warehouse keep a product (at 0) if it does not yet. */
export const keepProduct = (tx: Tx, warehouseId: number, productId: number) =>
  q.insertStockRow(tx, warehouseId, productId);

/** POST /warehouse/{id}/add_product: the warehouse starts keeping a product on offer, at 0. */
export async function addProductToWarehouse(db: Db, warehouseId: number, productId: number) {
  return db.transaction(async (tx) => {
    await requireWarehouse(tx, warehouseId);
    const product = await requireProduct(tx, productId);
    if (product.hidden) throw conflict('The product is no longer on offer');
    if (!(await q.insertStockRow(tx, warehouseId, productId))) {
      throw conflict('The warehouse already keeps this product');
    }
    return getStock(tx, warehouseId, productId);
  });
}

export async function listProductStock(
  db: DbOrTx,
  warehouseId: number,
  query: { current_page: number; per_page: number; name?: string | undefined; date?: string | undefined },
) {
  await requireWarehouse(db, warehouseId);
  const { rows, total } = await q.listStock(db, warehouseId, {
    offset: (query.current_page - 1) * query.per_page,
    limit: query.per_page,
    name: query.name,
  });
  return { items: await withProjection(db, rows, query.date), total };
}

export async function listStockChanges(
  db: DbOrTx,
  warehouseId: number,
  query: { current_page: number; per_page: number; product_id?: number | undefined },
) {
  await requireWarehouse(db, warehouseId);
  const { rows, total } = await q.listLedger(db, warehouseId, {
    offset: (query.current_page - 1) * query.per_page,
    limit: query.per_page,
    productId: query.product_id,
  });
  return { items: rows.map(toStockChange), total };
}

export const productsInStock = (db: DbOrTx, productIds: number[]) => q.findProductsInStock(db, productIds);
