import { createHash } from 'node:crypto';
import { ErrorCode } from '@letokruh/contracts/errors';
import { defaultPermissionMatrix } from '@letokruh/contracts/permissions';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { createUser } from '../../db/seed/users.ts';
import {
  anonymous,
  type BuiltTestApp,
  buildTestApp,
  client,
  loginWithPassword,
  type TestApp,
} from '../../test/build.ts';

let t: BuiltTestApp;
let app: TestApp;
let db: Db;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
});
afterAll(() => t?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(db, query);
/** The sessions table keys rows by the SHA-256 of the cookie, never by the cookie itself. */
const sessionKey = (token: string) => createHash('sha256').update(token).digest('hex');
const setCookie = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((c) => c.name === name);

describe('POST /api/auth/login', () => {
  it('answers the user with functions and permissions and sets a session cookie', async () => {
    const c = await anonymous(app);
    const response = await c.post('/api/auth/login', { username: 'dispatcher', password: 'demo' });
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({
      username: 'dispatcher',
      name: 'Jana Nováková',
      is_active: true,
      avatar: false,
    });
    expect(user.functions).toEqual([{ id: expect.any(Number), name: 'dispatcher' }]);
    expect(user.permissions).toEqual([...defaultPermissionMatrix.dispatcher].sort());
    expect(response.body).not.toMatch(/argon2|password_hash|passwordHash/);
    expect(c.cookies.sessionid).toBeTruthy();
    expect((await c.get('/api/auth/user')).json().user.username).toBe('dispatcher');
  });

  it('takes the username in any letter case', async () => {
    const c = await loginWithPassword(app, 'OWNER');
    expect(c.user.username).toBe('owner');
  });

  it('refuses a wrong password, an unknown user and an inactive user alike with 400 / 100', async () => {
    await createUser(db, { username: 'retired', is_active: false });
    const answers = [];
    for (const body of [
      { username: 'owner', password: 'wrong' },
      { username: 'nobody-here', password: 'demo' },
      { username: 'retired', password: 'demo' },
    ]) {
      const c = await anonymous(app);
      const response = await c.post('/api/auth/login', body);
      expect(response.statusCode, body.username).toBe(400);
      expect(response.json().error_code).toBe(ErrorCode.invalidCredentials);
      expect(setCookie(response, 'sessionid')).toBeUndefined();
      answers.push(response.json());
    }
    // The same answer for each, so that a caller cannot tell which usernames exist.
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('refuses a POST without the CSRF header, or with a wrong one, with 403 / 111', async () => {
    const c = await anonymous(app);
    const body = { username: 'owner', password: 'demo' };
    for (const headers of [{ 'x-csrftoken': '' }, { 'x-csrftoken': 'not-the-cookie' }]) {
      const response = await c.post('/api/auth/login', body, { headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe(ErrorCode.csrfFailed);
    }
    // A header without the cookie is refused too: double submit needs both.
    const noCookie = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-csrftoken': c.cookies.csrftoken_new! },
      payload: body,
    });
    expect(noCookie.statusCode).toBe(403);
    expect(c.cookies.sessionid).toBeUndefined();
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and a CSRF cookie the page can read', async () => {
    const c = await anonymous(app);
    const response = await c.post('/api/auth/login', { username: 'owner', password: 'demo' });
    const session = setCookie(response, 'sessionid');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const first = await app.inject({ method: 'GET', url: '/api/auth/user' });
    const csrf = setCookie(first, 'csrftoken_new');
    expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(csrf?.httpOnly).toBeFalsy();
  });

  it('gives a new session id at each login and ends the old one', async () => {
    const c = await loginWithPassword(app, 'technician');
    const old = c.cookies.sessionid!;
    const again = await c.post('/api/auth/login', { username: 'technician', password: 'demo' });
    expect(again.statusCode).toBe(200);
    expect(c.cookies.sessionid).toBeTruthy();
    expect(c.cookies.sessionid).not.toBe(old);
    const withOld = await client(app, { sessionid: old }).get('/api/auth/user');
    expect(withOld.statusCode).toBe(401);
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('does not keep a session id the browser brought (no fixation)', async () => {
    const c = await anonymous(app);
    c.cookies.sessionid = 'chosen-by-an-attacker';
    await c.post('/api/auth/login', { username: 'owner', password: 'demo' });
    expect(c.cookies.sessionid).not.toBe('chosen-by-an-attacker');
    expect((await c.get('/api/auth/user')).json().user.username).toBe('owner');
  });

  it('logs in over a session that has expired', async () => {
    const c = await loginWithPassword(app, 'warehouseman');
    const key = sessionKey(c.cookies.sessionid!);
    await db.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${key}`);
    const response = await c.post('/api/auth/login', { username: 'warehouseman', password: 'demo' });
    expect(response.statusCode).toBe(200);
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  });
});

describe('GET /api/auth/user and the session', () => {
  it('answers 401 / 112 without a session and with an unknown one', async () => {
    for (const c of [client(app), client(app, { sessionid: 'forged' })]) {
      const response = await c.get('/api/auth/user');
      expect(response.statusCode).toBe(401);
      expect(response.json().error_code).toBe(ErrorCode.notLoggedIn);
    }
  });

  it('logout ends the session and clears the cookie', async () => {
    const c = await loginWithPassword(app, 'warehouseman');
    const token = c.cookies.sessionid!;
    const response = await c.get('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(c.cookies.sessionid).toBeUndefined();
    expect(await rows(sql`select id from sessions where id = ${sessionKey(token)}`)).toHaveLength(0);
    expect((await client(app, { sessionid: token }).get('/api/auth/user')).statusCode).toBe(401);
  });

  it('keeps a session used within the idle time and records that it was used', async () => {
    const c = await loginWithPassword(app, 'driver');
    const key = sessionKey(c.cookies.sessionid!);
    await db.execute(sql`update sessions set last_seen_at = now() - interval '11 hours' where id = ${key}`);
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
    const [row] = await rows<{ idle_s: number }>(
      sql`select extract(epoch from now() - last_seen_at)::int as idle_s from sessions where id = ${key}`,
    );
    expect(row!.idle_s).toBeLessThan(60);
  });

  it('ends a session idle for longer than SESSION_IDLE_MINUTES (12 h)', async () => {
    const c = await loginWithPassword(app, 'driver');
    const key = sessionKey(c.cookies.sessionid!);
    await db.execute(
      sql`update sessions set last_seen_at = now() - interval '12 hours 1 minute' where id = ${key}`,
    );
    const response = await c.get('/api/auth/user');
    expect(response.statusCode).toBe(401);
    expect(c.cookies.sessionid).toBeUndefined();
    expect(await rows(sql`select id from sessions where id = ${key}`)).toHaveLength(0);
  });

  it('ends a session past its absolute expiry even when it is in use', async () => {
    const c = await loginWithPassword(app, 'driver');
    const key = sessionKey(c.cookies.sessionid!);
    await db.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${key}`);
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
    expect(await rows(sql`select id from sessions where id = ${key}`)).toHaveLength(0);
  });

  it('ends the session of a user who is deactivated', async () => {
    const { id } = await createUser(db, { username: 'leaving', functions: ['driver'] });
    const c = await loginWithPassword(app, 'leaving');
    await db.execute(sql`update users set is_active = false where id = ${id}`);
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('the session expires after SESSION_MAX_HOURS (14 days) from login', async () => {
    const c = await loginWithPassword(app, 'driver');
    const [row] = await rows<{ hours: number }>(
      sql`select round(extract(epoch from expires_at - created_at) / 3600)::int as hours from sessions where id = ${sessionKey(c.cookies.sessionid!)}`,
    );
    expect(row!.hours).toBe(14 * 24);
  });
});

// The failed-login throttle (decision 0002) is tested with real parallelism in
// hardening/login-attack.test.ts.
