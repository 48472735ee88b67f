import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { createUser } from '../db/seed/users.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { createSessionCache } from './session-cache.ts';
import type { SessionRow } from './sessions.ts';

/**
 * Decision 0055: the sessions a process keeps between requests (plugins/session-cache.ts, migration
 * 0039) are forgotten as soon as anything a session's check reads changes, through the API or
 * behind its back, so a kept session never lets through what the database would refuse. Runs on
 * both engines (PGlite's and PostgreSQL's notifications).
 */
let t: BuiltTestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** Signs in as a new user of `functions`, and makes sure the process keeps the session. */
async function keptSession(username: string, functions: string[]): Promise<Client> {
  await createUser(t.db, { username, functions: functions as never });
  const c = await login(t.app, username);
  const before = t.app.sessions.stats();
  expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  // The second request was answered from the kept session: the cache is on and hearing.
  expect(t.app.sessions.stats().hits).toBeGreaterThan(before.hits);
  return c;
}

const userId = async (username: string) =>
  Number((await rowsOf<{ id: number }>(t.db, sql`select id from users where username = ${username}`))[0]!.id);

const status = async (c: Client, url = '/api/auth/user') => (await c.get(url)).statusCode;

/**
 * A change behind the API's back reaches the process as a notification after its commit: the
 * requests answer `expected` within milliseconds (PGlite: at once; PostgreSQL: the notification's
 * trip to the listening connection). Answers how long it took; 1 s is the limit.
 */
const heard: number[] = [];
async function answersWithin(c: Client, expected: number, url = '/api/auth/user') {
  const started = performance.now();
  while ((await status(c, url)) !== expected) {
    if (performance.now() - started > 1_000) throw new Error(`${url} still not ${expected} after 1 s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const ms = performance.now() - started;
  heard.push(ms);
  return ms;
}
afterAll(() =>
  console.info(
    `kept sessions: changes by hand refused after ${heard.map((ms) => ms.toFixed(1)).join(', ')} ms`,
  ),
);

describe('kept sessions', () => {
  it('a user deactivated by hand is refused within milliseconds', async () => {
    const c = await keptSession('kept-deactivated', ['driver']);
    await t.db.execute(
      sql`update users set is_active = false where id = ${await userId('kept-deactivated')}`,
    );
    await answersWithin(c, 401);
  });

  it('a session deleted by hand is refused within milliseconds', async () => {
    const c = await keptSession('kept-deleted', ['driver']);
    await t.db.execute(sql`delete from sessions where user_id = ${await userId('kept-deleted')}`);
    await answersWithin(c, 401);
  });

  it('a function taken by hand takes its permissions within milliseconds', async () => {
    const c = await keptSession('kept-dispatcher', ['dispatcher']);
    expect(await status(c, '/api/orders?current_page=1&per_page=10')).toBe(200);
    await t.db.execute(sql`delete from user_functions where user_id = ${await userId('kept-dispatcher')}`);
    await answersWithin(c, 403, '/api/orders?current_page=1&per_page=10');
  });

  it('a permission taken from a function reaches its users within milliseconds', async () => {
    const c = await keptSession('kept-warehouseman', ['warehouseman']);
    const orders = '/api/orders?current_page=1&per_page=10';
    expect(await status(c, orders)).toBe(200);
    const taken = sql`function_id = (select id from functions where name = 'warehouseman')
      and permission_id = (select id from permissions where codename = 'view_order')`;
    await t.db.execute(sql`delete from function_permissions where ${taken}`);
    try {
      await answersWithin(c, 403, orders);
    } finally {
      await t.db.execute(sql`insert into function_permissions (function_id, permission_id)
        select (select id from functions where name = 'warehouseman'), (select id from permissions where codename = 'view_order')`);
    }
    await answersWithin(c, 200, orders);
  });

  it('signing out through the API is refused at the next request with the same cookie', async () => {
    const c = await keptSession('kept-leaving', ['driver']);
    const cookie = c.cookies.sessionid!;
    expect((await c.get('/api/auth/logout')).statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { sessionid: cookie },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('a password changed through the API ends the other kept sessions of the user at once', async () => {
    const first = await keptSession('kept-password', ['driver']);
    const second = await login(t.app, 'kept-password');
    expect(await status(second)).toBe(200);
    const changed = await second.put('/api/auth/user', {
      first_name: 'Kept',
      last_name: 'Password',
      email: '',
      phone: '',
      old_password: 'demo',
      new_password: 'fresh-secret',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await status(second)).toBe(200);
    expect(await status(first)).toBe(401);
  });
});

describe('the session cache itself', () => {
  const row = { session_id: 's', user_id: 1 } as unknown as SessionRow;

  it('keeps nothing while it does not hear the channel', async () => {
    const cache = createSessionCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return row;
    };
    await cache.find('s', load);
    await cache.find('s', load);
    expect(loads).toBe(2);
    cache.hearing(true);
    await cache.find('s', load);
    await cache.find('s', load);
    expect(loads).toBe(3);
    // Losing the channel forgets what was kept, and keeps nothing until it is heard again.
    cache.hearing(false);
    await cache.find('s', load);
    expect(loads).toBe(4);
  });

  it('does not keep a read that started before everything was forgotten', async () => {
    const cache = createSessionCache();
    cache.hearing(true);
    let release = () => {};
    const slow = cache.find('s', () => new Promise<SessionRow>((resolve) => (release = () => resolve(row))));
    cache.forget();
    release();
    expect((await slow).kept).toBe(false);
    expect((await cache.find('s', async () => undefined)).row).toBeUndefined();
  });

  it('forgets an entry after its time to live', async () => {
    const cache = createSessionCache({ ttlMs: 30 });
    cache.hearing(true);
    await cache.find('s', async () => row);
    expect((await cache.find('s', async () => undefined)).kept).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await cache.find('s', async () => undefined)).row).toBeUndefined();
  });
});
