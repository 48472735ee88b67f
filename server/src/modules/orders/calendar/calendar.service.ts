import { ErrorCode } from '@letokruh/contracts/errors';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../plugins/errors.ts';
import type { WarehouseScope } from '../../../plugins/warehouse-scope.ts';
import { loadOrders } from '../order-view.ts';
import { type CalendarSelection, findCalendarOrderIds } from './calendar-week.queries.ts';

export type CalendarQuery = {
  warehouses: number[];
  dates: string[];
  show_cobined: boolean;
  id_out?: number | undefined;
};

/**
 * What GET /api/get-orders may show (domain.md §1.7, decision 0021), the same for both of its answers:
 * null when nothing. `own` is the caller's warehouses (`warehouseScope`), null when they see all;
 * asking for another warehouse answers 403.
 */
export function calendarSelection(query: CalendarQuery, own: WarehouseScope): CalendarSelection | null {
  if (own && query.warehouses.some((id) => !own.includes(id))) {
    throw new AppError(403, ErrorCode.accessDenied, 'Not one of your warehouses');
  }
  const dates = [...new Set(query.dates)];
  if (!dates.length || (!query.show_cobined && !query.warehouses.length)) return null;
  if (query.show_cobined && own?.length === 0) return null;
  return {
    dates,
    warehouseIds: query.show_cobined ? own : [...new Set(query.warehouses)],
    excludeId: query.id_out,
  };
}

/** GET /api/get-orders (domain.md §1.7): the week's orders of the chosen warehouses. */
export async function calendarOrders(db: DbOrTx, query: CalendarQuery, own: WarehouseScope = null) {
  const selection = calendarSelection(query, own);
  if (!selection) return { data: [] };
  return { data: await loadOrders(db, await findCalendarOrderIds(db, selection)) };
}

/**
 * The same orders as `calendarOrders`, a slice at a time (the route writes each to the answer and
 * drops it: a busy week's whole orders are tens of MB of objects). The selection (and its 403)
 * comes first, before any slice. Decision 0068: 50 orders a slice, not 200: five such weeks at once
 * (cache off) held the event loop over its bound, a slice's rows, orders, parse and text and the
 * young collections of them at a time; with 50 the long blocks all but went (figures:
 * bench/results/2026-11-29-comment-figures.md).
 */
export async function calendarOrderSlices(
  db: DbOrTx,
  query: CalendarQuery,
  own: WarehouseScope = null,
  slice = 50,
): Promise<AsyncIterable<Awaited<ReturnType<typeof loadOrders>>>> {
  const selection = calendarSelection(query, own);
  const ids = selection ? await findCalendarOrderIds(db, selection) : [];
  return (async function* () {
    for (let start = 0; start < ids.length; start += slice)
      yield loadOrders(db, ids.slice(start, start + slice));
  })();
}
