import { numberFormat } from '@letokruh/contracts/rules/intl';
import { eachDay } from '@letokruh/contracts/rules/prague-day';
import type { WarehouseDayStats, WarehouseStats } from '@letokruh/contracts/stats';
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
  formatDay: (day: string) => string,
): { counts: ChartRow[]; totals: ChartRow[] } {
  const monthly = daysOf(range) > dailyChartMaxDays;
  const keyOf = (day: string) => (monthly ? day.slice(0, 7) : day);
  const keys: string[] = [];
  for (const day of eachDay(range.from, range.to)) {
    const key = keyOf(day);
    if (keys[keys.length - 1] !== key) keys.push(key);
  }
  const empty = (key: string): ChartRow => ({
    label: monthly ? `${Number(key.slice(5, 7))}/${key.slice(0, 4)}` : formatDay(key),
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

/** Axis ticks: "75 tis." / "75K" rather than full amounts that do not fit beside the chart. */
export const compactNumber = (lang: string) => {
  const format = numberFormat(lang === 'en' ? 'en-GB' : 'cs-CZ', { notation: 'compact' });
  return (value: number) => format.format(value);
};
