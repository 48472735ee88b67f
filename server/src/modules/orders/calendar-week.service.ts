import type { DbOrTx } from '../../db/client.ts';
import type { WarehouseScope } from '../warehouses/warehouse-scope.ts';
import { findCalendarWeek } from './calendar-week.queries.ts';
import { type CalendarQuery, calendarSelection } from './orders.service.ts';

/**
 * GET /api/get-orders?view=calendar (issue 16): the same orders as `calendarOrders`, as the JSON
 * text of `CalendarWeek` (contracts/order-calendar.ts), written by PostgreSQL.
 */
export async function calendarWeekJson(db: DbOrTx, query: CalendarQuery, own: WarehouseScope = null) {
  const selection = calendarSelection(query, own);
  if (!selection) return '{"days":[],"warehouses":[],"drivers":[],"cars":[]}';
  const week = await findCalendarWeek(db, selection);
  return `{"days":[${week.days}],"warehouses":${week.warehouses},"drivers":${week.drivers},"cars":${week.cars}}`;
}
