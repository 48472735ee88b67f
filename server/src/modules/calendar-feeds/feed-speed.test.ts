import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import ical, { foldLines as icalGeneratorFold } from 'ical-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { warehouseIds } from '../../test/orders.ts';
import { loadOrders } from '../orders/order-view.ts';
import { eventsText, feedCalendar, feedEvents, feedText, foldLines } from './feed-ics.ts';
import { PragueTime } from './prague-time.ts';

/**
 * Decision 0073: a calendar app polls its feed, so a fetch must be cheap. The feed's text is
 * written as ical-generator writes it, folded without a TextEncoder per character, with the times
 * as Prague wall clocks, and kept in the answer cache while nothing it shows has changed; after a
 * change only the orders that changed are read and written again. The bounds are on the process's
 * CPU time, which a busy machine stretches far less than the clock: 50 ms on PostgreSQL, where the
 * database works in a process of its own; on the embedded PGlite the database's work is this
 * process's too, and the bound is three times that.
 */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher } = await signIn(t.app, ['owner', 'dispatcher']));
});
afterAll(() => t?.close());

const bound = process.env.TEST_DATABASE_URL ? 50 : 150;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The CPU milliseconds of this process while a feed is fetched, median of `times` fetches. */
async function cpuOfFetch(path: string, times: number, before: () => Promise<unknown>) {
  const spent: number[] = [];
  for (let i = 0; i < times; i++) {
    await before();
    const start = process.cpuUsage();
    const answer = await t.app.inject({ method: 'GET', url: path });
    const used = process.cpuUsage(start);
    expect(answer.statusCode).toBe(200);
    spent.push((used.user + used.system) / 1000);
  }
  return median(spent);
}

describe('the feed text', () => {
  it('folds lines exactly as ical-generator does, Czech letters and emoji included', () => {
    const lines = [
      'DESCRIPTION:Objednávka 123\\nZákazník: Žluťoučký kůň úpěl ďábelské ódy – Příliš dlouhý řádek',
      `SUMMARY:${'😀a'.repeat(60)}`,
      `X:${'é'.repeat(100)}`,
      'SHORT:ok',
      '',
    ];
    const text = lines.join('\r\n');
    expect(foldLines(text)).toBe(icalGeneratorFold(text));
  });

  it('holds what ical-generator’s own text holds', () => {
    const calendar = ical({
      name: 'Letokruh – test',
      timezone: { name: null, generator: getVtimezoneComponent },
    });
    const start = PragueTime.of('2026-03-29', '10:00');
    calendar.createEvent({
      id: 'a@letokruh',
      timezone: 'Europe/Prague',
      start,
      end: start.plusMinutes(90),
      summary: 'Dodávka – Dřevo s.r.o.',
      description: 'Zboží:\n• Prkno 2 m³ – 12 345,00 Kč'.repeat(5),
      location: { title: 'Jihlava, Masarykovo náměstí 1', geo: { lat: 49.4, lon: 15.59 } },
    });
    const day = PragueTime.day('2026-10-25');
    calendar.createEvent({
      id: 'b@letokruh',
      timezone: 'Europe/Prague',
      allDay: true,
      start: day,
      end: day.plusDays(1),
    });
    const own = calendar.toString();
    const events = eventsText(calendar);
    calendar.clear();
    expect(ICAL.parse(feedText(calendar, [events]))).toEqual(ICAL.parse(own));
    expect(own).toContain('DTSTART;TZID=Europe/Prague:20260329T100000');
    expect(own).toContain('DTEND;TZID=Europe/Prague:20260329T113000');
    expect(own).toContain('DTSTART;VALUE=DATE:20261025');
    expect(own).toContain('DTEND;VALUE=DATE:20261026');
  });

  it('reads Prague wall clocks on either side of both clock changes', () => {
    const utc = (p: PragueTime) => new Date(p.instant).toISOString();
    expect(utc(PragueTime.of('2026-03-28', '10:00'))).toBe('2026-03-28T09:00:00.000Z');
    expect(utc(PragueTime.of('2026-03-30', '10:00'))).toBe('2026-03-30T08:00:00.000Z');
    // The spring gap: 02:30 does not happen; it is read an hour later on the clock.
    expect(PragueTime.of('2026-03-29', '02:30').format('HHmmss')).toBe('033000');
    // The autumn hour that comes twice: its first passing.
    expect(utc(PragueTime.of('2026-10-25', '02:30'))).toBe('2026-10-25T00:30:00.000Z');
    expect(PragueTime.of('2026-10-25', '01:30').plusMinutes(120).format('HHmmss')).toBe('023000');
    expect(PragueTime.of('2026-03-28', '23:30').plusMinutes(60).format('YYYYMMDD')).toBe('20260329');
  });
});

describe('a feed fetch', () => {
  let path: string;

  beforeAll(async () => {
    const { jihlava } = await warehouseIds(owner);
    path = (await owner.post('/api/calendar_feed/add', { kind: 'warehouse', subject_id: jihlava })).json()
      .path;
  });

  it('is cheap when nothing it shows has changed since the last one', async () => {
    const events = (await t.app.inject({ method: 'GET', url: path })).body.match(/BEGIN:VEVENT/g) ?? [];
    expect(events.length).toBeGreaterThan(100); // the demo's Jihlava: every order of its two months
    expect(await cpuOfFetch(path, 9, async () => undefined)).toBeLessThan(bound);
  });

  it('after a change reads and writes again only the orders that changed', async () => {
    const body = (await t.app.inject({ method: 'GET', url: path })).body;
    const ids = [...body.matchAll(/UID:order-(\d+)@letokruh/g)].map((m) => Number(m[1]));
    const order = (await dispatcher.get(`/api/order/${ids[ids.length - 1]}`)).json().item;
    let version = order.version as number;
    // Each fetch follows a real write of one of its orders (its time moved by a minute and back).
    let minute = 0;
    const cpu = await cpuOfFetch(path, 7, async () => {
      minute = 1 - minute;
      const answer = await dispatcher.put(`/api/order/${order.id}/reschedule`, {
        expected_delivery_date: order.expected_delivery_date,
        expected_delivery_time: `${order.expected_delivery_time.slice(0, 3)}${String(minute * 5).padStart(2, '0')}`,
        confirm_overlap: true,
        version,
      });
      expect(answer.statusCode).toBe(200);
      version = answer.json().item.version;
    });
    expect(cpu).toBeLessThan(bound);
    const after = (await t.app.inject({ method: 'GET', url: path })).body;
    expect(after).toContain(`SEQUENCE:${version}`);
  });

  it('shows a change of what its events show beside the order: customer, product, driver', async () => {
    const body = (await t.app.inject({ method: 'GET', url: path })).body;
    const id = Number(/UID:order-(\d+)@letokruh/.exec(body)![1]);
    const order = (await dispatcher.get(`/api/order/${id}`)).json().item;
    const db = t.app.ctx.db;
    await db.execute(sql`update customers set last_name = 'Přejmenovaná' where id = ${order.customer.id}`);
    await db.execute(
      sql`update products set name = 'Dub přejmenovaný' where id = ${order.products[0].product.product.id}`,
    );
    if (order.driver)
      await db.execute(sql`update users set last_name = 'Nováčková' where id = ${order.driver.id}`);
    // Written behind the API's back: the answer cache is told by hand.
    await t.app.answers.bump();
    const text = (await t.app.inject({ method: 'GET', url: path })).body.replace(/\r\n /g, '');
    expect(text).toContain('Přejmenovaná');
    expect(text).toContain('Dub přejmenovaný');
    if (order.driver) expect(text).toContain('Nováčková');
  });

  it('is written whole as ical-generator writes it', async () => {
    const ids = [
      ...(await t.app.inject({ method: 'GET', url: path })).body.matchAll(/UID:order-(\d+)@/g),
    ].map((m) => Number(m[1]));
    const orders = await loadOrders(t.app.ctx.db, ids);
    const options = { origin: 'https://letokruh.example', lang: 'en' as const };
    const noStamp = (text: string) => text.replace(/\r\nDTSTAMP:\d{8}T\d{6}Z/g, '');
    expect(ICAL.parse(noStamp(feedCalendar('Letokruh – Jihlava', orders, options)))).toEqual(
      ICAL.parse(noStamp(feedEvents('Letokruh – Jihlava', orders, options).toString())),
    );
  });

  it('shows a change made since the last fetch', async () => {
    const first = (await t.app.inject({ method: 'GET', url: path })).body;
    const id = Number(/UID:order-(\d+)@letokruh/.exec(first)![1]);
    expect((await dispatcher.request('DELETE', `/api/order/${id}/delete`)).statusCode).toBe(200);
    const next = (await t.app.inject({ method: 'GET', url: path })).body;
    expect(next).not.toContain(`UID:order-${id}@letokruh`);
    expect((await dispatcher.put(`/api/order/${id}/restore`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain(`UID:order-${id}@letokruh`);
  });
});
