import { type SQL, sql } from 'drizzle-orm';
import { type CalendarSelection, calendarCondition } from './order-list.queries.ts';

/**
 * Issue 16, `view=calendar`: the lean week written by PostgreSQL in one query. The orders come
 * from `orders_warehouse_date_idx`, each one's customer by primary key (the block's name, as
 * `calendarName` in order-view.ts writes it); each order's JSON is a concatenation of its
 * columns (json_build_object took 2–3× the CPU per row: it looks up every value's type on every
 * call), grouped by day; the warehouses, drivers and cars they name follow as small lists. Node
 * receives one row whose `json` column is the whole answer (db/json-queries.ts fetches it in a
 * worker thread on PostgreSQL), and parses nothing.
 */
export function calendarWeekQuery(selection: CalendarSelection): SQL {
  return sql`
    with o as materialized (
      select orders.id, orders.intern_id, orders.version, orders.expected_delivery_date as date,
        orders.expected_delivery_time as time, orders.expected_delivery_duration as minutes,
        orders.duration, orders.warehouse_id, orders.driver_id, orders.car_id, orders.done,
        orders.prepared, orders.collected_revenue_at is not null as paid,
        -- A lookup per order by primary key, not a join: the planner's estimate of random reads
        -- made it merge-join the week with all 200 000 customers (6 530 pages, 2-3x slower).
        coalesce((select concat_ws(', ',
          nullif(coalesce(nullif(c.organization_name, ''), btrim(c.first_name || ' ' || c.last_name)), ''),
          nullif(c.town, '')) from customers c where c.id = orders.customer_id), '') as name
      from orders
      where ${calendarCondition(selection)}
    ),
    day as (
      select date, concat('{"date":"', date::text, '","orders":[', string_agg(concat(
        '{"id":', id, ',"intern_id":', intern_id, ',"version":', version,
        ',"expected_delivery_time":', coalesce('"' || to_char(time, 'HH24:MI') || '"', 'null'),
        ',"expected_delivery_duration":', minutes, ',"duration":', duration,
        ',"calendar_name":', to_json(name)::text,
        ',"warehouse_id":', coalesce(warehouse_id::text, 'null'),
        ',"driver_id":', coalesce(driver_id::text, 'null'),
        ',"car_id":', coalesce(car_id::text, 'null'),
        ',"done":', done::text, ',"prepared":', prepared::text, ',"paid":', paid::text, '}'
      ), ',' order by time nulls last, id), ']}') as json
      from o group by date
    )
    select concat('{"days":[',
      (select string_agg(json, ',' order by date) from day),
      '],"warehouses":',
      (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'color', color,
          'text_color', text_color) order by id), '[]')::text
        from warehouses where id in (select warehouse_id from o)),
      ',"drivers":',
      (select coalesce(json_agg(json_build_object('id', id,
          'name', btrim(first_name || ' ' || last_name)) order by id), '[]')::text
        from users where id in (select driver_id from o)),
      ',"cars":',
      (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'hex_color', hex_color)
          order by id), '[]')::text
        from cars where id in (select car_id from o)),
      '}') as json`;
}
