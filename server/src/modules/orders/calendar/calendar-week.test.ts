import { type CalendarOrder, calendarWeekSchema } from '@letokruh/contracts/order-calendar';
import { calendarEntries } from '@letokruh/contracts/rules/calendar-entries';
import { weekDates } from '@letokruh/contracts/rules/calendar-week';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../../../test/build.ts';

// Decision 0049: `view=calendar` is the lean week the calendars draw. It must list exactly the orders
// of the full answer (same warehouses, drafts and cancelled orders left out, same 403s), with the
// same values, in a fraction of the bytes.
let t: BuiltTestApp;
const users = ['owner', 'technician', 'warehouseman', 'driver', 'driver3', 'warehouseman2'] as const;
const clients = {} as Record<(typeof users)[number], Client>;
const id: Record<string, number> = {};

beforeAll(async () => {
  // No answer cache: the last test writes with plain SQL, which draws no new data version.
  t = await buildTestApp({ ANSWER_CACHE_BYTES: '0' });
  for (const name of users) clients[name] = await login(t.app, name);
  const rows = await rowsOf<{ id: number; name: string }>(t.db, sql`select id, name from warehouses`);
  for (const w of rows) id[w.name.replace('Sklad ', '')] = w.id;
});
afterAll(() => t?.close());

const ask = (c: Client, query: string) => c.get(`/api/api/get-orders?${query}`);

/** What a calendar block shows, read from a full order. */
const drawnOf = (o: CalendarOrder) => ({
  id: o.id,
  intern_id: o.intern_id,
  version: o.version,
  expected_delivery_date: o.expected_delivery_date,
  expected_delivery_time: o.expected_delivery_time,
  expected_delivery_duration: o.expected_delivery_duration,
  duration: o.duration,
  calendar_name: o.calendar_name,
  done: o.done,
  prepared: o.prepared,
  paid: o.collected_revenue_at !== null,
  warehouse: o.warehouse && {
    id: o.warehouse.id,
    name: o.warehouse.name,
    color: o.warehouse.color,
    text_color: o.warehouse.text_color,
  },
  driver: o.driver && { id: o.driver.id, name: o.driver.name },
  car: o.car,
});

describe('GET /api/api/get-orders?view=calendar', () => {
  it('lists exactly the orders of the full answer, with the same values, for every user and week', async () => {
    const today = pragueDay();
    const all = [id.Jihlava, id['Havlíčkův Brod'], id.Třebíč].join(',');
    let compared = 0;
    let fullBytes = 0;
    let leanBytes = 0;
    for (const name of users) {
      const own = (await clients[name].get('/api/warehouses/own'))
        .json()
        .items.map((w: { id: number }) => w.id);
      for (const delta of [-14, 0, 7]) {
        const dates = weekDates(addDays(today, delta)).join(',');
        for (const query of [
          `warehouses=${own.join(',')}&dates=${dates}`,
          `warehouses=${own[0]}&dates=${dates}&show_cobined=true`,
          `warehouses=${all}&dates=${dates}`,
        ]) {
          const full = await ask(clients[name], query);
          const lean = await ask(clients[name], `${query}&view=calendar`);
          expect(lean.statusCode, `${name} ${query}`).toBe(full.statusCode);
          if (full.statusCode !== 200) continue;
          const week = calendarWeekSchema.parse(lean.json());
          const orders = full.json().data as CalendarOrder[];
          expect(calendarEntries(week), `${name} ${query}`).toEqual(orders.map(drawnOf));
          compared += orders.length;
          fullBytes += full.body.length;
          leanBytes += Buffer.byteLength(lean.body);
        }
      }
    }
    // Every user saw orders, and drivers and warehousemen were refused foreign warehouses.
    expect(compared).toBeGreaterThan(500);
    // Decision 0046: at most 300 bytes per order (the full answer: about 2.9 KB).
    expect(leanBytes / compared).toBeLessThan(300);
    expect(leanBytes * 5).toBeLessThan(fullBytes);
  });

  it('refuses foreign warehouses as the full answer does, and answers nothing asked as empty', async () => {
    const days = weekDates(pragueDay()).join(',');
    const foreign = await ask(
      clients.driver,
      `warehouses=${id['Havlíčkův Brod']}&dates=${days}&view=calendar`,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('"days"');
    expect((await ask(clients.owner, `dates=${days}&view=calendar`)).json()).toEqual({
      days: [],
      warehouses: [],
      drivers: [],
      cars: [],
    });
    expect((await ask(clients.owner, `warehouses=${id.Jihlava}&dates=${days}&view=week`)).statusCode).toBe(
      400,
    );
  });

  it('leaves out the edited order (id_out) and a cancelled one', async () => {
    const dates = weekDates(pragueDay()).join(',');
    const query = `warehouses=${id.Jihlava}&dates=${dates}&view=calendar`;
    const ids = async (q: string) => calendarEntries((await ask(clients.owner, q)).json()).map((o) => o.id);
    const before = await ids(query);
    const [first, second] = before;
    expect(second).toBeDefined();
    expect(await ids(`${query}&id_out=${first}`)).toEqual(before.slice(1));
    expect((await clients.owner.delete(`/api/order/${second}/delete`)).statusCode).toBe(200);
    expect(await ids(query)).toEqual(before.filter((o) => o !== second));
    await clients.owner.put(`/api/order/${second}/restore`);
  });

  it('follows every change of an order and of its customer, whoever writes it (migration 0033)', async () => {
    const today = pragueDay();
    const all = [id.Jihlava, id['Havlíčkův Brod'], id.Třebíč].join(',');
    const weeks = [weekDates(today), weekDates(addDays(today, 7))];
    /** The lean weeks equal the full ones, and every kept entry equals its recomputation. */
    const same = async (why: string) => {
      for (const dates of weeks) {
        const query = `warehouses=${all}&dates=${dates.join(',')}`;
        const full = (await ask(clients.owner, query)).json().data as CalendarOrder[];
        const lean = calendarWeekSchema.parse((await ask(clients.owner, `${query}&view=calendar`)).json());
        expect(calendarEntries(lean), why).toEqual(full.map(drawnOf));
      }
      const stale = await rowsOf<{ n: number }>(
        t.db,
        sql`
        select count(*)::int as n from calendar_entries e
        full join (
          select o.id, calendar_entry_head(o) as head, calendar_entry_tail(o) as tail,
            o.expected_delivery_date as day, o.customer_id
          from orders o
          where o.expected_delivery_date is not null and not o.hidden and o.draft_touched_at is null
        ) r on r.id = e.order_id
        where e.head is distinct from r.head or e.tail is distinct from r.tail
          or e.day is distinct from r.day or e.customer_id is distinct from r.customer_id`,
      );
      expect(stale[0]?.n, why).toBe(0);
    };
    const [order] = await rowsOf<{ id: number; customer_id: number }>(
      t.db,
      sql`
        select id, customer_id from orders where expected_delivery_date between ${weeks[0]![0]!}::date and ${weeks[0]![6]!}::date
          and not hidden and draft_touched_at is null and customer_id is not null
        order by id limit 1`,
    );
    expect(order).toBeDefined();
    const o = order!.id;
    const drivers = await rowsOf<{ id: number }>(t.db, sql`select id from users order by id`);
    await same('as seeded');

    // Hand-written UPDATEs, as any writer: time, driver, car, done, prepared, paid, version.
    await t.db.execute(sql`update orders set expected_delivery_time = '07:15', car_id = null,
      driver_id = ${drivers.at(-1)!.id}, done = true, prepared = true,
      collected_revenue_at = now(), collected_revenue_by = ${drivers[0]!.id},
      version = version + 1 where id = ${o}`);
    await same('time, driver, car, done, paid');
    // To the next week and to no time, then to another warehouse.
    await t.db.execute(sql`update orders set expected_delivery_date = expected_delivery_date + 7,
      expected_delivery_time = null where id = ${o}`);
    await same('moved a week on');
    await t.db.execute(sql`update orders set warehouse_id = ${id.Třebíč} where id = ${o}`);
    await same('another warehouse');
    // Cancelled and restored, made a draft and saved again: gone and back.
    await t.db.execute(sql`update orders set hidden = true, done = false where id = ${o}`);
    await same('cancelled');
    await t.db.execute(sql`update orders set hidden = false, draft_touched_at = now() where id = ${o}`);
    await same('a draft');
    await t.db.execute(sql`update orders set draft_touched_at = null where id = ${o}`);
    await same('saved again');
    // The customer's town alone (the orders' own columns stay), then the name, then a person
    // instead of an organisation, with diacritics and quotes.
    await t.db.execute(sql`update customers set town = 'Žďár nad Sázavou' where id = ${order!.customer_id}`);
    await same('customer moved town');
    await t.db.execute(sql`update customers set organization_name = 'Dřevo "U Lípy"'
      where id = ${order!.customer_id}`);
    await same('customer renamed');
    await t.db.execute(sql`update customers set organization_name = '', first_name = 'Řehoř',
      last_name = 'Čížek' where id = ${order!.customer_id}`);
    await same('customer a person');
    // Another customer for the order.
    await t.db.execute(sql`update orders set customer_id = (select min(id) from customers where id <> ${order!.customer_id})
      where id = ${o}`);
    await same('another customer');
    // Order writes and customer renames at once (on PostgreSQL, on several connections): the name is
    // read when the week is, so no entry keeps one from an older snapshot.
    const week = await rowsOf<{ id: number; customer_id: number }>(
      t.db,
      sql`
      select id, customer_id from orders where expected_delivery_date between ${weeks[0]![0]!}::date and ${weeks[0]![6]!}::date
        and not hidden and draft_touched_at is null and customer_id is not null order by id limit 10`,
    );
    await Promise.all(
      week.flatMap((r, i) => [
        t.db.execute(
          sql`update orders set version = version + 1, prepared = not prepared where id = ${r.id}`,
        ),
        t.db.execute(sql`update customers set town = ${`Město ${i}`}, last_name = ${`Souběžný ${i}`}
          where id = ${r.customer_id}`),
      ]),
    );
    await same('orders and customers written at once');
    // Many orders in one statement (a day moved whole).
    await t.db.execute(sql`update orders set expected_delivery_date = expected_delivery_date + 1
      where expected_delivery_date = ${weeks[0]![2]!}::date`);
    await same('a whole day moved');
  });
});
