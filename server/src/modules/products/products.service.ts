import { ErrorCode } from '@letokruh/contracts/errors';
import {
  type AvailableProduct,
  type PriceChange,
  type Product,
  type ProductAdd,
  type ProductPrice,
  productTypes,
} from '@letokruh/contracts/products';
import type { Currency } from '@letokruh/contracts/rules/money';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { isVatRateValidOn, vatCountryOf } from '@letokruh/contracts/rules/vat';
import type { Db, DbOrTx } from '../../db/client.ts';
import { yieldToLoop } from '../../event-loop.ts';
import { AppError, badInput, notFound } from '../../plugins/errors.ts';
import { activeWarehouseIds, requireWarehouse, warehouseExists } from '../warehouses/warehouses.service.ts';
import * as q from './products.queries.ts';

const toBase = (p: q.ProductRow) => ({
  id: p.id,
  name: p.name,
  shorten_name: p.shortenName,
  type: p.type,
  subtype: p.subtype,
  length: p.length,
  measurement_unit: p.measurementUnit,
});

const toPrice = (r: q.PriceRow): ProductPrice => ({
  id: r.id,
  warehouse: { id: r.warehouseId, name: r.warehouseName },
  currency: r.currency,
  amount: r.price,
  vat: r.vat,
  from_date: r.fromDate,
});

const toProduct = (p: q.ProductRow, prices: q.PriceRow[]): Product => ({
  ...toBase(p),
  description: p.description,
  hidden: p.hidden,
  prices: prices.filter((r) => r.productId === p.id).map(toPrice),
});

/**
 * Decision 0038: a price carries a VAT rate valid on its first day in its currency's country (CZK:
 * Czechia, EUR: Austria), e.g. not 15 % in CZK from 2024 on. Checked before anything is written.
 */
function requireVatValidOn(currency: Currency, day: string, vat: number, field: string): void {
  if (!isVatRateValidOn(currency, day, vat)) {
    throw new AppError(
      400,
      ErrorCode.vatRateNotValidOnDate,
      `VAT ${vat} % is not valid in ${vatCountryOf(currency)} on ${day}`,
      [field],
    );
  }
}

/** For other modules: the product, or undefined. */
export const findProduct = (db: DbOrTx, id: number) => q.findProduct(db, id);

export async function requireProduct(db: DbOrTx, id: number): Promise<q.ProductRow> {
  const row = await q.findProduct(db, id);
  if (!row) throw notFound('Product not found');
  return row;
}

export async function getProduct(db: DbOrTx, id: number, day = pragueDay()) {
  const row = await requireProduct(db, id);
  const [inForce, history] = [await q.findPricesInForce(db, [id], day), await q.findPriceHistory(db, id)];
  return {
    ...toProduct(row, inForce),
    price_history: history.map((r) => ({ ...toPrice(r), created: r.createdAt.toISOString() })),
  };
}

/**
 * The add form's prices: a line without a warehouse applies to every warehouse in use, a line with
 * one overrides it there. The same warehouse and currency twice at one level is a mistake.
 */
async function expandPriceForm(db: DbOrTx, lines: ProductAdd['priceForm']) {
  const prices = new Map<string, { warehouseId: number; currency: Currency; price: number; vat: number }>();
  const general = lines.filter((l) => l.warehouse === undefined);
  const specific = lines.filter((l) => l.warehouse !== undefined);
  const all = general.length ? await activeWarehouseIds(db) : [];
  for (const [level, list] of [
    ['general', general],
    ['specific', specific],
  ] as const) {
    const seen = new Set<string>();
    for (const line of list) {
      const targets = line.warehouse === undefined ? all : [line.warehouse];
      if (line.warehouse !== undefined && !(await warehouseExists(db, line.warehouse))) {
        throw badInput(`No warehouse ${line.warehouse}`, ['priceForm']);
      }
      const lineKey = `${line.warehouse ?? '*'}:${line.currency}`;
      if (seen.has(lineKey)) throw badInput(`Two ${level} prices for ${lineKey}`, ['priceForm']);
      seen.add(lineKey);
      for (const warehouseId of targets) {
        prices.set(`${warehouseId}:${line.currency}`, { warehouseId, ...line, currency: line.currency });
      }
    }
  }
  return [...prices.values()];
}

export async function addProduct(db: Db, userId: number, input: ProductAdd, day = pragueDay()) {
  input.priceForm.forEach((line, index) => {
    requireVatValidOn(line.currency, day, line.vat, `priceForm.${index}.vat`);
  });
  return db.transaction(async (tx) => {
    const row = await q.insertProduct(tx, {
      name: input.name,
      shortenName: input.shorten_name,
      type: input.type,
      subtype: input.subtype,
      length: input.length,
      measurementUnit: input.measurement_unit,
      description: input.description,
    });
    const prices = await expandPriceForm(tx, input.priceForm);
    await q.insertPrices(
      tx,
      prices.map((p) => ({
        productId: row.id,
        warehouseId: p.warehouseId,
        currency: p.currency,
        price: p.price,
        vat: p.vat,
        fromDate: day,
        createdBy: userId,
      })),
    );
    return getProduct(tx, row.id, day);
  });
}

/**
 * PUT /product/{id}/change_price: a new row of the history, never an update of an old one. A price
 * may start today or later; the past stays as it was.
 */
export async function changePrice(db: Db, userId: number, id: number, input: PriceChange, day = pragueDay()) {
  if (input.product_id !== id)
    throw badInput('product_id differs from the product in the path', ['product_id']);
  if (input.from_date < day) throw badInput(`A price cannot start before today (${day})`, ['from_date']);
  requireVatValidOn(input.currency, input.from_date, input.vat, 'vat');
  return db.transaction(async (tx) => {
    await requireProduct(tx, id);
    if (!(await warehouseExists(tx, input.warehouse))) {
      throw badInput(`No warehouse ${input.warehouse}`, ['warehouse']);
    }
    await q.insertPrices(tx, [
      {
        productId: id,
        warehouseId: input.warehouse,
        currency: input.currency,
        price: input.price,
        vat: input.vat,
        fromDate: input.from_date,
        createdBy: userId,
      },
    ]);
    return getProduct(tx, id, day);
  });
}

/** DELETE /product/{id}/delete: off the offer (soft); saved orders keep their lines. */
export async function removeFromOffer(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const row = await q.findProduct(tx, id, { lock: true });
    if (!row) throw notFound('Product not found');
    if (!row.hidden) await q.setHidden(tx, id, true);
    return getProduct(tx, id);
  });
}

export async function listProducts(
  db: DbOrTx,
  query: {
    current_page: number;
    per_page: number;
    name?: string | undefined;
    type?: q.ProductRow['type'] | undefined;
    hidden?: 'true' | 'false' | undefined;
  },
  day = pragueDay(),
) {
  const { rows, total } = await q.listProducts(db, {
    offset: (query.current_page - 1) * query.per_page,
    limit: query.per_page,
    name: query.name,
    type: query.type,
    hidden: query.hidden === undefined ? undefined : query.hidden === 'true',
  });
  const prices = await q.findPricesInForce(
    db,
    rows.map((r) => r.id),
    day,
  );
  return { items: rows.map((r) => toProduct(r, prices)), total };
}

export async function listUnhiddenProducts(db: DbOrTx) {
  return { items: (await q.findUnhiddenProducts(db)).map(toBase) };
}

/** GET /available_products (domain.md §1.7): groups in domain.md's type order, empty groups left out. */
export async function availableProducts(
  db: DbOrTx,
  warehouseId: number,
  currency: Currency,
  day = pragueDay(),
) {
  await requireWarehouse(db, warehouseId);
  const rows = await q.findAvailableProducts(db, warehouseId, currency, day);
  const products: AvailableProduct[] = rows.map((r) => ({
    ...toBase(r),
    pricesWithVat: [{ currency, amount: r.price }],
    vats: [{ currency, vat: r.vat }],
  }));
  return {
    products_types: productTypes
      .map((name) => ({ name, products: products.filter((p) => p.type === name) }))
      .filter((group) => group.products.length > 0),
  };
}

/**
 * Products of an imported spreadsheet with their prices from `day` (domain.md §2.14), each chunk
 * a JSON array of `ProductValues`. Their ids in order.
 */
export async function addImportedProducts(
  tx: DbOrTx,
  userId: number,
  chunks: string[],
  day = pragueDay(),
): Promise<number[]> {
  const ids: number[] = [];
  for (const json of chunks) {
    ids.push(...(await q.insertProductsFromJson(tx, json, { day, userId })));
    // PGlite answers within the same turn: without this the loop would wait for the whole batch.
    await yieldToLoop();
  }
  return ids;
}

/** Existing products like the rows of a spreadsheet: the same name and length (domain.md §2.14). */
export const findProductMatches = (db: DbOrTx, keys: { names: string; lengths: string }) =>
  q.findProductMatches(db, keys);

/** Products re-priced since `since` or removed from the offer (an undo leaves those), and names. */
export const productsPricedSince = (db: DbOrTx, ids: number[], since: string) =>
  q.findProductsPricedSince(db, ids, since);
export const hiddenProducts = (db: DbOrTx, ids: number[]) => q.findHiddenProducts(db, ids);
export const productNames = (db: DbOrTx, ids: number[]) => q.findProductNames(db, ids);

/**
 * Removes products an import added and nothing uses, their prices with them (domain.md §2.14), a
 * few hundred a statement, as customers are.
 */
export async function removeImportedProducts(tx: DbOrTx, ids: number[]): Promise<void> {
  for (let from = 0; from < ids.length; from += 500) {
    await q.deleteProducts(tx, ids.slice(from, from + 500));
    await yieldToLoop();
  }
}
