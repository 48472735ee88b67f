import { type Endpoint, endpoint, fileDownload } from '../endpoint.ts';
import {
  collectedRevenueAnswerSchema,
  collectedRevenueQuerySchema,
  collectorsAnswerSchema,
  productStatsAnswerSchema,
  type StatsExport,
  statsExportQuerySchema,
  type statsExports,
  statsQuerySchema,
  warehouseStatsAnswerSchema,
} from '../stats.ts';

/** The XLSX downloads: the same query and a file, at four paths. */
const exportSpec = { query: statsExportQuerySchema, answers: { 200: fileDownload } } as const;

/** The overviews page (domain.md §2.2 Overviews, §2.7): every call needs view_stats. */
export const statsEndpoints = {
  byWarehouses: endpoint('GET /stats_by_warehouses', {
    query: statsQuerySchema,
    answers: { 200: warehouseStatsAnswerSchema },
  }),
  forProducts: endpoint('GET /stats_for_products', {
    query: statsQuerySchema,
    answers: { 200: productStatsAnswerSchema },
  }),
  collectedRevenue: endpoint('GET /get_collected_revenue_by_warehouses', {
    query: collectedRevenueQuerySchema,
    answers: { 200: collectedRevenueAnswerSchema },
  }),
  collectors: endpoint('GET /stats_collectors', { answers: { 200: collectorsAnswerSchema } }),
  campaignsExport: endpoint('GET /stats_campaings', exportSpec),
  ordersExport: endpoint('GET /stats_orders', exportSpec),
  customersExport: endpoint('GET /stats_customers', exportSpec),
  productsExport: endpoint('GET /stats_products', exportSpec),
};

const exportsByKind = {
  campaigns: statsEndpoints.campaignsExport,
  orders: statsEndpoints.ordersExport,
  customers: statsEndpoints.customersExport,
  products: statsEndpoints.productsExport,
} satisfies { [K in StatsExport]: { path: (typeof statsExports)[K] } };

/**
 * The XLSX downloads by kind, each at the path `statsExports` names for it (checked above). One
 * endpoint type for the four: `AnswerOf` of a union of endpoints is `never`, of this one a Blob.
 */
export const statsExportEndpoints: Record<
  StatsExport,
  Endpoint<`GET ${(typeof statsExports)[StatsExport]}`, typeof exportSpec>
> = exportsByKind;
