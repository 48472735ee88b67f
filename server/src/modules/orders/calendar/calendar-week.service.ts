import type { DbOrTx } from '../../../db/client.ts';
import type { JsonQueries } from '../../../db/json-queries.ts';
import { rowsOf } from '../../../db/rows.ts';
import { type JsonAnswer, jsonAnswer } from '../../../plugins/answer-json.ts';
import type { WarehouseScope } from '../../../plugins/warehouse-scope.ts';
import { type CalendarQuery, calendarSelection } from './calendar.service.ts';
import { calendarWeekQuery } from './calendar-week.queries.ts';

const emptyWeek = '{"days":[],"warehouses":[],"drivers":[],"cars":[]}';

/**
 * GET /api/get-orders?view=calendar (decision 0049): the same orders as `calendarOrders`, as the JSON
 * of `CalendarWeek` (contracts/order-calendar.ts) written by PostgreSQL, fetched and gzipped off
 * the event loop where the database allows it (db/json-queries.ts).
 */
export async function calendarWeekAnswer(
  queries: JsonQueries,
  db: DbOrTx,
  query: CalendarQuery,
  own: WarehouseScope = null,
): Promise<JsonAnswer> {
  const selection = calendarSelection(query, own);
  return selection ? queries.answer(db, calendarWeekQuery(selection), emptyWeek) : jsonAnswer(emptyWeek);
}

/** The same answer's text, fetched on the calling thread (measurements, tests). */
export async function calendarWeekJson(db: DbOrTx, query: CalendarQuery, own: WarehouseScope = null) {
  const selection = calendarSelection(query, own);
  if (!selection) return emptyWeek;
  const rows = await rowsOf<{ json: string }>(db, calendarWeekQuery(selection));
  return rows.length === 0 ? emptyWeek : rows.map((row) => row.json).join('');
}
