import { eachDay } from '@letokruh/contracts/rules/prague-day';
import type { ProductStats, WarehouseDayStats, WarehouseStats } from '@letokruh/contracts/stats';
import type { Format } from '../../ui/format';
import { daysOf } from './range';

/** Up to this many days the charts show a bar per day; longer ranges a bar per month. */
export const dailyChartMaxDays = 62;

export type ChartRow = { label: string } & Record<string, number | string>;

/**
 * Orders and the CZK total per warehouse over the range, for stacked bars: one row per day (or
 * month), one series per warehouse. Days without orders are rows of zeros, so the time axis is even.
 */
export function perPeriod(
  range: { from: string; to: string },
  days: WarehouseDayStats[],
  warehouses: Pick<WarehouseStats, 'id' | 'name'>[],
  format: Pick<Format, 'dayMonth' | 'month'>,
): { counts: ChartRow[]; totals: ChartRow[] } {
  const monthly = daysOf(range) > dailyChartMaxDays;
  const keyOf = (day: string) => (monthly ? day.slice(0, 7) : day);
  const keys: string[] = [];
  for (const day of eachDay(range.from, range.to)) {
    const key = keyOf(day);
    if (keys[keys.length - 1] !== key) keys.push(key);
  }
  const empty = (key: string): ChartRow => ({
    label: monthly ? format.month(key) : format.dayMonth(key),
    ...Object.fromEntries(warehouses.map((w) => [w.name, 0])),
  });
  const counts = new Map(keys.map((k) => [k, empty(k)]));
  const totals = new Map(keys.map((k) => [k, empty(k)]));
  const names = new Map(warehouses.map((w) => [w.id, w.name]));
  for (const day of days) {
    const name = names.get(day.warehouse_id);
    const count = counts.get(keyOf(day.date));
    const total = totals.get(keyOf(day.date));
    if (!name || !count || !total) continue;
    count[name] = Number(count[name]) + day.count;
    const czk = day.prices.find((p) => p.currency === 'CZK')?.total ?? 0;
    total[name] = Math.round((Number(total[name]) + czk) * 100) / 100;
  }
  return { counts: [...counts.values()], totals: [...totals.values()] };
}

/** The best sellers' chart shows this many products. */
export const bestSellerCount = 10;

/**
 * The products sold for the most CZK, as the server orders them, each by its name, not its short
 * code (decision 0088: "Buk štípaný sypané 33 cm", not "BK33S").
 */
export function bestSellers(items: ProductStats[]): { product: string; CZK: number }[] {
  return items
    .map((p) => ({ product: p.name, CZK: p.prices.find((c) => c.currency === 'CZK')?.amount ?? 0 }))
    .filter((p) => p.CZK)
    .slice(0, bestSellerCount);
}
