import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { anonymous, type BuiltTestApp, buildTestApp, client, login } from '../test/build.ts';

// Decision 0020: security headers on every response (CSP, nosniff, Referrer-Policy, frame-ancestors,
// HSTS behind HTTPS), errors and downloads included.
let plain: BuiltTestApp;
let https: BuiltTestApp;

let web: string;

beforeAll(async () => {
  web = await fs.mkdtemp(path.join(os.tmpdir(), 'letokruh-web-'));
  await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><title>Letokruh</title>');
  await fs.mkdir(path.join(web, 'assets'));
  await fs.writeFile(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  plain = await buildTestApp({ WEB_DIST: web });
  https = await buildTestApp({ COOKIE_SECURE: 'true', WEB_DIST: web });
});
afterAll(async () => {
  await https?.close();
  await plain?.close();
  await fs.rm(web, { recursive: true, force: true });
});

function expectSecurityHeaders(response: LightMyRequestResponse, what: string) {
  const h = response.headers;
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toMatch(/frame-ancestors '(self|none)'/);
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBeTruthy();
  expect(h['x-frame-options'], what).toMatch(/^(SAMEORIGIN|DENY)$/);
}

describe('every kind of answer carries the headers', () => {
  it('JSON, errors, pages, assets and downloads', async () => {
    const app = plain.app;
    const owner = await login(app, 'owner');
    const found = await rowsOf<{ id: number }>(
      plain.db,
      sql`select id from orders where customer_id is not null and currency = 'CZK' and not hidden order by id limit 1`,
    );
    const orderId = found[0]!.id;
    const answers: [string, LightMyRequestResponse][] = [
      ['health', await client(app).get('/api/health')],
      ['401', await client(app).get('/api/orders')],
      ['404 api', await owner.get('/api/no/such/route')],
      ['400', await owner.post('/api/customer/add', { firstName: 5 })],
      ['403 csrf', await app.inject({ method: 'POST', url: '/api/customer/add', payload: {} })],
      ['413', await owner.post('/api/customer/add', { note: 'x'.repeat(2 * 1024 * 1024) })],
      ['page', await app.inject({ method: 'GET', url: '/dashboard' })],
      ['asset', await app.inject({ method: 'GET', url: '/assets/app.js' })],
      [
        'delivery note PDF',
        await owner.get(`/api/order/${orderId}/get_delivery_note?supplier=1&language=cs`),
      ],
    ];
    for (const [what, response] of answers) {
      expect(response.statusCode, what).toBeLessThan(500);
      if (['health', 'page', 'asset', 'delivery note PDF'].includes(what))
        expect(response.statusCode, what).toBe(200);
      expectSecurityHeaders(response, what);
      expect(response.headers['strict-transport-security'], what).toBeUndefined();
    }
  });
});

describe('behind HTTPS (COOKIE_SECURE=true)', () => {
  it('sends HSTS and marks the session and CSRF cookies Secure', async () => {
    const c = await anonymous(https.app);
    const response = await c.post('/api/auth/login', { username: 'owner', password: 'demo' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response, 'login');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    for (const name of ['sessionid', 'csrftoken_new']) {
      const cookie = response.cookies.find((k) => k.name === name);
      expect(cookie?.secure, name).toBe(true);
      expect(cookie?.sameSite, name).toBe('Lax');
    }
    expect(response.cookies.find((k) => k.name === 'sessionid')?.httpOnly).toBe(true);
    const page = await https.app.inject({ method: 'GET', url: '/orders' });
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });
});
