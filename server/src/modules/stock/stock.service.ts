import { roundMoney } from '@letokruh/contracts/rules/money';
import type { ProductStock, StockChange, StockChangeReason } from '@letokruh/contracts/stock';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { requireProduct } from '../products/products.service.ts';
import { requireWarehouse } from '../warehouses/warehouses.service.ts';
import * as q from './stock.queries.ts';

const toProductStock = (r: q.StockRow): ProductStock => ({
  warehouse_id: r.warehouse_id,
  amount: Number(r.amount),
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

export async function getStock(db: DbOrTx, warehouseId: number, productId: number): Promise<ProductStock> {
  const row = await q.findStock(db, warehouseId, productId);
  if (!row) throw notFound('The warehouse does not keep this product');
  return toProductStock(row);
}

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
  query: { current_page: number; per_page: number; name?: string | undefined },
) {
  await requireWarehouse(db, warehouseId);
  const { rows, total } = await q.listStock(db, warehouseId, {
    offset: (query.current_page - 1) * query.per_page,
    limit: query.per_page,
    name: query.name,
  });
  return { items: rows.map(toProductStock), total };
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
