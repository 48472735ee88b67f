/**
 * What the calls ask for, read from the generated database before the server starts (an embedded
 * database belongs to one process at a time): sampled order ids, customers' names and phones, the
 * calendar's week and warehouse, the stats month and the export's range of about N orders.
 */
import { addDays } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client.ts';
import { rowsOf } from '../../server/src/db/rows.ts';

export type Params = {
  orders: number;
  customers: number;
  orderIds: number[];
  noteIds: number[];
  /** Up to 266 printable orders for one merged delivery-note PDF (a busy day's merge). */
  mergeIds: number[];
  supplierId: number;
  surnames: string[];
  fullNames: string[];
  phones: string[];
  calendar: { warehouseId: number; warehouseName: string; dates: string[]; orders: number };
  month: { from: string; to: string; orders: number };
  exportRange: { from: string; to: string; rows: number };
};

/** The `n`-th of a list spread evenly: deterministic samples without `order by random()`. */
const spread = <T>(list: T[], n: number) =>
  list.length <= n ? list : Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]!);

/** Monday of the week holding a day. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export async function pickParams(db: Db, options: { exportRows: number; sample: number }): Promise<Params> {
  const [counts] = await rowsOf<{ orders: number; customers: number; max_id: number; today: string }>(
    db,
    sql`select (select count(*)::int from orders where customer_id is not null) as orders,
      (select count(*)::int from customers) as customers,
      (select coalesce(max(id), 0)::int from orders) as max_id,
      (select max(created_at at time zone 'Europe/Prague')::date::text from orders) as today`,
  );
  if (!counts || counts.orders === 0) throw new Error('The database holds no orders: generate them first');

  // Orders spread over the whole id range (old and new alike), by a stride over the primary key.
  const stride = Math.max(1, Math.floor(counts.max_id / (options.sample * 2)));
  const sampled = await rowsOf<{ id: number; hidden: boolean; has_items: boolean }>(
    db,
    sql`select o.id, o.hidden, exists (select 1 from order_items i where i.order_id = o.id) as has_items
      from orders o where o.customer_id is not null and o.currency is not null and o.id % ${stride} = 0
      order by o.id limit ${options.sample * 2}`,
  );
  const orderIds = spread(
    sampled.map((r) => r.id),
    options.sample,
  );
  const noteIds = spread(
    sampled.filter((r) => !r.hidden && r.has_items).map((r) => r.id),
    options.sample,
  );
  const mergeIds = sampled
    .filter((r) => !r.hidden && r.has_items)
    .map((r) => r.id)
    .slice(0, 266);

  const [supplier] = await rowsOf<{ id: number }>(
    db,
    sql`select id from suppliers where active order by id limit 1`,
  );
  if (!supplier) throw new Error('No active supplier: the delivery note needs one');

  const customerStride = Math.max(1, Math.floor(counts.customers / options.sample));
  const people = await rowsOf<{ first_name: string; last_name: string; phone: string }>(
    db,
    sql`select first_name, last_name, phone from customers
      where id % ${customerStride} = 0 and last_name <> '' order by id limit ${options.sample}`,
  );
  // The phone as a dispatcher types it: "603 791 074" (the server drops the spaces).
  const phones = people.map((p) =>
    p.phone
      .replace(/\D/g, '')
      .replace(/(\d{3})(?=\d)/g, '$1 ')
      .trim(),
  );

  // The week of the latest order's day (today in the data), its busiest warehouse.
  const monday = mondayOf(counts.today);
  const dates = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const [busiest] = await rowsOf<{ id: number; name: string; n: number }>(
    db,
    sql`select w.id, w.name, count(o.id)::int as n from warehouses w
      left join orders o on o.warehouse_id = w.id and not o.hidden and o.customer_id is not null
        and o.expected_delivery_date between ${dates[0]}::date and ${dates[6]}::date
      where not w.hidden group by w.id, w.name order by n desc, w.id limit 1`,
  );

  // The last whole month before today's.
  const firstOfThis = `${counts.today.slice(0, 7)}-01`;
  const to = addDays(firstOfThis, -1);
  const from = `${to.slice(0, 7)}-01`;
  const counted = `not hidden and customer_id is not null and warehouse_id is not null and currency is not null`;
  const [month] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders where ${sql.raw(counted)}
      and expected_delivery_date between ${from}::date and ${to}::date`,
  );

  // The export: the latest delivery days that together hold at least `exportRows` orders.
  const perDay = await rowsOf<{ day: string; n: number }>(
    db,
    sql`select expected_delivery_date::text as day, count(*)::int as n from orders
      where ${sql.raw(counted)} group by 1 order by 1 desc`,
  );
  let exported = 0;
  let exportFrom = perDay[0]?.day ?? counts.today;
  for (const d of perDay) {
    if (exported >= options.exportRows) break;
    exported += d.n;
    exportFrom = d.day;
  }

  return {
    orders: counts.orders,
    customers: counts.customers,
    orderIds,
    noteIds,
    mergeIds,
    supplierId: supplier.id,
    surnames: [...new Set(people.map((p) => p.last_name))],
    fullNames: people.map((p) => `${p.first_name} ${p.last_name}`),
    phones,
    calendar: { warehouseId: busiest!.id, warehouseName: busiest!.name, dates, orders: busiest!.n },
    month: { from, to, orders: month?.n ?? 0 },
    exportRange: { from: exportFrom, to: perDay[0]?.day ?? counts.today, rows: exported },
  };
}
