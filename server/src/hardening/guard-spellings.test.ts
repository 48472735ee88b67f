import http from 'node:http';
import type { AddressInfo } from 'node:net';
import cookie from '@fastify/cookie';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FunctionName } from '@letokruh/contracts/permissions';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../app.ts';
import { rowsOf } from '../db/rows.ts';
import { type Access, isAllowed } from '../plugins/access.ts';
import { registerAuth } from '../plugins/auth.ts';
import { registerErrorHandling } from '../plugins/errors.ts';
import { createSessionCache } from '../plugins/session-cache.ts';
import { demoUserOf, sessionUser } from '../test/access.ts';
import { anonymous, type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { customerForm } from '../test/customers.ts';
import { inParallel } from '../test/parallel.ts';
import { changedTables, snapshot } from './snapshot.ts';

/**
 * docs/security.md: the guard is decided by the route Fastify matched, never by the spelling of the
 * URL. Every guarded route is called over real HTTP (raw paths, as an attacker sends them, many
 * at once) in every odd spelling of its path, without a session and as a signed-in user who
 * lacks its rule: no handler runs, nothing is written, the answer is the guard's refusal when the
 * spelling reaches the route and the JSON 404 when it does not.
 */

const spellings: Record<string, (rest: string) => string> = {
  'encoded a': (rest) => `/%61pi/${rest}`,
  'encoded i': (rest) => `/ap%69/${rest}`,
  'all encoded': (rest) => `/%61%70%69/${rest}`,
  'encoded first letter after /api': (rest) =>
    `/api/${rest.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
  'upper case': (rest) => `/API/${rest}`,
  'double slash': (rest) => `/api//${rest}`,
  'dot segment': (rest) => `/./api/${rest}`,
  'encoded dot segment': (rest) => `/%2e/api/${rest}`,
  'dot-dot segment': (rest) => `/x/../api/${rest}`,
  'encoded leading slash': (rest) => `/%2Fapi/${rest}`,
  'encoded separator': (rest) => `/api%2F${rest}`,
  'backslash separator': (rest) => `/api\\${rest}`,
  'trailing slash': (rest) => `/api/${rest}/`,
  'double-encoded a': (rest) => `/%2561pi/${rest}`,
};

let t: BuiltTestApp;
let port: number;
const ran: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, { observeHandlers: (method, url) => ran.push(`${method} ${url}`) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

type Answer = { status: number; body: string };

/** One request over a real socket, the path sent exactly as given. */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const guarded = () =>
  t.app.routesSeen.filter((r) => r.url.startsWith('/api/') && r.access !== 'public' && r.access !== 'asset');

const concrete = (route: RegisteredRoute) =>
  route.url.replace(/^\/api\//, '').replace(/:[^/]+/g, route.method === 'GET' ? '1' : '987654');

/** The cookies and the CSRF header of a test client, for a raw request. */
const headersOf = (c: Client) => ({
  cookie: Object.entries(c.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; '),
  'x-csrftoken': c.cookies.csrftoken_new ?? '',
});

type Case = { route: string; spelling: string; method: string; path: string };

function cases(routes: RegisteredRoute[]): Case[] {
  const out: Case[] = [];
  for (const route of routes) {
    for (const [spelling, spell] of Object.entries(spellings)) {
      const path = spell(concrete(route));
      out.push({ route: `${route.method} ${route.url}`, spelling, method: route.method, path });
      if (route.method === 'GET') out.push({ route: `HEAD ${route.url}`, spelling, method: 'HEAD', path });
    }
  }
  return out;
}

async function walk(routeCases: Case[], headers: Record<string, string>, refusal: [number, number]) {
  ran.length = 0;
  const before = await snapshot(t.db);
  const answers = await inParallel(
    routeCases.map((c) => () => send(c.method, c.path, headers)),
    16,
  );
  const after = await snapshot(t.db);
  const wrong: string[] = [];
  let routed = 0;
  answers.forEach((answer, i) => {
    const c = routeCases[i]!;
    const code = c.method === 'HEAD' || !answer.body ? null : (JSON.parse(answer.body).error_code as number);
    const refused = answer.status === refusal[0] && (code === null || code === refusal[1]);
    const unknown = answer.status === 404 && (code === null || code === ErrorCode.notFound);
    const unreadable = answer.status === 400 && (code === null || code === ErrorCode.invalidInput);
    if (refused) routed++;
    else if (!unknown && !unreadable) wrong.push(`${c.method} ${c.path} (${c.spelling}): ${answer.status}`);
  });
  return { wrong, routed, ran: [...ran], changed: changedTables(before, after) };
}

describe('default deny', () => {
  it('every route of the app declares its rule', () => {
    expect(t.app.routesSeen.filter((r) => r.access === undefined)).toEqual([]);
  });

  it('a route that declares no rule is refused, whatever its path, and its handler never runs', async () => {
    const mini = Fastify();
    mini.decorate('ctx', t.app.ctx);
    registerErrorHandling(mini);
    await mini.register(cookie);
    registerAuth(mini, createSessionCache(), new Set());
    let runs = 0;
    for (const url of ['/api/undeclared', '/undeclared', '/elsewhere/x']) {
      mini.get(url, async () => {
        runs++;
        return { secret: true };
      });
    }
    mini.get('/declared', { config: { access: 'public' } }, async () => ({ open: true }));
    for (const url of ['/api/undeclared', '/undeclared', '/elsewhere/x', '/%61pi/undeclared']) {
      const response = await mini.inject({ url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error_code, url).toBe(ErrorCode.accessDenied);
    }
    expect(runs).toBe(0);
    expect((await mini.inject({ url: '/declared' })).json()).toEqual({ open: true });
    await mini.close();
  });
});

describe('a change through an odd spelling is still seen', () => {
  it('is audited and draws a new data version, like the plain spelling', async () => {
    const owner = await login(t.app, 'owner');
    // The sequence's last value, 0 while none was drawn (a fresh database's first draw is 1 too).
    const version = async () =>
      Number(
        (
          await rowsOf<{ drawn: string }>(
            t.db,
            sql`select case when is_called then last_value else 0 end as drawn from data_version`,
          )
        )[0]!.drawn,
      );
    const before = await version();
    const response = await send(
      'POST',
      '/%61pi/customer/add',
      {
        ...headersOf(owner),
        'content-type': 'application/json',
      },
      JSON.stringify(
        customerForm({
          firstName: 'Šárka',
          lastName: 'Zakódovaná',
          phone: '603 123 457',
          email: 'sarka@seznam.cz',
          allow_duplicate: false,
        }),
      ),
    );
    expect(response.status, response.body).toBe(201);
    expect(await version()).toBeGreaterThan(before);
    const audit = await rowsOf<{ entity: string; action: string; path: string }>(
      t.db,
      sql`select entity, action, path from audit_log where path like '/%61pi/%' order by id desc limit 1`,
    );
    expect(audit[0]).toMatchObject({ entity: 'customer', action: 'add', path: '/%61pi/customer/add' });
  });
});

describe('the guard over every spelling of every route', () => {
  it('sees the guarded routes (a walk of nothing would prove nothing)', () => {
    expect(guarded().length).toBeGreaterThan(100);
  });

  it('without a session: no handler runs, nothing is written, 401 or the JSON 404', async () => {
    // With a CSRF cookie and header, as a browser page would send: the refusal is the session's.
    const result = await walk(cases(guarded()), headersOf(await anonymous(t.app)), [
      401,
      ErrorCode.notLoggedIn,
    ]);
    expect(result.wrong).toEqual([]);
    expect(result.ran).toEqual([]);
    expect(result.changed).toEqual([]);
    // The encoded spellings do reach the routes (so the guard, not the router, refused them).
    expect(result.routed).toBeGreaterThan(guarded().length * 4);
  }, 180_000);

  it('signed in without the route’s rule: no handler runs, nothing is written, 403 or the JSON 404', async () => {
    const lacking = new Map<FunctionName, RegisteredRoute[]>();
    for (const route of guarded()) {
      const fn = (Object.keys(demoUserOf) as FunctionName[]).find(
        (f) => !isAllowed(route.access as Access, sessionUser(f)),
      );
      if (fn) lacking.set(fn, [...(lacking.get(fn) ?? []), route]);
    }
    let total = 0;
    for (const [fn, routes] of lacking) {
      const c = await login(t.app, demoUserOf[fn]);
      const result = await walk(cases(routes), headersOf(c), [403, ErrorCode.accessDenied]);
      expect(result.wrong, fn).toEqual([]);
      expect(result.ran, fn).toEqual([]);
      expect(result.changed, fn).toEqual([]);
      expect(result.routed, fn).toBeGreaterThan(routes.length * 4);
      total += routes.length;
    }
    expect(total).toBeGreaterThan(50);
  }, 300_000);

  it('odd methods on the API (OPTIONS, TRACE, PROPFIND) answer 4xx and run nothing', async () => {
    ran.length = 0;
    const routes = guarded().slice(0, 40);
    const answers = await inParallel(
      routes.flatMap((r) =>
        ['OPTIONS', 'TRACE', 'PROPFIND', 'PATCH'].map((m) => () => send(m, `/%61pi/${concrete(r)}`)),
      ),
      16,
    );
    expect(answers.filter((a) => a.status < 400 || a.status >= 500)).toEqual([]);
    expect(ran).toEqual([]);
  });
});
