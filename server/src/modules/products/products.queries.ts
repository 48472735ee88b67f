import type { Currency } from '@letokruh/contracts/rules/money';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idsAmong } from '../../db/rows.ts';
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

/**
 * Products of a spreadsheet from a JSON array of `ProductValues` (domain.md §2.14), with their
 * prices from `day`: a price without a warehouse for every warehouse in use, as the add form's
 * general line. The database reads the text itself; the ids come back in the array's order.
 */
export async function insertProductsFromJson(
  db: DbOrTx,
  json: string,
  options: { day: string; userId: number },
): Promise<number[]> {
  const inserted = await selectRows<{ id: number }>(
    db,
    sql`insert into products (name, shorten_name, type, subtype, length, measurement_unit, description)
        select v->>'name', v->>'shortenName', v->>'type', v->>'subtype', (v->>'length')::int,
          v->>'measurementUnit', v->>'description'
        from jsonb_array_elements(${json}::jsonb) with ordinality as e(v, ord)
        order by ord
        returning id`,
  );
  const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
  await db.execute(sql`
    insert into product_prices (product_id, warehouse_id, currency, price, vat, from_date, created_by)
    select p.id, w.id, pr->>'currency', (pr->>'price')::numeric, (pr->>'vat')::smallint,
      ${options.day}::date, ${options.userId}
    from unnest(${sql.param(ids)}::int[]) with ordinality as p(id, ord)
    join jsonb_array_elements(${json}::jsonb) with ordinality as e(v, ord) using (ord)
    cross join lateral jsonb_array_elements(e.v->'prices') as pr
    join warehouses w on case when pr->>'warehouseId' is null then not w.hidden
      else w.id = (pr->>'warehouseId')::int end`);
  return ids;
}

export type ProductMatchRow = {
  index: number;
  id: number;
  name: string;
  length: number;
  measurementUnit: string;
};

/**
 * Existing products with a row's name (accents and case aside) and length; `names` and `lengths`
 * hold one value a row, joined by the unit separator (U+001F; customers.queries `ImportKeys`).
 */
export async function findProductMatches(
  db: DbOrTx,
  keys: { names: string; lengths: string },
): Promise<ProductMatchRow[]> {
  return selectRows<ProductMatchRow>(
    db,
    sql`select (p.n - 1)::int as index, pr.id, pr.name, pr.length, pr.measurement_unit as "measurementUnit"
        from unnest(string_to_array(${keys.names}::text, chr(31)), string_to_array(${keys.lengths}::text, chr(31)))
          with ordinality as p(name, length, n)
        join products pr on p.name <> '' and pr.length = p.length::int
          and lower(f_unaccent(pr.name)) = lower(f_unaccent(p.name))
        order by 1, 2`,
  );
}

/**
 * Which of the products got a price after `since`, a timestamp as the database writes it (to the
 * microsecond: the prices written with the products carry that very instant).
 */
export const findProductsPricedSince = (db: DbOrTx, ids: number[], since: string) =>
  idsAmong(db, productPrices.productId, ids, sql`${productPrices.createdAt} > ${since}::timestamptz`);

/** Which of the products were removed from the offer. */
export const findHiddenProducts = (db: DbOrTx, ids: number[]) =>
  idsAmong(db, products.id, ids, sql`${products.hidden}`);

export async function findProductNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(sql`${products.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function deleteProducts(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(products).where(sql`${products.id} = any(${sql.param(ids)}::int[])`);
}
