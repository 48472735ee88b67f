/** The calls `npm run bench` loads one after another and the mixed load cycles through. */
import { foldText } from '@letokruh/contracts/rules/text';
import type { Params } from './params.ts';
import type { Target } from './report.ts';

export type Call = {
  name: string;
  label: string;
  paths: string[];
  connections: number;
  target: Target;
};

export function calls(
  p: Params,
  deepPage: number,
  options: { perPage: number; connections: number; calendarConnections: number },
): Call[] {
  const q = (params: Record<string, string | number | string[]>) => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      for (const one of Array.isArray(v) ? v : [v]) s.append(k, String(one));
    }
    return s.toString();
  };
  const page = { current_page: 1, per_page: options.perPage };
  const list: Target = { kind: 'latency', p95: 100, p99: 250 };
  const c = options.connections;
  return [
    {
      name: 'orders_first_page',
      label: 'order list, first page',
      paths: [`/api/orders?${q(page)}`],
      connections: c,
      // At least half the bare route's req/s, p95 as the list's.
      target: { ...list, shareOfCeiling: 0.5 },
    },
    {
      name: 'orders_name_filter',
      label: 'order list, name filter',
      paths: p.surnames.map((name) => `/api/orders?${q({ ...page, name })}`),
      connections: c,
      target: list,
    },
    {
      // Decision 0024: typed without accents and in lower case, as at the counter ("novakova").
      name: 'orders_name_unaccented',
      label: 'order list, name without accents',
      paths: p.surnames.map((name) => `/api/orders?${q({ ...page, name: foldText(name) })}`),
      connections: c,
      target: list,
    },
    {
      name: 'orders_deep_page',
      label: `order list, page ${deepPage.toLocaleString('en')}`,
      paths: [`/api/orders?${q({ ...page, current_page: deepPage })}`],
      connections: c,
      target: { ...list, asFastAs: 'orders_first_page' },
    },
    {
      name: 'order_detail',
      label: 'order detail',
      paths: p.orderIds.map((id) => `/api/order/${id}`),
      connections: c,
      target: list,
    },
    {
      name: 'customers_by_phone',
      label: 'customer search, phone',
      paths: p.phones.map((phone) => `/api/customers?${q({ ...page, phone })}`),
      connections: c,
      target: list,
    },
    {
      name: 'customers_by_name',
      label: 'customer search, name',
      paths: p.fullNames.map((fullName) => `/api/customers?${q({ ...page, fullName })}`),
      connections: c,
      target: list,
    },
    {
      name: 'customers_by_name_unaccented',
      label: 'customer search, name without accents',
      paths: p.fullNames.map((fullName) => `/api/customers?${q({ ...page, fullName: foldText(fullName) })}`),
      connections: c,
      target: list,
    },
    {
      // Decision 0049: the lean week the web calendars ask for (view=calendar).
      name: 'calendar_week',
      label: 'calendar week, one warehouse',
      paths: [
        `/api/api/get-orders?${q({ warehouses: p.calendar.warehouseId, dates: p.calendar.dates, view: 'calendar' })}`,
      ],
      connections: options.calendarConnections,
      // p95 ≤ 250 ms at 5 users, one request alone ≤ 150 ms.
      target: { kind: 'latency', p95: 250, alone: 150 },
    },
    {
      // The whole orders as before (old clients, the printed day sheet), to compare.
      name: 'calendar_week_full',
      label: 'calendar week, whole orders',
      paths: [`/api/api/get-orders?${q({ warehouses: p.calendar.warehouseId, dates: p.calendar.dates })}`],
      connections: options.calendarConnections,
      target: { kind: 'none' },
    },
    {
      name: 'stats_month_warehouses',
      label: 'stats of a month, by warehouse',
      paths: [`/api/stats_by_warehouses?${q({ from: p.month.from, to: p.month.to })}`],
      connections: c,
      target: { kind: 'none' },
    },
    {
      name: 'stats_month_products',
      label: 'stats of a month, by product',
      paths: [`/api/stats_for_products?${q({ from: p.month.from, to: p.month.to })}`],
      connections: c,
      target: { kind: 'none' },
    },
    {
      name: 'delivery_note',
      label: 'delivery note PDF',
      paths: p.noteIds.map(
        (id) => `/api/order/${id}/get_delivery_note?${q({ supplier: p.supplierId, language: 'cs' })}`,
      ),
      connections: c,
      target: { kind: 'latency', p95: 100 },
    },
    {
      // Decision 0022: drawn in the PDF worker pool, so the loop stays free (judged like every call).
      name: 'delivery_notes_merged',
      label: `merged delivery notes, ${p.mergeIds.length} orders`,
      paths: [
        `/api/download_multiple_delivery_notes?${q({ orders: p.mergeIds.join(','), supplier: p.supplierId, language: 'cs' })}`,
      ],
      connections: 2,
      target: { kind: 'none' },
    },
  ];
}
