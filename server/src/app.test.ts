import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowed, type SessionUser } from './plugins/access.ts';
import { anonymous, type BuiltTestApp, buildTestApp, client, login, type TestApp } from './test/build.ts';

let t: BuiltTestApp;
let app: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(() => t?.close());

/** The only calls anyone may make without a session. */
const publicRoutes = new Set([
  'POST /api/auth/login',
  'GET /api/auth/logout',
  'GET /api/health',
  'GET /api/docs',
  'GET /api/config',
  // domain.md §2.10: a phone's calendar app has no session; the path's secret is the key, and anything
  // else answers 404 (calendar-feeds.test.ts).
  'GET /api/feeds/:file',
  // Decision 0089: a set-password link has no session; its secret is the proof, and a made-up one
  // answers 400.
  'POST /api/auth/set_password',
]);

const apiRoutes = () => app.routesSeen.filter((r) => r.url.startsWith('/api/'));
/** A concrete URL for a route pattern: every path parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1');

describe('every API route declares who may call it', () => {
  it('sees the routes of the modules', () => {
    const seen = apiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(seen).toEqual(
      expect.arrayContaining([...publicRoutes, 'GET /api/auth/user', 'GET /api/functions']),
    );
  });

  it('no route is without an access rule', () => {
    const missing = apiRoutes().filter((r) => r.access === undefined);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('only the allowlisted routes are public', () => {
    const open = apiRoutes()
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(open.filter((r) => !publicRoutes.has(r))).toEqual([]);
  });

  it('every other route answers 401 / 112 to a caller without a session', async () => {
    const c = await anonymous(app);
    for (const route of apiRoutes().filter((r) => r.access !== 'public')) {
      const response = await c.request(route.method as 'GET', concrete(route.url), { payload: {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().error_code).toBe(ErrorCode.notLoggedIn);
    }
  });

  it('every unsafe route refuses a call without the CSRF header with 403 / 111', async () => {
    const c = await login(app, 'owner');
    for (const route of apiRoutes().filter((r) => r.method !== 'GET')) {
      const response = await c.request(route.method as 'POST', concrete(route.url), {
        payload: {},
        headers: { 'x-csrftoken': '' },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().error_code).toBe(ErrorCode.csrfFailed);
    }
  });
});

describe('access rules', () => {
  const user = (permissions: string[], functions: SessionUser['functions'] = []): SessionUser => ({
    id: 1,
    username: 'u',
    functions,
    permissions: new Set(permissions),
    mustChangePassword: false,
  });

  it('permission needs all the listed permissions, anyPermission one of them', () => {
    const u = user(['view_order', 'add_order']);
    expect(isAllowed({ permission: 'view_order' }, u)).toBe(true);
    expect(isAllowed({ permission: ['view_order', 'add_order'] }, u)).toBe(true);
    expect(isAllowed({ permission: ['view_order', 'change_order'] }, u)).toBe(false);
    expect(isAllowed({ anyPermission: ['change_order', 'add_order'] }, u)).toBe(true);
    expect(isAllowed({ anyPermission: ['change_order', 'delete_order'] }, u)).toBe(false);
  });

  it('anyOf allows what one of its rules allows', () => {
    const rule = { anyOf: [{ anyFunction: ['owner' as const] }, { permission: 'view_order' as const }] };
    expect(isAllowed(rule, user([], ['owner']))).toBe(true);
    expect(isAllowed(rule, user(['view_order'], ['driver']))).toBe(true);
    expect(isAllowed(rule, user(['view_user'], ['driver']))).toBe(false);
  });

  it('anyFunction checks the functions, not the permissions', () => {
    expect(isAllowed({ anyFunction: ['owner', 'dispatcher'] }, user([], ['dispatcher']))).toBe(true);
    expect(isAllowed({ anyFunction: ['owner', 'dispatcher'] }, user(['view_user'], ['driver']))).toBe(false);
  });
});

describe('bad input never answers 500', () => {
  it('malformed JSON answers 400 with an error code', async () => {
    const c = await anonymous(app);
    const response = await c.post('/api/auth/login', '{"username": "owner",', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe(ErrorCode.invalidInput);
  });

  it('wrong types answer 400 naming each bad field', async () => {
    const c = await anonymous(app);
    const response = await c.post('/api/auth/login', { username: 42, password: ['demo'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: ErrorCode.invalidInput });
    expect([...response.json().fields].sort()).toEqual(['password', 'username']);
  });

  it('a missing field is named too', async () => {
    const c = await anonymous(app);
    const response = await c.post('/api/auth/login', { username: 'owner' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(['password']);
  });

  it('an empty body and an unknown content type answer 4xx with an error code', async () => {
    const c = await anonymous(app);
    const empty = await c.post('/api/auth/login', '', { headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_code).toBe(ErrorCode.invalidInput);
    const xml = await c.post('/api/auth/login', '<login/>', {
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error_code).toBe(ErrorCode.invalidInput);
  });

  it('a JSON body over BODY_LIMIT_BYTES answers 413 / 121', async () => {
    const c = await anonymous(app);
    const limit = app.ctx.config.bodyLimit;
    const response = await c.post(
      '/api/auth/login',
      JSON.stringify({ username: 'x'.repeat(limit), password: 'p' }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error_code).toBe(ErrorCode.payloadTooLarge);
  });

  it('an unknown /api route answers 404 / 130, for any method', async () => {
    const c = await login(app, 'owner');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await c.request(method, '/api/no-such-call');
      expect(response.statusCode, method).toBe(404);
      expect(response.json().error_code).toBe(ErrorCode.notFound);
    }
  });

  it('a page path answers 404 when there is no web build', async () => {
    const response = await client(app).get('/orders');
    expect(response.statusCode).toBe(404);
  });
});

describe('service routes', () => {
  it('/api/health answers ok with the database reachable', async () => {
    const response = await client(app).get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('/api/docs is an OpenAPI document of the API', async () => {
    const response = await client(app).get('/api/docs');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/user', '/api/health']),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
  });

  it('/api/config tells the web app the public settings', async () => {
    const response = await client(app).get('/api/config');
    expect(response.statusCode).toBe(200);
    expect(response.json().languages).toEqual(['cs', 'en']);
  });

  it('answers carry the security headers', async () => {
    const response = await client(app).get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('with a web build', () => {
  let web: BuiltTestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(t.dataDir, 'web-'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Letokruh</title>');
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    web = await buildTestApp({ WEB_DIST: webDir });
  });
  afterAll(() => web?.close());

  it('serves index.html for page paths, files as they are, and still 404 JSON for /api', async () => {
    const page = await client(web.app).get('/order/5/items');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Letokruh</title>');
    const asset = await client(web.app).get('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await client(web.app).get('/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json().error_code).toBe(ErrorCode.notFound);
  });
});
