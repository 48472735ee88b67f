import { createHash } from 'node:crypto';
import type { Order } from '@letokruh/contracts/orders';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { crew, makeOrder, warehouseIds } from '../../test/orders.ts';
import { makeProduct } from '../../test/products.ts';

/**
 * domain.md §2.10: calendar feeds. Each feed is fetched without a session, the way a phone's calendar
 * app fetches it, and parsed back with ical.js with only the VTIMEZONE the feed itself carries
 * registered: the times a phone would show are the times checked.
 */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let driver: Client;
let driver2: Client;
let warehouseman: Client;
let warehouseman2: Client;
let technician: Client;
let jihlava: number;
let brod: number;
let driverId: number;
let driver2Id: number;
let carId: number;
let customerId: number;
let product: number;
const made: Record<string, Order> = {};

/** A Jihlava delivery of `who` (60 min at the customer, 30 min of travel each way). */
const deliver = (key: string, date: string, time: string, who = () => driverId, warehouse = () => jihlava) =>
  makeOrder(dispatcher, {
    warehouseId: warehouse(),
    customerId,
    lines: [{ id: product, amount: 2 }],
    items: { distance: 25, duration: 30 },
    intern: {
      driver_id: who(),
      car_id: warehouse() === jihlava ? carId : null,
      expected_delivery_date: date,
      expected_delivery_time: time,
      expected_delivery_duration: 60,
      confirm_overlap: true,
    },
  }).then((order) => {
    made[key] = order;
    return order;
  });

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, driver, driver2, warehouseman, warehouseman2, technician } = await signIn(t.app, [
    'owner',
    'dispatcher',
    'driver',
    'driver2',
    'warehouseman',
    'warehouseman2',
    'technician',
  ]));
  ({ jihlava, brod } = await warehouseIds(owner));
  ({ driverId, carId } = await crew(owner, jihlava, 'driver'));
  ({ driverId: driver2Id } = await crew(owner, jihlava, 'driver2'));
  customerId = await someCustomerId(owner, 2);
  product = await makeProduct(owner, jihlava, { stock: 1000, alsoIn: [brod] });
  // Either side of the spring change (Sunday 2026-03-29) and of the autumn one (Sunday 2026-10-25).
  await deliver('springBefore', '2026-03-28', '10:00');
  await deliver('springAfter', '2026-03-30', '10:00');
  await deliver('autumnBefore', '2026-10-24', '10:00');
  await deliver('autumnAfter', '2026-10-26', '10:00');
  // No time: an all-day event (the intern step always sends a time; older orders may lack one).
  await deliver('allDay', '2026-03-27', '08:00');
  await t.db.execute(sql`update orders set expected_delivery_time = null where id = ${made.allDay!.id}`);
  await deliver('otherDriver', '2026-03-28', '13:00', () => driver2Id);
  await deliver(
    'otherWarehouse',
    '2026-03-28',
    '12:00',
    () => null as unknown as number,
    () => brod,
  );
  await deliver('cancelled', '2026-03-28', '15:00');
  expect((await dispatcher.request('DELETE', `/api/order/${made.cancelled!.id}/delete`)).statusCode).toBe(
    200,
  );
  await deliver('tooEarly', '2026-03-17', '10:00'); // 8 days before 2026-03-25
  await deliver('tooLate', '2026-05-25', '10:00'); // 61 days after 2026-03-25
});
afterAll(() => t?.close());

const create = (c: Client, kind: 'driver' | 'warehouse', subject_id: number) =>
  c.post('/api/calendar_feed/add', { kind, subject_id });

/** Fetches a feed without a session, as if today were `day` (Prague). */
async function fetchAsOf(day: string, url: string, method: 'GET' | 'HEAD' = 'GET') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T10:00:00Z`));
  try {
    return await t.app.inject({ method, url });
  } finally {
    vi.useRealTimers();
  }
}

type Time = InstanceType<typeof ICAL.Time>;
type Parsed = { uid: string; summary: string; start: Time; end: Time; description: string; location: string };

/** The feed's events, read with the feed's own VTIMEZONE only. */
function parse(ics: string): { events: Parsed[]; zones: string[] } {
  const root = new ICAL.Component(ICAL.parse(ics));
  expect(root.name).toBe('vcalendar');
  ICAL.TimezoneService.reset();
  const zones = root.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = root.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate,
      end: e.endDate,
      description: e.description,
      location: e.location,
    };
  });
  return { events, zones: zones.map((z) => String(z.getFirstPropertyValue('tzid'))) };
}

const utc = (time: Time) => time.toJSDate().toISOString().replace('.000', '');
const byUid = (events: Parsed[], uid: string) => events.find((e) => e.uid === uid);
const uidOf = (key: string) => `order-${made[key]!.id}@letokruh`;

describe('a driver feed', () => {
  let path: string;

  it('is made by the driver on the account page and listed there', async () => {
    const before = (await driver.get('/api/calendar_feeds')).json().items;
    expect(before).toEqual([
      { kind: 'driver', subject_id: driverId, subject_name: 'Josef Černý', feed: null },
    ]);
    const created = await create(driver, 'driver', driverId);
    expect(created.statusCode, created.body).toBe(201);
    path = created.json().path;
    expect(path).toMatch(/^\/api\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const listed = (await driver.get('/api/calendar_feeds')).json().items;
    expect(listed[0].feed).toMatchObject({ id: created.json().id, created_by: { name: 'Josef Černý' } });
  });

  it('keeps only the hash of the secret, and the audit log names the feed without the secret', async () => {
    const token = path.slice('/api/feeds/'.length, -'.ics'.length);
    const [row] = await rowsOf<{ token_hash: string }>(
      t.db,
      sql`select token_hash from calendar_feeds where driver_id = ${driverId} and revoked_at is null`,
    );
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    const stored = JSON.stringify(await rowsOf(t.db, sql`select * from calendar_feeds`));
    expect(stored).not.toContain(token);
    const audit = await rowsOf<{ action: string; entity_id: number; path: string; details: unknown }>(
      t.db,
      sql`select action, entity_id, path, details from audit_log where entity = 'calendar_feed'`,
    );
    expect(audit.map((a) => a.action)).toContain('add');
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('answers iCalendar, never kept by a shared cache, without a session', async () => {
    const answer = await fetchAsOf('2026-03-25', path);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(answer.body).toContain(`DTSTART;TZID=Europe/Prague:20260328T100000`);
  });

  it('puts Prague times on the right instants across the spring change', async () => {
    const { events, zones } = parse((await fetchAsOf('2026-03-25', path)).body);
    expect(zones).toEqual(['Europe/Prague']);
    const before = byUid(events, uidOf('springBefore'))!;
    const after = byUid(events, uidOf('springAfter'))!;
    expect(utc(before.start)).toBe('2026-03-28T09:00:00Z');
    expect(utc(before.end)).toBe('2026-03-28T10:00:00Z');
    expect(utc(after.start)).toBe('2026-03-30T08:00:00Z');
    expect(utc(after.end)).toBe('2026-03-30T09:00:00Z');
    // The travel blocks: 30 minutes before and after, events of their own.
    const out = byUid(events, `order-${made.springBefore!.id}-travel-out@letokruh`)!;
    const back = byUid(events, `order-${made.springBefore!.id}-travel-back@letokruh`)!;
    expect([utc(out.start), utc(out.end)]).toEqual(['2026-03-28T08:30:00Z', '2026-03-28T09:00:00Z']);
    expect([utc(back.start), utc(back.end)]).toEqual(['2026-03-28T10:00:00Z', '2026-03-28T10:30:00Z']);
  });

  it('and across the autumn change', async () => {
    const { events } = parse((await fetchAsOf('2026-10-20', path)).body);
    expect(utc(byUid(events, uidOf('autumnBefore'))!.start)).toBe('2026-10-24T08:00:00Z');
    expect(utc(byUid(events, uidOf('autumnAfter'))!.start)).toBe('2026-10-26T09:00:00Z');
  });

  it('shows an order without a time as an all-day event', async () => {
    const { events } = parse((await fetchAsOf('2026-03-25', path)).body);
    const allDay = byUid(events, uidOf('allDay'))!;
    expect(allDay.start.isDate).toBe(true);
    expect(allDay.start.toString()).toBe('2026-03-27');
    expect(allDay.end.toString()).toBe('2026-03-28');
    expect(byUid(events, `order-${made.allDay!.id}-travel-out@letokruh`)).toBeUndefined();
  });

  it('says what the driver needs: number, customer, address, phone, goods, what to collect', async () => {
    const { events } = parse((await fetchAsOf('2026-03-25', path)).body);
    const order = made.springBefore!;
    const event = byUid(events, uidOf('springBefore'))!;
    expect(event.summary).toContain(String(order.intern_id));
    expect(event.summary).toContain(order.customer!.last_name);
    expect(event.location).toBe(order.address!.full_address);
    expect(event.description).toContain(`Objednávka ${order.intern_id}`);
    expect(event.description.replace(/\s/g, '')).toContain(order.customer!.whole_phone);
    expect(event.description).toContain(order.products[0]!.product.product.name);
    expect(event.description).toMatch(/Platba: hotově – vybrat \d/);
  });

  it('speaks English when the link asks (?lang=en), at the same instants', async () => {
    const czech = parse((await fetchAsOf('2026-03-25', path)).body).events;
    const answer = await fetchAsOf('2026-03-25', `${path}?lang=en`);
    expect(answer.statusCode).toBe(200);
    const { events } = parse(answer.body);
    const order = made.springBefore!;
    const event = byUid(events, uidOf('springBefore'))!;
    expect(event.description).toContain(`Order ${order.intern_id}`);
    expect(event.description).toContain('Customer: ');
    expect(event.description).toContain('Payment: cash – collect ');
    expect(event.description).not.toContain('Objednávka');
    expect(events.map((e) => [e.uid, e.start.toUnixTime()])).toEqual(
      czech.map((e) => [e.uid, e.start.toUnixTime()]),
    );
    expect(events.some((e) => e.summary.startsWith('Travel → '))).toBe(true);
    // Another language is bad input, not a Czech feed nor a 500.
    expect((await fetchAsOf('2026-03-25', `${path}?lang=de`)).statusCode).toBe(400);
  });

  it('holds only this driver’s orders of the days from a week back to 60 days ahead', async () => {
    const { events } = parse((await fetchAsOf('2026-03-25', path)).body);
    const orderUids = events.map((e) => e.uid).filter((uid) => /^order-\d+@letokruh$/.test(uid));
    const ids = orderUids.map((uid) => Number(/\d+/.exec(uid)![0]));
    const drivers = await rowsOf<{ driver_id: number }>(
      t.db,
      sql`select distinct driver_id from orders where id = any(${sql.param(ids)}::int[])`,
    );
    expect(drivers.map((d) => Number(d.driver_id))).toEqual([driverId]);
    for (const key of ['springBefore', 'springAfter', 'allDay']) expect(orderUids).toContain(uidOf(key));
    for (const key of ['otherDriver', 'otherWarehouse', 'cancelled', 'tooEarly', 'tooLate', 'autumnBefore'])
      expect(orderUids, key).not.toContain(uidOf(key));
  });

  it('cannot be made by a driver for another driver, nor for a warehouse', async () => {
    expect((await create(driver, 'driver', driver2Id)).statusCode).toBe(404);
    expect((await create(driver, 'warehouse', jihlava)).statusCode).toBe(404);
    expect((await create(technician, 'driver', driverId)).statusCode).toBe(404);
    expect((await technician.get('/api/calendar_feeds')).json().items).toEqual([]);
    const mine = (await driver.get('/api/calendar_feeds')).json().items[0].feed.id;
    expect((await driver2.request('DELETE', `/api/calendar_feed/${mine}/revoke`)).statusCode).toBe(404);
  });

  it('answers 404 (or 405) and never 500 to odd spellings of the secret', async () => {
    const token = path.slice('/api/feeds/'.length, -'.ics'.length);
    const encoded = `/api/feeds/%${token.charCodeAt(0).toString(16)}${token.slice(1)}.ics`;
    const odd = [
      `/api/feeds/${token.slice(1)}.ics`,
      `/api/feeds/${token}A.ics`,
      encoded,
      `${path}/`,
      `/api/feeds/${token}.ICS`,
      `/api/feeds/${token}`,
      `/api/feeds/${token}.ics.ics`,
      `/api/feeds/${'A'.repeat(43)}.ics`,
      `/api/feeds/..%2F${token}.ics`,
      `/api/feeds/${'x'.repeat(300)}.ics`,
      '/api/feeds/',
    ];
    for (const url of odd) {
      const answer = await fetchAsOf('2026-03-25', url);
      expect([400, 404, 414], url).toContain(answer.statusCode);
    }
    expect((await fetchAsOf('2026-03-25', encoded)).statusCode).toBe(404);
    expect((await fetchAsOf('2026-03-25', `${path}/`)).statusCode).toBe(404);
    const head = await fetchAsOf('2026-03-25', path, 'HEAD');
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('GET');
    // A calendar app's own query string changes nothing.
    expect((await fetchAsOf('2026-03-25', `${path}?refresh=1`)).statusCode).toBe(200);
  });

  it('a new link replaces the old one; after revoking, the link answers 404', async () => {
    const renewed = await create(driver, 'driver', driverId);
    expect(renewed.statusCode).toBe(201);
    const next = renewed.json().path as string;
    expect(next).not.toBe(path);
    expect((await fetchAsOf('2026-03-25', path)).statusCode).toBe(404);
    expect((await fetchAsOf('2026-03-25', next)).statusCode).toBe(200);
    const id = renewed.json().id as number;
    const revoked = await driver.request('DELETE', `/api/calendar_feed/${id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().item.feed).toBeNull();
    const gone = await fetchAsOf('2026-03-25', next);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('revoked');
    expect((await driver.request('DELETE', `/api/calendar_feed/${id}/revoke`)).statusCode).toBe(404);
    const actions = await rowsOf<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity = 'calendar_feed' and entity_id = ${id} order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['add', 'revoke']);
  });
});

describe('a warehouse feed', () => {
  it('holds only that warehouse’s orders, of every driver', async () => {
    const created = await create(dispatcher, 'warehouse', jihlava);
    expect(created.statusCode, created.body).toBe(201);
    const { events } = parse((await fetchAsOf('2026-03-25', created.json().path)).body);
    const uids = events.map((e) => e.uid);
    for (const key of ['springBefore', 'otherDriver', 'allDay']) expect(uids, key).toContain(uidOf(key));
    for (const key of ['otherWarehouse', 'cancelled']) expect(uids, key).not.toContain(uidOf(key));
    const ids = uids.filter((u) => /^order-\d+@letokruh$/.test(u)).map((u) => Number(/\d+/.exec(u)![0]));
    const warehouses = await rowsOf<{ warehouse_id: number }>(
      t.db,
      sql`select distinct warehouse_id from orders where id = any(${sql.param(ids)}::int[])`,
    );
    expect(warehouses.map((w) => Number(w.warehouse_id))).toEqual([jihlava]);
  });

  it('is managed by the warehousemen of that warehouse only, and by owners and dispatchers', async () => {
    const names = async (c: Client) =>
      ((await c.get('/api/calendar_feeds')).json().items as { kind: string; subject_id: number }[]).map(
        (i) => `${i.kind}:${i.subject_id}`,
      );
    expect(await names(warehouseman)).toContain(`warehouse:${jihlava}`);
    expect(await names(warehouseman2)).not.toContain(`warehouse:${jihlava}`);
    expect((await create(warehouseman2, 'warehouse', jihlava)).statusCode).toBe(404);
    const renewed = await create(warehouseman, 'warehouse', jihlava);
    expect(renewed.statusCode).toBe(201);
    // The dispatcher sees the warehouseman's link and may revoke it.
    const listed = (await dispatcher.get('/api/calendar_feeds')).json().items as {
      subject_id: number;
      kind: string;
      feed: { id: number } | null;
    }[];
    const feed = listed.find((i) => i.kind === 'warehouse' && i.subject_id === jihlava)!.feed!;
    expect(feed.id).toBe(renewed.json().id);
    expect((await warehouseman2.request('DELETE', `/api/calendar_feed/${feed.id}/revoke`)).statusCode).toBe(
      404,
    );
    expect((await owner.request('DELETE', `/api/calendar_feed/${feed.id}/revoke`)).statusCode).toBe(200);
    expect((await fetchAsOf('2026-03-25', renewed.json().path)).statusCode).toBe(404);
  });
});

describe('a feed stops with its maker', () => {
  it('answers 404 while the user who made it is deactivated', async () => {
    const created = await create(warehouseman2, 'warehouse', brod);
    expect(created.statusCode, created.body).toBe(201);
    const path = created.json().path as string;
    expect((await fetchAsOf('2026-03-25', path)).statusCode).toBe(200);
    const me = (await warehouseman2.get('/api/auth/user')).json().user.id as number;
    expect((await owner.request('DELETE', `/api/user/${me}/delete`)).statusCode).toBe(200);
    expect((await fetchAsOf('2026-03-25', path)).statusCode).toBe(404);
    expect((await owner.put(`/api/user/${me}/reactivate`)).statusCode).toBe(200);
    expect((await fetchAsOf('2026-03-25', path)).statusCode).toBe(200);
  });

  it('answers 404 while its warehouse is hidden', async () => {
    const created = await create(dispatcher, 'warehouse', brod);
    const path = created.json().path as string;
    await t.db.execute(sql`update warehouses set hidden = true where id = ${brod}`);
    expect((await fetchAsOf('2026-03-25', path)).statusCode).toBe(404);
    await t.db.execute(sql`update warehouses set hidden = false where id = ${brod}`);
    expect((await fetchAsOf('2026-03-25', path)).statusCode).toBe(200);
  });
});
