import type { Route } from '@letokruh/contracts/endpoint';
import type { statsExportEndpoints } from '@letokruh/contracts/endpoints/stats';
import type { StatsExport } from '@letokruh/contracts/stats';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { statsEndpoints as e } from '../../lib/routes';
import type { ReportRange } from './range';

/** The calls of the overviews page (domain.md §2.7), each under view_stats. */

const rangeQuery = (range: ReportRange) => ({
  from: range.from,
  to: range.to,
  warehouse: range.warehouse ?? undefined,
});

export type DoneFilter = 'all' | 'true' | 'false';
const doneQuery = (done: DoneFilter) => (done === 'all' ? undefined : done);

export const warehouseStatsQuery = (range: ReportRange, done: DoneFilter) =>
  queryOptions({
    queryKey: ['stats', 'warehouses', range, done],
    queryFn: ({ signal }) =>
      call(e.byWarehouses, {
        query: { ...rangeQuery(range), done: doneQuery(done) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const productStatsQuery = (range: ReportRange, done: DoneFilter) =>
  queryOptions({
    queryKey: ['stats', 'products', range, done],
    queryFn: ({ signal }) =>
      call(e.forProducts, {
        query: { ...rangeQuery(range), done: doneQuery(done) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const collectedRevenueQuery = (range: ReportRange, collectedBy: string | null) =>
  queryOptions({
    queryKey: ['stats', 'revenue', range, collectedBy],
    queryFn: ({ signal }) =>
      call(e.collectedRevenue, {
        query: { ...rangeQuery(range), collected_by: collectedBy ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const collectorsQuery = queryOptions({
  queryKey: ['stats', 'collectors'],
  queryFn: ({ signal }) => call(e.collectors, { signal }).then((a) => a.items),
  staleTime: 60_000,
});

/** The file name the server gives a download (docs/decisions/0019-overviews-statistics-and-calculations.md), for the saved file. */
export const exportFileName = (kind: StatsExport, range: ReportRange, lang: 'cs' | 'en') => {
  const names = {
    cs: { campaigns: 'kampane', orders: 'objednavky', customers: 'zakaznici', products: 'produkty' },
    en: { campaigns: 'campaigns', orders: 'orders', customers: 'customers', products: 'products' },
  };
  return `${names[lang][kind]}_${range.from}_${range.to}.xlsx`;
};

/** The XLSX downloads by kind (contracts' `statsExportEndpoints`), one route type for the four. */
const exportRoutes: { [K in StatsExport]: Route<(typeof statsExportEndpoints)[K]> } = {
  campaigns: e.campaignsExport,
  orders: e.ordersExport,
  customers: e.customersExport,
  products: e.productsExport,
};

/** Fetches an XLSX through the API client and hands it to the browser as a download. */
export async function downloadExport(
  kind: StatsExport,
  range: ReportRange,
  lang: 'cs' | 'en',
): Promise<void> {
  const blob = await call(exportRoutes[kind], { query: { ...rangeQuery(range), lang } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(kind, range, lang);
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
