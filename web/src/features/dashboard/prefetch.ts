import type { QueryClient } from '@tanstack/react-query';
import type { OwnWarehouse } from '../../lib/reference-queries';
import { openingDashboardState } from './dashboard-state';
import { prefetchCalendarWeek } from './use-calendar-week';

/**
 * What the dashboard draws first, asked for by the boot once the session is known (decision 0047, LCP):
 * the user's warehouses, then the week the page opens on from the warehouses it will show (the
 * kept choice, or all of them on the first visit, as the page decides). The page then draws the
 * calendar once, with its orders, instead of empty first and again when they arrive.
 */
export async function prefetchDashboard(
  queryClient: QueryClient,
  ownWarehouses: Promise<OwnWarehouse[]>,
  canViewOrders: boolean,
): Promise<void> {
  const state = openingDashboardState(window.location.search);
  const own = await ownWarehouses;
  if (!canViewOrders) return;
  prefetchCalendarWeek(queryClient, state.date, state.warehouses ?? own.map((w) => w.id));
}
