import type { FeedOverview } from '@letokruh/contracts/calendar-feeds';
import type { UserItem } from '@letokruh/contracts/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { warehouseIds } from '../../test/orders.ts';

/**
 * domain.md §2.10 (decision 0073): a feed lives only while its user holds its subject: a driver
 * feed the driver function, a warehouse feed its maker's work in that warehouse. The change that
 * takes it ends the feed in its own transaction, and a fetch checks it again. The owner lists
 * every link and revokes any.
 */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let driver: Client;
let driver2: Client;
let warehouseman: Client;
let jihlava: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, driver, driver2, warehouseman } = await signIn(t.app, [
    'owner',
    'dispatcher',
    'driver',
    'driver2',
    'warehouseman',
  ]));
  ({ jihlava } = await warehouseIds(owner));
});
afterAll(() => t?.close());

const fetchFeed = (path: string) => t.app.inject({ method: 'GET', url: path });
const idOf = async (c: Client) => (await c.get('/api/auth/user')).json().user.id as number;
const all = async (query = '') =>
  (await owner.get(`/api/calendar_feeds/all${query}`)).json().items as FeedOverview[];
const revokedBy = async (id: number) =>
  (
    await rowsOf<{ revoked_by: number | null; revoked: boolean }>(
      t.db,
      sql`select revoked_by, revoked_at is not null as revoked from calendar_feeds where id = ${id}`,
    )
  )[0]!;

async function make(c: Client, kind: 'driver' | 'warehouse', subject_id: number) {
  const answer = await c.post('/api/calendar_feed/add', { kind, subject_id });
  expect(answer.statusCode, answer.body).toBe(201);
  const { id, path } = answer.json() as { id: number; path: string };
  expect((await fetchFeed(path)).statusCode).toBe(200);
  return { id, path };
}

/** The owner sets a user's functions, as the user page saves them. */
async function setFunctions(userId: number, functions: string[]) {
  const item: UserItem = (await owner.get(`/api/user/${userId}`)).json().item;
  const answer = await owner.put(`/api/user/${userId}/edit`, {
    first_name: item.first_name,
    last_name: item.last_name,
    email: item.email,
    phone: item.phone,
    functions,
    maximum_order_count: item.maximum_order_count,
    version: item.version,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('a driver feed', () => {
  it('ends when the owner takes the driver function, and does not come back with it', async () => {
    const me = await idOf(driver2);
    const feed = await make(driver2, 'driver', me);
    const ownerId = await idOf(owner);
    await setFunctions(me, ['technical_specialist']);
    expect((await fetchFeed(feed.path)).statusCode).toBe(404);
    expect((await driver2.get('/api/calendar_feeds')).json().items).toEqual([]);
    expect((await all()).map((f) => f.id)).not.toContain(feed.id);
    expect(await revokedBy(feed.id)).toEqual({ revoked: true, revoked_by: ownerId });
    // Revoked, not paused: the function given back does not open the old link.
    await setFunctions(me, ['driver']);
    expect((await fetchFeed(feed.path)).statusCode).toBe(404);
  });

  it('answers 404 at its fetch even when the function went by another way than the user page', async () => {
    const me = await idOf(driver);
    const feed = await make(driver, 'driver', me);
    const [fn] = await rowsOf<{ id: number }>(t.db, sql`select id from functions where name = 'driver'`);
    await t.db.execute(sql`delete from user_functions where user_id = ${me} and function_id = ${fn!.id}`);
    expect((await fetchFeed(feed.path)).statusCode).toBe(404);
    await t.db.execute(sql`insert into user_functions (user_id, function_id) values (${me}, ${fn!.id})`);
    expect((await fetchFeed(feed.path)).statusCode).toBe(200);
  });
});

describe('a warehouse feed', () => {
  it('ends when its warehouseman is taken off the warehouse; the office’s link of it stays', async () => {
    const mine = await make(warehouseman, 'warehouse', jihlava);
    const warehouse = (await owner.get(`/api/warehouse/${jihlava}`)).json().item;
    const edit = await owner.put(`/api/warehouse/${jihlava}/edit`, {
      drivers: warehouse.drivers.map((d: { id: number }) => d.id),
      warehousemen: [],
      version: warehouse.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await fetchFeed(mine.path)).statusCode).toBe(404);
    expect((await revokedBy(mine.id)).revoked).toBe(true);
    const listed = (await warehouseman.get('/api/calendar_feeds')).json().items as { subject_id: number }[];
    expect(listed.map((i) => i.subject_id)).not.toContain(jihlava);
    // The dispatcher's link of the same warehouse is not the warehouseman's work.
    const office = await make(dispatcher, 'warehouse', jihlava);
    const again = (await owner.get(`/api/warehouse/${jihlava}`)).json().item;
    const back = await owner.put(`/api/warehouse/${jihlava}/edit`, {
      drivers: again.drivers.map((d: { id: number }) => d.id),
      warehousemen: [await idOf(warehouseman)],
      version: again.version,
    });
    expect(back.statusCode).toBe(200);
    expect((await fetchFeed(office.path)).statusCode).toBe(200);
    expect((await fetchFeed(mine.path)).statusCode).toBe(404);
  });

  it('ends when the warehouseman function loses change_warehouse', async () => {
    const mine = await make(warehouseman, 'warehouse', jihlava);
    const matrix = (await owner.get('/api/permissions')).json();
    const granted = matrix.functions.find((f: { name: string }) => f.name === 'warehouseman').permissions;
    const without = granted.filter((p: string) => p !== 'change_warehouse');
    expect(
      (await owner.put('/api/permissions', { name: 'warehouseman', permissions: without })).statusCode,
    ).toBe(200);
    expect((await fetchFeed(mine.path)).statusCode).toBe(404);
    expect((await revokedBy(mine.id)).revoked).toBe(true);
    expect(
      (await owner.put('/api/permissions', { name: 'warehouseman', permissions: granted })).statusCode,
    ).toBe(200);
  });
});

describe('the owner’s list of every feed', () => {
  it('shows each link with its user, subject, maker, times and whether it works', async () => {
    const me = await idOf(driver);
    const feed = (await all()).find((f) => f.kind === 'driver' && f.subject_id === me)!;
    expect(feed).toMatchObject({
      kind: 'driver',
      subject_name: 'Josef Černý',
      user: { id: me, name: 'Josef Černý' },
      created_by: { id: me },
      works: true,
    });
    expect(feed.last_fetched_at).not.toBeNull();
    const made = await make(dispatcher, 'warehouse', jihlava);
    const office = (await all()).find((f) => f.id === made.id)!;
    expect(office).toMatchObject({ subject_name: 'Sklad Jihlava', user: { id: await idOf(dispatcher) } });
    expect((await all(`?user=${me}`)).map((f) => f.id)).toEqual([feed.id]);
    expect((await owner.get('/api/calendar_feeds/all?user=abc')).statusCode).toBe(400);
  });

  it('is the owner’s only: anyone else gets 403 and revokes nothing', async () => {
    const [feed] = await all();
    for (const c of [dispatcher, driver, warehouseman]) {
      expect((await c.get('/api/calendar_feeds/all')).statusCode).toBe(403);
      expect((await c.request('DELETE', `/api/calendar_feeds/all/${feed!.id}/revoke`)).statusCode).toBe(403);
    }
    expect((await all()).map((f) => f.id)).toContain(feed!.id);
  });

  it('lets the owner revoke any link, audited; an unknown or revoked one is a 404', async () => {
    const me = await idOf(driver);
    const feed = (await all()).find((f) => f.kind === 'driver' && f.subject_id === me)!;
    const answer = await owner.request('DELETE', `/api/calendar_feeds/all/${feed.id}/revoke`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((answer.json().items as FeedOverview[]).map((f) => f.id)).not.toContain(feed.id);
    expect((await driver.get('/api/calendar_feeds')).json().items[0].feed).toBeNull();
    expect((await owner.request('DELETE', `/api/calendar_feeds/all/${feed.id}/revoke`)).statusCode).toBe(404);
    expect((await owner.request('DELETE', '/api/calendar_feeds/all/999999/revoke')).statusCode).toBe(404);
    const audit = await rowsOf<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity = 'calendar_feed' and entity_id = ${feed.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['add', 'revoke']);
  });
});
