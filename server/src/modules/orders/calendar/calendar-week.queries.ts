import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { calendarEntries as e, orders } from '../../../db/schema/index.ts';
import { notDraft } from '../orders.queries.ts';

/** What the calendar may show of the days and warehouses asked (both answers use it, decision 0049). */
export type CalendarSelection = {
  dates: string[];
  warehouseIds: readonly number[] | null;
  excludeId?: number | undefined;
};

/** domain.md §1.7 and decision 0030: the not-cancelled orders of those days and warehouses, drafts not. */
export const calendarCondition = (options: CalendarSelection) =>
  and(
    inArray(orders.expectedDeliveryDate, options.dates),
    options.warehouseIds ? inArray(orders.warehouseId, [...options.warehouseIds]) : undefined,
    eq(orders.hidden, false),
    notDraft,
    options.excludeId !== undefined ? ne(orders.id, options.excludeId) : undefined,
  );

export async function findCalendarOrderIds(db: DbOrTx, options: CalendarSelection): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(calendarCondition(options))
    .orderBy(asc(orders.expectedDeliveryDate), asc(orders.expectedDeliveryTime), asc(orders.id));
  return rows.map((r) => r.id);
}

/**
 * Decision 0049, `view=calendar`: the lean week written by PostgreSQL, from `calendar_entries`
 * (migration 0033): every order the calendars can show, its JSON kept by triggers with the order
 * (all but the customer's name, looked up here), so that which orders these are is
 * `calendarCondition`'s (order-list.queries.ts: not cancelled, not drafts, of those days and
 * warehouses).
 *
 * One row per order, in the calendar's order (day, time, id), each row's `json` the order's JSON
 * with what goes before it (the answer's and a day's opening, or a comma) and, on the last row,
 * what closes the answer: the warehouses, drivers and cars the week names. Joined in order they
 * are the answer (db/json-queries.ts, in a worker thread on PostgreSQL); no rows, an empty week.
 * PostgreSQL builds no megabyte string: for the busiest bench week, rows took less than half the
 * execution time of one aggregated text (decision 0049).
 */
export function calendarWeekQuery(selection: CalendarSelection): SQL {
  const where = and(
    inArray(e.day, selection.dates),
    selection.warehouseIds ? inArray(e.warehouseId, [...selection.warehouseIds]) : undefined,
    selection.excludeId !== undefined ? ne(e.orderId, selection.excludeId) : undefined,
  );
  /** The ids in `column` of the week's orders, once each. */
  const named = (column: typeof e.warehouseId | typeof e.driverId | typeof e.carId) =>
    sql`array(select ${column} from ${e} where ${where} group by ${column})`;
  return sql`
    with lists as (
      select concat('],"warehouses":',
        (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'color', color,
            'text_color', text_color) order by id), '[]')::text
          from warehouses where id = any(${named(e.warehouseId)})),
        ',"drivers":',
        (select coalesce(json_agg(json_build_object('id', id,
            'name', btrim(first_name || ' ' || last_name)) order by id), '[]')::text
          from users where id = any(${named(e.driverId)})),
        ',"cars":',
        (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'hex_color', hex_color)
            order by id), '[]')::text
          from cars where id = any(${named(e.carId)})),
        '}') as json
    )
    select
      case when lag(${e.day}) over w is null then '{"days":[{"date":"' || ${e.day}::text || '","orders":['
        when lag(${e.day}) over w <> ${e.day} then ']},{"date":"' || ${e.day}::text || '","orders":['
        else ',' end
      || ${e.head}
      -- The customer's name as it is now (by primary key), between the order's two parts.
      || to_json(coalesce((select calendar_name(c) from customers c where c.id = ${e.customerId}), ''))::text
      || ${e.tail}
      || case when lead(${e.day}) over w is null then ']}' || (select json from lists) else '' end as json
    from ${e} where ${where}
    window w as (order by ${e.day}, ${e.time} nulls last, ${e.orderId})
    order by ${e.day}, ${e.time} nulls last, ${e.orderId}`;
}
