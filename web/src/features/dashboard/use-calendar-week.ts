import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { weekDates } from '@letokruh/contracts/rules/calendar-week';
import { addDays } from '@letokruh/contracts/rules/prague-day';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { calendarClosuresQuery, calendarDriverVacationsQuery, calendarOrdersQuery } from '../order-steps/api';
import { useSettled } from './use-settled';

/**
 * domain.md §1.7: requests 500 ms after the last change. The first goes as soon as the warehouses
 * are known, not 1 s after opening as domain.md §1.9 has it
 * (docs/decisions/0047-dashboard-lcp-and-inp-measured-with-the-orders-drawn-issue.md).
 */
export const firstFetchMs = 0;
export const fetchDebounceMs = 500;

/** A week loaded this long ago is drawn from memory without asking again when the page opens. */
const freshMs = 10_000;

/** The weeks around the drawn one are asked for this long after it is drawn. */
const neighboursAfterMs = 300;

/** How long a prefetched neighbouring week counts as fresh (not asked for again while clicking). */
const prefetchFreshMs = 60_000;

type WeekQuery = { warehouses: number[]; dates: string[] };
const ordersOf = (q: WeekQuery) => calendarOrdersQuery({ ...q, combined: false });
const none: never[] = [];

/**
 * Decision 0047, LCP: the week the dashboard opens on, asked for by the boot (`prefetch.ts`) while the
 * page's code still loads, with the very queries `useCalendarWeek` reads.
 */
export function prefetchCalendarWeek(queryClient: QueryClient, date: string, warehouses: number[]): void {
  const dates = weekDates(date);
  if (warehouses.length === 0) return;
  void queryClient.prefetchQuery(ordersOf({ warehouses, dates }));
  void queryClient.prefetchQuery(calendarClosuresQuery(warehouses, dates));
  void queryClient.prefetchQuery(calendarDriverVacationsQuery(dates));
}

/** Decision 0026: once a week is drawn, the weeks before and after it are loaded too, the next first. */
function usePrefetchNeighbours(loaded: WeekQuery | null, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = loaded && enabled ? JSON.stringify(loaded) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `loaded`
  useEffect(() => {
    if (!loaded || !enabled || loaded.dates.length === 0 || loaded.warehouses.length === 0) return;
    // Once the week is painted (decision 0047): the answers arriving must not hold up its first paint.
    const timer = setTimeout(() => {
      for (const delta of [7, -7]) {
        const dates = weekDates(addDays(loaded.dates[0]!, delta));
        const fresh = { staleTime: prefetchFreshMs };
        void queryClient.prefetchQuery({ ...ordersOf({ warehouses: loaded.warehouses, dates }), ...fresh });
        void queryClient.prefetchQuery({ ...calendarClosuresQuery(loaded.warehouses, dates), ...fresh });
        void queryClient.prefetchQuery({ ...calendarDriverVacationsQuery(dates), ...fresh });
      }
    }, neighboursAfterMs);
    return () => clearTimeout(timer);
  }, [key, queryClient]);
}

/**
 * The dashboard calendar's data (domain.md §1.2, §1.7; decision 0026): the week of
 * `date` from the chosen warehouses. Requests wait as domain.md §1.9 says, except for a week already
 * loaded, which is drawn at once. While a week loads the calendar keeps drawing the last loaded one
 * (`drawnDate`, its orders) and `loading` is true; then its neighbours are prefetched.
 */
export function useCalendarWeek(date: string, warehouses: number[], canView: boolean) {
  const queryClient = useQueryClient();
  const wanted = { warehouses, dates: weekDates(date) };
  const settled = useSettled(wanted, firstFetchMs, fetchDebounceMs, warehouses.length > 0);
  const cachedNow = queryClient.getQueryData(ordersOf(wanted).queryKey) !== undefined;
  const query = cachedNow ? wanted : (settled ?? { warehouses: [], dates: [] });
  const enabled = canView && query.warehouses.length > 0 && query.dates.length > 0;
  // A week asked for moments ago (by the boot, or as a neighbour) is not asked for again on mount.
  const fresh = { staleTime: freshMs, placeholderData: keepPreviousData };
  const orders = useQuery({ ...ordersOf(query), enabled, ...fresh });
  const closures = useQuery({ ...calendarClosuresQuery(query.warehouses, query.dates), enabled, ...fresh });
  const vacations = useQuery({
    ...calendarDriverVacationsQuery(query.dates),
    enabled: canView && query.dates.length > 0,
    ...fresh,
  });
  const loaded = orders.data !== undefined && !orders.isPlaceholderData;
  const current = loaded && JSON.stringify(query) === JSON.stringify(wanted);
  // The last day drawn with its own week's orders: kept on screen until the next week arrives.
  const [drawn, setDrawn] = useState<{ date: string; query: WeekQuery } | null>(null);
  if (current && (drawn?.date !== date || JSON.stringify(drawn.query) !== JSON.stringify(query)))
    setDrawn({ date, query });
  usePrefetchNeighbours(loaded ? query : null, enabled);

  const held = current
    ? orders.data
    : drawn
      ? queryClient.getQueryData<CalendarEntry[]>(ordersOf(drawn.query).queryKey)
      : undefined;
  const drawnDate = current || !drawn ? date : drawn.date;
  // domain.md §1.7: the calendar keeps the orders whose delivery falls in the week.
  const shown = useMemo(() => {
    const days = weekDates(drawnDate);
    return (held ?? none).filter((o) => o.expected_delivery_date && days.includes(o.expected_delivery_date));
  }, [held, drawnDate]);

  return {
    orders: shown,
    closures: closures.data ?? none,
    driverVacations: vacations.data ?? none,
    drawnDate,
    /** Something is on its way that the calendar does not show yet. */
    loading: canView && warehouses.length > 0 && !current && !orders.error,
    /** Nothing at all to draw yet (the first week). */
    empty: held === undefined,
    /**
     * The first week's orders, closures and vacations have all come (or failed): the calendar is
     * drawn once, with them, not empty first and again as each arrives (decision 0047: drawing a
     * week is slow on a slow machine; figures: bench/results/2026-11-29-comment-figures.md).
     */
    firstReady:
      !enabled ||
      ((held !== undefined || orders.error !== null) &&
        (closures.data !== undefined || closures.error !== null) &&
        (vacations.data !== undefined || vacations.error !== null)),
    error: orders.error,
  };
}
