import type { Currency } from '@letokruh/contracts/rules/money';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productPrices, products } from '../../db/schema/index.ts';
import { textContains } from '../../db/text-search.ts';

export type ProductRow = typeof products.$inferSelect;
export type PriceRow = {
  id: number;
  productId: number;
  warehouseId: number;
  warehouseName: string;
  currency: Currency;
  price: number;
  vat: number;
  fromDate: string;
  createdAt: Date;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const selectRows = <T>(db: DbOrTx, query: SQL): Promise<T[]> => db.execute(query).then(rowsOf<T>);

export async function insertProduct(db: DbOrTx, values: typeof products.$inferInsert): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('product insert returned nothing');
  return row;
}

export async function insertPrices(db: DbOrTx, rows: (typeof productPrices.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(productPrices).values(rows);
}

export async function findProduct(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ProductRow | undefined> {
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function setHidden(db: DbOrTx, id: number, hidden: boolean): Promise<void> {
  await db.update(products).set({ hidden }).where(eq(products.id, id));
}

export async function listProducts(
  db: DbOrTx,
  options: {
    offset: number;
    limit: number;
    name?: string | undefined;
    type?: ProductRow['type'] | undefined;
    hidden?: boolean | undefined;
  },
): Promise<{ rows: ProductRow[]; total: number }> {
  const filters: SQL[] = [];
  if (options.name) filters.push(textContains(products.name, options.name));
  if (options.type) filters.push(eq(products.type, options.type));
  if (options.hidden !== undefined) filters.push(eq(products.hidden, options.hidden));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.length), asc(products.id))
    .limit(options.limit)
    .offset(options.offset);
  const [counted] = await db.select({ total: count() }).from(products).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** Types in domain.md's order (domain.md §2.3), not the alphabet's. */
const typeOrder = sql`case ${products.type} when 'Měkké' then 0 when 'Tvrdé' then 1 else 2 end`;

export async function findUnhiddenProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(eq(products.hidden, false))
    .orderBy(typeOrder, asc(products.name), asc(products.length), asc(products.id));
}

const priceColumns = sql`pp.id::int as id, pp.product_id as "productId", pp.warehouse_id as "warehouseId",
  w.name as "warehouseName", pp.currency, pp.price::text as price, pp.vat,
  to_char(pp.from_date, 'YYYY-MM-DD') as "fromDate", pp.created_at as "createdAt"`;

const toPriceRow = (r: PriceRow): PriceRow => ({
  ...r,
  price: Number(r.price),
  vat: Number(r.vat),
  createdAt: new Date(r.createdAt),
});

/** The price in force on `day` for each warehouse and currency of the given products. */
export async function findPricesInForce(db: DbOrTx, productIds: number[], day: string): Promise<PriceRow[]> {
  if (!productIds.length) return [];
  const result = await db.execute(sql`
    select distinct on (pp.product_id, pp.warehouse_id, pp.currency) ${priceColumns}
    from product_prices pp join warehouses w on w.id = pp.warehouse_id
    where pp.product_id = any(${sql.param(productIds)}::int[]) and pp.from_date <= ${day}::date
    order by pp.product_id, pp.warehouse_id, pp.currency, pp.from_date desc, pp.id desc`);
  return rowsOf<PriceRow>(result).map(toPriceRow);
}

export async function findPriceHistory(db: DbOrTx, productId: number): Promise<PriceRow[]> {
  const result = await db.execute(sql`
    select ${priceColumns}
    from product_prices pp join warehouses w on w.id = pp.warehouse_id
    where pp.product_id = ${productId}
    order by pp.from_date desc, pp.id desc`);
  return rowsOf<PriceRow>(result).map(toPriceRow);
}

/** Products on offer with a price in force on `day` in one warehouse and currency. */
export async function findAvailableProducts(
  db: DbOrTx,
  warehouseId: number,
  currency: Currency,
  day: string,
): Promise<(ProductRow & { price: number; vat: number })[]> {
  const rows = await db
    .select({
      product: products,
      price: sql<string>`cur.price::text`,
      vat: sql<number>`cur.vat`,
    })
    .from(products)
    .innerJoin(
      sql`lateral (select pp.price, pp.vat from ${productPrices} pp
        where pp.product_id = ${products.id} and pp.warehouse_id = ${warehouseId}
          and pp.currency = ${currency} and pp.from_date <= ${day}::date
        order by pp.from_date desc, pp.id desc limit 1) cur`,
      sql`true`,
    )
    .where(eq(products.hidden, false))
    .orderBy(asc(products.name), asc(products.length), asc(products.id));
  return rows.map((r) => ({ ...r.product, price: Number(r.price), vat: Number(r.vat) }));
}

/** Products of a spreadsheet in one statement (domain.md §2.14); their ids in order. */
export async function insertProducts(
  db: DbOrTx,
  values: (typeof products.$inferInsert)[],
): Promise<number[]> {
  if (!values.length) return [];
  const rows = await db.insert(products).values(values).returning({ id: products.id });
  return rows.map((r) => r.id);
}

export type ProductMatchRow = {
  index: number;
  id: number;
  name: string;
  length: number;
  measurementUnit: string;
};

/** Existing products of a probe's name (accents and case aside) and length. */
export async function findProductMatches(
  db: DbOrTx,
  probes: { index: number; name: string; length: number }[],
): Promise<ProductMatchRow[]> {
  if (!probes.length) return [];
  return selectRows<ProductMatchRow>(
    db,
    sql`select p.i as index, pr.id, pr.name, pr.length, pr.measurement_unit as "measurementUnit"
        from unnest(${sql.param(probes.map((x) => x.index))}::int[], ${sql.param(probes.map((x) => x.name))}::text[],
          ${sql.param(probes.map((x) => x.length))}::int[]) as p(i, name, length)
        join products pr on pr.length = p.length
          and lower(f_unaccent(pr.name)) = lower(f_unaccent(p.name))
        order by 1, 2`,
  );
}

/** Names of products, and whether each was removed from the offer or given a price after `since`. */
export async function findProductStates(
  db: DbOrTx,
  ids: number[],
  since: Date,
): Promise<{ id: number; name: string; hidden: boolean; repriced: boolean }[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      hidden: products.hidden,
      repriced: sql<boolean>`exists (select 1 from ${productPrices} pp where pp.product_id = ${products.id}
        and pp.created_at > ${since.toISOString()}::timestamptz)`,
    })
    .from(products)
    .where(sql`${products.id} = any(${sql.param(ids)}::int[])`);
}

export async function deleteProducts(db: DbOrTx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .delete(products)
    .where(sql`${products.id} = any(${sql.param(ids)}::int[])`)
    .returning({ id: products.id });
  return rows.length;
}
