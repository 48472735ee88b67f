import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CalendarSelection, calendarCondition } from './order-list.queries.ts';

/**
 * Issue 16, `view=calendar`: the calendar's orders as plain rows, read in one query on
 * `orders_warehouse_date_idx` with each order's customer by primary key (the block's name), and
 * the warehouses, drivers and cars they name in a second, by their ids. JSON is written by the
 * caller: PostgreSQL's json_build_object cost more CPU per row than the rows themselves
 * (docs/decisions.md, "The calendar week, lean").
 */
export type CalendarWeekRow = {
  id: number;
  intern_id: number | string | bigint;
  version: number;
  date: string;
  time: string | null;
  minutes: number;
  duration: number;
  calendar_name: string;
  warehouse_id: number | null;
  driver_id: number | null;
  car_id: number | null;
  done: boolean;
  prepared: boolean;
  paid: boolean;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function findCalendarWeekRows(db: DbOrTx, selection: CalendarSelection) {
  // The block's text, as `calendarName` in order-view.ts: the organization or the customer's
  // name, then the town; empty parts left out.
  const result = await db.execute(sql`
    select orders.id, orders.intern_id, orders.version,
      orders.expected_delivery_date::text as date,
      to_char(orders.expected_delivery_time, 'HH24:MI') as time,
      orders.expected_delivery_duration as minutes, orders.duration,
      concat_ws(', ',
        nullif(coalesce(nullif(c.organization_name, ''), btrim(c.first_name || ' ' || c.last_name)), ''),
        nullif(c.town, '')) as calendar_name,
      orders.warehouse_id, orders.driver_id, orders.car_id, orders.done, orders.prepared,
      orders.collected_revenue_at is not null as paid
    from orders left join customers c on c.id = orders.customer_id
    where ${calendarCondition(selection)}
    order by orders.expected_delivery_date, orders.expected_delivery_time, orders.id`);
  return rowsOf<CalendarWeekRow>(result);
}

export type CalendarNamed = {
  kind: 'w' | 'd' | 'c';
  id: number;
  name: string;
  a: string | null;
  b: string | null;
};

/** The warehouses, drivers and cars of a week's orders, one query. */
export async function findCalendarNamed(
  db: DbOrTx,
  ids: { warehouses: number[]; drivers: number[]; cars: number[] },
) {
  if (!ids.warehouses.length && !ids.drivers.length && !ids.cars.length) return [];
  const result = await db.execute(sql`
    select 'w' as kind, id, name, color as a, text_color as b from warehouses
      where id = any(${sql.param(ids.warehouses)}::int[])
    union all
    select 'd', id, btrim(first_name || ' ' || last_name), null, null from users
      where id = any(${sql.param(ids.drivers)}::int[])
    union all
    select 'c', id, name, hex_color, null from cars where id = any(${sql.param(ids.cars)}::int[])
    order by 1, 2`);
  return rowsOf<CalendarNamed>(result);
}
