import { type Currency, currencies, fromMinor, toMinor } from '@letokruh/contracts/rules/money';
import { type OrderTotals, orderTotals } from '@letokruh/contracts/rules/order-price';
import type {
  CollectedRevenueAnswer,
  CollectedRevenueQuery,
  CurrencyPrices,
  ProductStatsAnswer,
  StatsQuery,
  WarehouseStatsAnswer,
} from '@letokruh/contracts/stats';
import type { DbOrTx } from '../../db/client.ts';
import * as days from './day-sums.queries.ts';
import * as q from './stats.queries.ts';
import type { StatsOrder } from './stats-batches.queries.ts';

/**
 * The figures of the overviews page. Each order's totals come from the same rule as the order
 * detail (contracts/rules/order-price.ts), summed in minor units, so a warehouse's total is the
 * sum of the totals its orders show, to the haléř.
 */

/** The order's totals exactly as GET /order/{id} answers them. */
export function totalsOf(o: StatsOrder): OrderTotals {
  const delivery =
    o.deliveryPriceAmount === null || o.minimumDeliveryPrice === null
      ? null
      : { rate: o.deliveryPriceAmount, minimum: o.minimumDeliveryPrice, distance: o.distance };
  return orderTotals({
    currency: o.currency,
    lines: o.lines,
    delivery,
    supply_day: o.expectedDeliveryDate,
  });
}

/**
 * One order's sums as `CurrencySums.of` answers them after adding that order alone (each amount
 * through minor units), without the map (the orders sheet asks for each of its rows).
 */
export function orderSums(totals: OrderTotals): {
  travel: number;
  products: number;
  total: number;
  net: number;
} {
  return {
    travel: fromMinor(toMinor(totals.delivery_price)),
    products: fromMinor(toMinor(totals.product_prices)),
    total: fromMinor(toMinor(totals.price_with_vat)),
    net: fromMinor(toMinor(totals.total_price)),
  };
}

/** Minor-unit sums of travel, products and total per currency. */
export class CurrencySums {
  private readonly sums = new Map<
    Currency,
    { travel: number; products: number; total: number; net: number; rounding: number }
  >();
  count = 0;

  add(currency: Currency, totals: OrderTotals): void {
    this.addMinor(currency, {
      count: 1,
      travel: toMinor(totals.delivery_price),
      products: toMinor(totals.product_prices),
      total: toMinor(totals.price_with_vat),
      net: toMinor(totals.total_price),
    });
  }

  /** Sums the database already added up (minor units), for `count` orders; net only for the exports. */
  addMinor(currency: Currency, sums: Omit<q.MinorSums, 'net'> & { net?: number }): void {
    const sum = this.sums.get(currency) ?? { travel: 0, products: 0, total: 0, net: 0, rounding: 0 };
    sum.rounding += sums.rounding ?? 0;
    sum.travel += sums.travel;
    sum.products += sums.products;
    sum.total += sums.total;
    sum.net += sums.net ?? 0;
    this.sums.set(currency, sum);
    this.count += sums.count;
  }

  /** CZK first, then EUR; a currency without orders is left out. */
  prices(): CurrencyPrices[] {
    return currencies.flatMap((currency) => {
      const sum = this.sums.get(currency);
      return sum
        ? [
            {
              currency,
              travel: fromMinor(sum.travel),
              products: fromMinor(sum.products),
              total: fromMinor(sum.total),
            },
          ]
        : [];
    });
  }

  /** Sums of one currency, with the total without VAT (the exports). */
  of(currency: Currency) {
    const sum = this.sums.get(currency);
    return (
      sum && {
        travel: fromMinor(sum.travel),
        products: fromMinor(sum.products),
        total: fromMinor(sum.total),
        net: fromMinor(sum.net),
        /** Minor units. */
        rounding: sum.rounding,
      }
    );
  }
}

const sumsIn = <K>(map: Map<K, CurrencySums>, key: K): CurrencySums => {
  let sums = map.get(key);
  if (!sums) {
    sums = new CurrencySums();
    map.set(key, sums);
  }
  return sums;
};

/** Warehouses in use, plus a retired one that had orders (or that the filter names). */
async function warehousesFor(db: DbOrTx, only: number | undefined, withOrders: Set<number>) {
  const rows = await q.findWarehouses(db, only);
  return rows
    .filter((w) => only !== undefined || !w.hidden || withOrders.has(w.id))
    .map(({ hidden: _hidden, ...w }) => w);
}

/**
 * GET /stats_by_warehouses: per warehouse and per delivery day, from the daily sums (decision 0043);
 * `fromOrders` sums the orders themselves instead (the tests' full recomputation).
 */
export async function statsByWarehouses(
  db: DbOrTx,
  query: StatsQuery,
  fromOrders = false,
): Promise<WarehouseStatsAnswer> {
  const byWarehouse = new Map<number, CurrencySums>();
  const byDay = new Map<string, CurrencySums>();
  const rows = fromOrders ? await q.sumOrders(db, query, 'day') : await days.sumOrderDays(db, query);
  for (const row of rows) {
    const sums =
      row.day === null
        ? sumsIn(byWarehouse, row.warehouseId)
        : sumsIn(byDay, `${row.day}|${row.warehouseId}`);
    sums.addMinor(row.currency, row);
  }
  const warehouses = await warehousesFor(db, query.warehouse, new Set(byWarehouse.keys()));
  return {
    items: warehouses.map((w) => {
      const sums = byWarehouse.get(w.id);
      return { ...w, count: sums?.count ?? 0, prices: sums?.prices() ?? [] };
    }),
    days: [...byDay.entries()]
      .map(([key, sums]) => {
        const [date, warehouseId] = key.split('|') as [string, string];
        return { date, warehouse_id: Number(warehouseId), count: sums.count, prices: sums.prices() };
      })
      .sort((a, b) => a.date.localeCompare(b.date) || a.warehouse_id - b.warehouse_id),
  };
}

type ProductSums = {
  amount: number;
  orders: number;
  byCurrency: Map<Currency, { withVat: number; net: number; amount: number; orders: number }>;
};

/**
 * Sums per product of the filter's lines: amount (minor units of the unit), orders, line totals;
 * from the lines themselves (the exports' net, the tests' full recomputation) or the daily sums.
 */
export async function productSums(db: DbOrTx, query: q.StatsFilter, from: 'lines' | 'days' = 'lines') {
  const byProduct = new Map<number, ProductSums>();
  const rows: (Omit<q.ProductSumRow, 'net'> & { net?: number })[] =
    from === 'lines' ? await q.sumProducts(db, query) : await days.sumProductDays(db, query);
  for (const row of rows) {
    const sums = byProduct.get(row.productId) ?? { amount: 0, orders: 0, byCurrency: new Map() };
    sums.byCurrency.set(row.currency, {
      withVat: row.withVat,
      net: row.net ?? 0,
      amount: row.amount,
      orders: row.orders,
    });
    sums.amount += row.amount;
    sums.orders += row.orders;
    byProduct.set(row.productId, sums);
  }
  const products = await q.findProducts(db, [...byProduct.keys()]);
  const withVat = (p: { id: number }, currency: Currency) =>
    byProduct.get(p.id)?.byCurrency.get(currency)?.withVat ?? 0;
  // The best sellers first: by CZK, then EUR, then name.
  products.sort(
    (a, b) =>
      withVat(b, 'CZK') - withVat(a, 'CZK') ||
      withVat(b, 'EUR') - withVat(a, 'EUR') ||
      a.name.localeCompare(b.name, 'cs'),
  );
  return products.map((p) => ({ product: p, sums: byProduct.get(p.id)! }));
}

/** GET /stats_for_products, from the daily sums (decision 0043) unless `fromOrders`. */
export async function statsForProducts(
  db: DbOrTx,
  query: StatsQuery,
  fromOrders = false,
): Promise<ProductStatsAnswer> {
  const rows = await productSums(db, query, fromOrders ? 'lines' : 'days');
  return {
    items: rows.map(({ product, sums }) => ({
      id: product.id,
      name: product.name,
      shorten_name: product.shortenName,
      measurement_unit: product.measurementUnit,
      count: fromMinor(sums.amount),
      order_count: sums.orders,
      prices: currencies.flatMap((currency) => {
        const money = sums.byCurrency.get(currency);
        return money ? [{ currency, amount: fromMinor(money.withVat) }] : [];
      }),
    })),
  };
}

/**
 * Collected revenue per currency: what was handed over or paid. A CZK cash order counts its amount
 * rounded to whole crowns (decision 0038, cashToPay), so the sum matches the cash in the drawer; the
 * difference from the documents' totals is `rounding`.
 */
const revenue = (sums: CurrencySums) =>
  currencies.flatMap((currency) => {
    const sum = sums.of(currency);
    return sum
      ? [
          {
            currency,
            amount: fromMinor(toMinor(sum.total) + sum.rounding),
            rounding: fromMinor(sum.rounding),
          },
        ]
      : [];
  });

/** GET /get_collected_revenue_by_warehouses: what was collected (or marked paid) on those Prague days. */
export async function collectedRevenue(
  db: DbOrTx,
  query: CollectedRevenueQuery,
): Promise<CollectedRevenueAnswer> {
  const byWarehouse = new Map<number, CurrencySums>();
  const byCollector = new Map<number, { name: string; sums: CurrencySums }>();
  const filter = { ...query, on: 'collected' as const, collectedBy: query.collected_by };
  const rows = await q.sumOrders(db, filter, 'collector');
  const names = await q.findUserNames(db, [...new Set(rows.flatMap((r) => r.collectorId ?? []))]);
  for (const row of rows) {
    if (row.collectorId === null) {
      sumsIn(byWarehouse, row.warehouseId).addMinor(row.currency, row);
      continue;
    }
    const entry = byCollector.get(row.collectorId) ?? {
      name: names.get(row.collectorId) ?? String(row.collectorId),
      sums: new CurrencySums(),
    };
    entry.sums.addMinor(row.currency, row);
    byCollector.set(row.collectorId, entry);
  }
  const warehouses = await warehousesFor(db, query.warehouse, new Set(byWarehouse.keys()));
  return {
    items: warehouses.map((w) => {
      const sums = byWarehouse.get(w.id);
      return { ...w, count: sums?.count ?? 0, prices: sums ? revenue(sums) : [] };
    }),
    collectors: [...byCollector.entries()]
      .map(([id, { name, sums }]) => ({ id, name, count: sums.count, prices: revenue(sums) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'cs')),
  };
}

/** GET /stats_collectors. */
export async function collectors(db: DbOrTx) {
  const rows = await q.findCollectors(db);
  return {
    items: rows.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() || u.username })),
  };
}
