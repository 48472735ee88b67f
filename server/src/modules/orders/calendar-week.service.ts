import type { CalendarWeekOrder } from '@letokruh/contracts/order-calendar';
import type { DbOrTx } from '../../db/client.ts';
import { yieldToLoop } from '../../event-loop.ts';
import type { WarehouseScope } from '../warehouses/warehouse-scope.ts';
import {
  type CalendarNamed,
  type CalendarWeekRow,
  findCalendarNamed,
  findCalendarWeekRows,
} from './calendar-week.queries.ts';
import { type CalendarQuery, calendarSelection } from './orders.service.ts';

/**
 * GET /api/get-orders?view=calendar (issue 16): the same orders as `calendarOrders`, as the JSON
 * text of `CalendarWeek`, written a slice at a time with the event loop free in between.
 */
export async function calendarWeekJson(db: DbOrTx, query: CalendarQuery, own: WarehouseScope = null) {
  const selection = calendarSelection(query, own);
  if (!selection) return '{"days":[],"warehouses":[],"drivers":[],"cars":[]}';
  return writeCalendarWeek(db, await findCalendarWeekRows(db, selection));
}

const distinct = (values: (number | null)[]) => [...new Set(values.filter((v) => v !== null))];

async function writeCalendarWeek(db: DbOrTx, rows: CalendarWeekRow[]): Promise<string> {
  const named = await findCalendarNamed(db, {
    warehouses: distinct(rows.map((r) => r.warehouse_id)),
    drivers: distinct(rows.map((r) => r.driver_id)),
    cars: distinct(rows.map((r) => r.car_id)),
  });
  const days: string[] = [];
  let day: string | null = null;
  let orders: string[] = [];
  const closeDay = () => {
    if (day !== null) days.push(`{"date":${JSON.stringify(day)},"orders":[${orders.join(',')}]}`);
    orders = [];
  };
  for (let start = 0; start < rows.length; start += writeSlice) {
    if (start > 0) await yieldToLoop();
    for (const r of rows.slice(start, start + writeSlice)) {
      if (r.date !== day) {
        closeDay();
        day = r.date;
      }
      orders.push(
        JSON.stringify({
          id: r.id,
          intern_id: Number(r.intern_id),
          version: r.version,
          expected_delivery_time: r.time,
          expected_delivery_duration: r.minutes,
          duration: r.duration,
          calendar_name: r.calendar_name,
          warehouse_id: r.warehouse_id,
          driver_id: r.driver_id,
          car_id: r.car_id,
          done: r.done,
          prepared: r.prepared,
          paid: r.paid,
        } satisfies CalendarWeekOrder),
      );
    }
  }
  closeDay();
  const of = (kind: CalendarNamed['kind']) => named.filter((n) => n.kind === kind);
  const warehouses = of('w').map((w) => ({ id: w.id, name: w.name, color: w.a, text_color: w.b }));
  const drivers = of('d').map((d) => ({ id: d.id, name: d.name }));
  const cars = of('c').map((c) => ({ id: c.id, name: c.name, hex_color: c.a }));
  return `{"days":[${days.join(',')}],"warehouses":${JSON.stringify(warehouses)},"drivers":${JSON.stringify(drivers)},"cars":${JSON.stringify(cars)}}`;
}

/** Orders written between two turns of the event loop (≈ 5 ms). */
const writeSlice = 1000;
