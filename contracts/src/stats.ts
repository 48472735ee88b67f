import { z } from 'zod';
import { checkDayRange, daySchema } from './common.ts';
import { currencySchema } from './products.ts';

/**
 * Overviews and statistics (domain.md §2.2 Overviews, §2.3 Statistics, §2.7). Every range is a pair of
 * Prague days, both ends included; orders are counted by their expected delivery day, collected
 * revenue by the Prague day of its collection. Cancelled orders and drafts never count.
 */

const id = z.coerce.number().int().positive().max(2147483647);
/** A range longer than this is refused: ten years of orders is already more than any report needs. */
export const statsMaxDays = 3660;

const checkRange = (q: { from: string; to: string }, ctx: z.RefinementCtx) =>
  checkDayRange(q, ctx, statsMaxDays);

/** `done=true`: done orders only; `done=false`: not done only; missing or empty: all. */
const doneFilter = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));

export const exportLanguages = ['cs', 'en'] as const;
export type ExportLanguage = (typeof exportLanguages)[number];

const rangeShape = { from: daySchema, to: daySchema, warehouse: id.optional() };

/** GET /stats_by_warehouses and /stats_for_products. */
export const statsQuerySchema = z.object({ ...rangeShape, done: doneFilter }).superRefine(checkRange);
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** GET /stats_campaings, /stats_orders, /stats_customers, /stats_products: XLSX downloads. */
export const statsExportQuerySchema = z
  .object({ ...rangeShape, lang: z.enum(exportLanguages).default('cs') })
  .superRefine(checkRange);
export type StatsExportQuery = z.infer<typeof statsExportQuerySchema>;

/** GET /get_collected_revenue_by_warehouses. */
export const collectedRevenueQuerySchema = z
  .object({ ...rangeShape, collected_by: id.optional() })
  .superRefine(checkRange);
export type CollectedRevenueQuery = z.infer<typeof collectedRevenueQuerySchema>;

const money = z.number();

/** Sums of one currency, with VAT: travel (the deliveries), products (the lines), total. */
export const currencyPricesSchema = z.object({
  currency: currencySchema,
  travel: money,
  products: money,
  total: money,
});
export type CurrencyPrices = z.infer<typeof currencyPricesSchema>;

const warehouseHead = {
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  text_color: z.string(),
};

export const warehouseStatsSchema = z.object({
  ...warehouseHead,
  /** Orders delivered in the range. */
  count: z.number().int(),
  prices: z.array(currencyPricesSchema),
});
export type WarehouseStats = z.infer<typeof warehouseStatsSchema>;

/** One warehouse's orders of one delivery day (the chart over the range). */
export const warehouseDayStatsSchema = z.object({
  date: daySchema,
  warehouse_id: z.number().int(),
  count: z.number().int(),
  prices: z.array(currencyPricesSchema),
});
export type WarehouseDayStats = z.infer<typeof warehouseDayStatsSchema>;

export const warehouseStatsAnswerSchema = z.object({
  items: z.array(warehouseStatsSchema),
  days: z.array(warehouseDayStatsSchema),
});
export type WarehouseStatsAnswer = z.infer<typeof warehouseStatsAnswerSchema>;

export const productStatsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shorten_name: z.string(),
  measurement_unit: z.string(),
  /** The amount sold, in the product's unit. */
  count: z.number(),
  /** Orders the product was on. */
  order_count: z.number().int(),
  /** Line totals with VAT per currency. */
  prices: z.array(z.object({ currency: currencySchema, amount: money })),
});
export type ProductStats = z.infer<typeof productStatsSchema>;

export const productStatsAnswerSchema = z.object({ items: z.array(productStatsSchema) });
export type ProductStatsAnswer = z.infer<typeof productStatsAnswerSchema>;

/**
 * Collected revenue of one currency: `amount` is what was handed over or paid, CZK cash orders
 * rounded to whole crowns each (decision 0038); `rounding` is the sum of those roundings (amount −
 * the orders' totals with VAT).
 */
const revenueSchema = z.object({ currency: currencySchema, amount: money, rounding: money });

export const revenueByWarehouseSchema = z.object({
  ...warehouseHead,
  count: z.number().int(),
  prices: z.array(revenueSchema),
});
export const revenueByCollectorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  prices: z.array(revenueSchema),
});
export const collectedRevenueAnswerSchema = z.object({
  items: z.array(revenueByWarehouseSchema),
  collectors: z.array(revenueByCollectorSchema),
});
export type CollectedRevenueAnswer = z.infer<typeof collectedRevenueAnswerSchema>;

/** GET /stats_collectors: whoever has ever collected revenue, for the collector filter. */
export const collectorsAnswerSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type Collector = z.infer<typeof collectorsAnswerSchema>['items'][number];

/** The XLSX downloads of the overviews page, by path (domain.md §2.7). */
export const statsExports = {
  campaigns: '/stats_campaings',
  orders: '/stats_orders',
  customers: '/stats_customers',
  products: '/stats_products',
} as const;
export type StatsExport = keyof typeof statsExports;
