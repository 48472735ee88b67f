import { currencies, toMinor } from '@letokruh/contracts/rules/money';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { vatCountryOf, vatTable } from '@letokruh/contracts/rules/vat';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, not, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, withParallelWorkers } from '../../db/client.ts';
import { pragueMidnight } from '../../db/prague.ts';
import { rowsOf } from '../../db/rows.ts';
import { orderItems, orders, products, users, warehouses } from '../../db/schema/index.ts';

export type StatsFilter = {
  from: string;
  to: string;
  warehouse?: number | undefined;
  done?: boolean | undefined;
  /** Which day the range is about: the expected delivery (default) or the collection. */
  on?: 'delivery' | 'collected';
  collectedBy?: number | undefined;
};

/**
 * Cancelled orders and drafts (decision 0030: the intern step never saved; nor an order without
 * customer, warehouse or currency) never count.
 */
export function conditions(f: StatsFilter): SQL[] {
  const where: SQL[] = [
    not(orders.hidden),
    isNull(orders.draftTouchedAt),
    isNotNull(orders.customerId),
    isNotNull(orders.warehouseId),
    isNotNull(orders.currency),
  ];
  if (f.on === 'collected') {
    where.push(gte(orders.collectedRevenueAt, pragueMidnight(f.from)));
    where.push(lt(orders.collectedRevenueAt, pragueMidnight(f.to, 1)));
    if (f.collectedBy !== undefined) where.push(eq(orders.collectedRevenueBy, f.collectedBy));
  } else {
    where.push(gte(orders.expectedDeliveryDate, f.from), lte(orders.expectedDeliveryDate, f.to));
  }
  if (f.warehouse !== undefined) where.push(eq(orders.warehouseId, f.warehouse));
  if (f.done !== undefined) where.push(eq(orders.done, f.done));
  return where;
}

/** Warehouses for the overview: those in use, and any other the filter names. */
export async function findWarehouses(db: DbOrTx, only?: number) {
  return db
    .select({
      id: warehouses.id,
      name: warehouses.name,
      color: warehouses.color,
      text_color: warehouses.textColor,
      hidden: warehouses.hidden,
    })
    .from(warehouses)
    .where(only === undefined ? undefined : eq(warehouses.id, only))
    .orderBy(asc(warehouses.name));
}

/** Everyone who has ever collected revenue (the collector filter). */
export async function findCollectors(db: DbOrTx) {
  // A probe per user through orders_collector_idx, not a join over every collected order.
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .where(sql`exists (select 1 from ${orders} where ${orders.collectedRevenueBy} = ${users.id})`)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** "First Last" (or the username) of users by id: the collectors of the revenue overview. */
export async function findUserNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.username]));
}

/** Names of products by id (the product overview and export). */
export async function findProducts(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      shortenName: products.shortenName,
      type: products.type,
      measurementUnit: products.measurementUnit,
    })
    .from(products)
    .where(inArray(products.id, ids));
}

/**
 * The order-price rule of contracts/rules/order-price.ts in SQL, for sums over many orders
 * (decision 0020 "Overview sums in SQL": a month of a million orders was too slow in JavaScript).
 * numeric is exact and round() rounds half away from zero, as roundMoney and multiplyMoney do: a
 * line is round(price × amount × discount, 2); delivery is max(round(rate × km × 2, 2),
 * round(minimum, 2)) at the standard rate of the day of supply. Without VAT (decision 0038,
 * vatRecap): per order and rate, round(Σ with VAT × 100 / (100 + rate), 2), summed. stats.test.ts
 * holds these sums equal to the per-order rule on every demo order.
 */
const lineWithVat = sql`round(${orderItems.price} * ${orderItems.amount} * ${orderItems.discount}, 2)`;
const lineNet = sql`round(${lineWithVat} * 100 / (100 + ${orderItems.vat}), 2)`;
const deliveryOf = sql`(case when ${orders.deliveryPriceAmount} is null or ${orders.minimumDeliveryPrice} is null then 0
  else greatest(round(${orders.deliveryPriceAmount} * ${orders.distance} * 2, 2), round(${orders.minimumDeliveryPrice}, 2)) end)`;

/** The VAT table's standard periods as a CASE over currency and day (constants of the code, not input). */
function standardVatCase(day: SQL): SQL {
  const branches = currencies.flatMap((currency) =>
    vatTable
      .filter((p) => p.country === vatCountryOf(currency) && p.kind === 'standard')
      .map(
        (p) =>
          sql`when ${orders.currency} = ${sql.raw(`'${currency}'`)} and ${day} >= ${sql.raw(`date '${p.from}'`)}${
            p.to ? sql` and ${day} <= ${sql.raw(`date '${p.to}'`)}` : sql``
          } then ${sql.raw(String(p.rate))}`,
      ),
  );
  return sql`(case ${sql.join(branches, sql` `)} end)`;
}
/** The delivery share's rate: the expected delivery day, or today for an undated order (orderTotals). */
const deliveryVat = () =>
  standardVatCase(sql`coalesce(${orders.expectedDeliveryDate}, ${sql.raw(`date '${pragueDay()}'`)})`);

/** Sums of one group in minor units: travel, products, total with VAT, total without VAT. */
export type MinorSums = {
  count: number;
  travel: number;
  products: number;
  total: number;
  net: number;
  /** Σ of the cash roundings of CZK cash orders (cashToPay): what was handed over − total. */
  rounding?: number;
};
export type OrderSumRow = MinorSums & {
  currency: 'CZK' | 'EUR';
  warehouseId: number;
  day: string | null;
  collectorId: number | null;
};

const minor = (value: unknown) => toMinor(Number(value ?? 0));

/**
 * Per-order totals of the filter summed in the database, grouped by warehouse and currency, and
 * also by `also`: the delivery day (the warehouses overview) or the collector (collected revenue).
 * Rows with `day` and `collectorId` null are the per-warehouse sums.
 */
export async function sumOrders(
  db: DbOrTx,
  filter: StatsFilter,
  also: 'day' | 'collector',
): Promise<OrderSumRow[]> {
  const second = also === 'day' ? sql`o.day` : sql`o.collector_id`;
  const result = await withParallelWorkers(db, (tx) =>
    rowsOf(
      tx,
      sql`
    with o as (
      select ${orders.id} as id, ${orders.warehouseId} as warehouse_id, ${orders.currency} as currency,
             ${orders.expectedDeliveryDate}::text as day, ${orders.collectedRevenueBy} as collector_id,
             ${deliveryOf} as delivery, ${deliveryVat()} as delivery_vat,
             (${orders.currency} = 'CZK' and ${orders.paymentType} = 'cash') as cash_czk
      from ${orders} where ${and(...conditions(filter))}
    ), lines as (
      select ${orderItems.orderId} as order_id, ${orderItems.vat} as vat, ${lineWithVat} as with_vat
      from ${orderItems} where ${orderItems.orderId} in (select id from o)
    ), l as (
      select order_id, sum(with_vat) as with_vat from lines group by order_id
    ), per_rate as (
      select order_id, vat, sum(with_vat) as with_vat
      from (select order_id, vat, with_vat from lines
            union all select id, delivery_vat, delivery from o where delivery <> 0) as amounts
      group by order_id, vat
    ), n as (
      select order_id, sum(round(with_vat * 100 / (100 + vat), 2)) as net from per_rate group by order_id
    )
    select o.warehouse_id, o.currency, ${second} as second, grouping(${second}) as whole,
           count(*)::int as count, sum(o.delivery) as travel, sum(coalesce(l.with_vat, 0)) as products,
           sum(coalesce(l.with_vat, 0) + o.delivery) as total, sum(coalesce(n.net, 0)) as net,
           sum(case when o.cash_czk then round(coalesce(l.with_vat, 0) + o.delivery, 0)
                    - (coalesce(l.with_vat, 0) + o.delivery) else 0 end) as rounding
    from o left join l on l.order_id = o.id left join n on n.order_id = o.id
    group by grouping sets ((o.warehouse_id, o.currency), (o.warehouse_id, o.currency, ${second}))`,
    ),
  );
  return result.map((r) => {
    const whole = Number(r.whole) === 1;
    return {
      currency: r.currency as 'CZK' | 'EUR',
      warehouseId: Number(r.warehouse_id),
      day: !whole && also === 'day' ? String(r.second) : null,
      collectorId: !whole && also === 'collector' ? Number(r.second) : null,
      count: Number(r.count),
      travel: minor(r.travel),
      products: minor(r.products),
      total: minor(r.total),
      net: minor(r.net),
      rounding: minor(r.rounding),
    };
  });
}

export type ProductSumRow = {
  productId: number;
  currency: 'CZK' | 'EUR';
  /** Minor units of the product's unit, of the money. */
  amount: number;
  withVat: number;
  net: number;
  orders: number;
};

/** Per product and currency: amount, lines (one per order) and line totals of the filter's orders. */
export async function sumProducts(db: DbOrTx, filter: StatsFilter): Promise<ProductSumRow[]> {
  const result = await withParallelWorkers(db, (tx) =>
    rowsOf(
      tx,
      sql`
    select ${orderItems.productId} as product_id, ${orders.currency} as currency,
           sum(${orderItems.amount}) as amount, sum(${lineWithVat}) as with_vat, sum(${lineNet}) as net,
           count(*)::int as orders
    from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
    where ${and(...conditions(filter))}
    group by ${orderItems.productId}, ${orders.currency}`,
    ),
  );
  return result.map((r) => ({
    productId: Number(r.product_id),
    currency: r.currency as 'CZK' | 'EUR',
    amount: minor(r.amount),
    withVat: minor(r.with_vat),
    net: minor(r.net),
    orders: Number(r.orders),
  }));
}
