import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import {
  anonymous,
  type BuiltTestApp,
  buildTestApp,
  type Client,
  client,
  login,
  type TestApp,
} from '../test/build.ts';
import { customerForm } from '../test/customers.ts';
import { changedTables, snapshot } from './snapshot.ts';

/** CSRF failure cases as Django's test suite has them, and safe methods that change nothing. */

let t: BuiltTestApp;
let app: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    PUBLIC_ORIGIN: 'https://letokruh.example',
    // The Host names the origin cases below send (the Host check refuses others, docs/security.md).
    ALLOWED_HOSTS: 'localhost:80,sklad.letokruh.cz,localhost:3208,internal:3000',
  });
  app = t.app;
});
afterAll(() => t?.close());

const customer = (lastName: string) => customerForm({ lastName, email: 'alzbeta@seznam.cz' });

const customersNamed = async (lastName: string) =>
  (
    await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from customers where last_name = ${lastName}`,
    )
  )[0]!.n;

/** A raw POST with exactly the cookies and headers given: no client fills anything in. */
const rawAdd = (lastName: string, cookies: Record<string, string>, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/customer/add', cookies, headers, payload: customer(lastName) });

const expectRefused = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json().error_code).toBe(ErrorCode.csrfFailed);
};

describe('CSRF: refused with 403 / 111 and nothing written', () => {
  let dispatcher: Client;
  let session: string;
  let token: string;
  beforeAll(async () => {
    dispatcher = await login(app, 'dispatcher');
    session = dispatcher.cookies.sessionid!;
    token = dispatcher.cookies.csrftoken_new!;
  });

  it('the valid call is accepted (so each refusal below is the check, not the call)', async () => {
    const response = await rawAdd(
      'Platná',
      { sessionid: session, csrftoken_new: token },
      { 'x-csrftoken': token },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(await customersNamed('Platná')).toBe(1);
  });

  it('missing cookie', async () => {
    expectRefused(await rawAdd('BezCookie', { sessionid: session }, { 'x-csrftoken': token }));
    expect(await customersNamed('BezCookie')).toBe(0);
  });

  it('missing header', async () => {
    expectRefused(await rawAdd('BezHlavičky', { sessionid: session, csrftoken_new: token }, {}));
    expect(await customersNamed('BezHlavičky')).toBe(0);
  });

  it('wrong token (header and cookie differ)', async () => {
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expectRefused(
      await rawAdd('Špatný', { sessionid: session, csrftoken_new: token }, { 'x-csrftoken': wrong }),
    );
    expect(await customersNamed('Špatný')).toBe(0);
  });

  it('token of another session, even sent as both cookie and header', async () => {
    const other = await login(app, 'owner');
    const foreign = other.cookies.csrftoken_new!;
    expectRefused(
      await rawAdd('Cizí', { sessionid: session, csrftoken_new: foreign }, { 'x-csrftoken': foreign }),
    );
    expect(await customersNamed('Cizí')).toBe(0);
  });

  it('the token from before login (an anonymous token a page could have planted)', async () => {
    const c = await anonymous(app);
    const before = c.cookies.csrftoken_new!;
    await c.post('/api/auth/login', { username: 'dispatcher', password: 'demo' });
    expect(c.cookies.csrftoken_new).not.toBe(before);
    expectRefused(
      await rawAdd(
        'PředPřihlášením',
        { sessionid: c.cookies.sessionid!, csrftoken_new: before },
        { 'x-csrftoken': before },
      ),
    );
    expect(await customersNamed('PředPřihlášením')).toBe(0);
  });

  it('a valid token from a foreign Origin, a "null" Origin, or a foreign Referer', async () => {
    const cookies = { sessionid: session, csrftoken_new: token };
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:8080' },
      { origin: 'null' },
      { referer: 'https://evil.example/form.html' },
      { origin: 'https://evil.example', referer: 'http://localhost:80/orders' },
    ];
    for (const headers of foreign) {
      expectRefused(await rawAdd('Podvržený', cookies, { 'x-csrftoken': token, ...headers }));
    }
    expect(await customersNamed('Podvržený')).toBe(0);
  });

  it("the app's own origin (the Host the call went to) and PUBLIC_ORIGIN are accepted", async () => {
    const cookies = { sessionid: session, csrftoken_new: token };
    const own: Record<string, string>[] = [
      { host: 'sklad.letokruh.cz', origin: 'https://sklad.letokruh.cz' },
      { host: 'localhost:3208', origin: 'http://localhost:3208', referer: 'http://localhost:3208/customers' },
      { host: 'localhost:3208', referer: 'http://localhost:3208/customers/add' },
      { host: 'internal:3000', origin: 'https://letokruh.example' },
    ];
    for (const [i, headers] of own.entries()) {
      const response = await rawAdd(`Vlastní${i}`, cookies, { 'x-csrftoken': token, ...headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('a logged-in browser with a token that does not fit its session gets a new one on its next GET', async () => {
    const c = client(app, { sessionid: session, csrftoken_new: 'planted' });
    await c.get('/api/auth/user');
    expect(c.cookies.csrftoken_new).not.toBe('planted');
    const response = await c.post('/api/customer/add', customer('Obnovený'));
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('safe methods change nothing', () => {
  /** domain.md's own GET calls that do write (documented in docs/decisions/0020-hardening.md). */
  const writingGets = new Set(['/api/order/add', '/api/order/:id/copy', '/api/auth/logout']);

  it('no GET route writes, called by the owner with existing ids', async () => {
    const owner = await login(app, 'owner');
    const gets = app.routesSeen.filter((r) => r.method === 'GET' && r.url.startsWith('/api/'));
    expect(gets.length).toBeGreaterThan(50);
    const before = await snapshot(t.db);
    const failures: string[] = [];
    for (const route of gets.filter((r) => !writingGets.has(r.url))) {
      const response = await owner.get(route.url.replace(/:[^/]+/g, '1'));
      if (response.statusCode >= 500 || response.statusCode === 401 || response.statusCode === 403) {
        failures.push(`${route.url}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it("the spec's writing GETs do write: a draft, a copy, the end of the session", async () => {
    const owner = await login(app, 'owner');
    let before = await snapshot(t.db);
    const draft = await owner.get('/api/order/add');
    expect(draft.statusCode, draft.body).toBe(200);
    expect(changedTables(before, await snapshot(t.db))).toContain('orders');
    before = await snapshot(t.db);
    const copy = await owner.get('/api/order/1/copy');
    expect(copy.statusCode, copy.body).toBe(200);
    expect(changedTables(before, await snapshot(t.db))).toContain('orders');
    expect((await owner.get('/api/auth/logout')).statusCode).toBe(200);
    expect((await owner.get('/api/auth/user')).statusCode).toBe(401);
  });
});
