import { crossSiteCalls } from '@letokruh/contracts/access';
import { ErrorCode } from '@letokruh/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { changedTables, snapshot } from './snapshot.ts';

/**
 * domain.md §3.3 Cross-site requests: a page of another site cannot make a signed-in browser call
 * the API, whatever the method, with Fetch Metadata or, without it, a foreign Origin. Every route
 * the app registers is tried as the owner (who passes every access rule), with the session cookie,
 * the CSRF token and real ids, so that only the cross-site rule stands in the way.
 */
let t: BuiltTestApp;
let owner: Client;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_ORIGIN: 'https://sklad.letokruh.cz' });
  owner = await login(t.app, 'owner');
});
afterAll(() => t?.close());

const concrete = (url: string) => url.replace(/:[^/]+/g, '1');
const keyOf = (method: string, url: string) => `${method} ${url.replace(/^\/api/, '')}`;

const foreign = [
  { label: 'Sec-Fetch-Site: cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
  {
    label: 'Sec-Fetch-Site: cross-site with our own Referer spelled in',
    headers: { 'sec-fetch-site': 'cross-site', referer: 'http://localhost:80/orders' },
  },
  { label: 'same-site without Origin', headers: { 'sec-fetch-site': 'same-site' } },
  {
    label: 'same-site from another host',
    headers: { 'sec-fetch-site': 'same-site', origin: 'https://www.letokruh.cz' },
  },
  { label: 'no Fetch Metadata, foreign Origin', headers: { origin: 'https://evil.example' } },
  { label: 'no Fetch Metadata, Origin null', headers: { origin: 'null' } },
];

describe('requests from another site', () => {
  it('are refused on every route but the health check, the API description and the feeds', async () => {
    const routes = t.app.routesSeen.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(100);
    const before = await snapshot(t.db);
    const failures: string[] = [];
    for (const route of routes) {
      const allowed = crossSiteCalls.has(keyOf(route.method, route.url));
      for (const method of route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]) {
        for (const { label, headers } of foreign) {
          const response = await owner.request(method as 'GET', concrete(route.url), {
            headers,
            ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
          });
          const refused =
            response.statusCode === 403 &&
            (method === 'HEAD' || response.json().error_code === ErrorCode.csrfFailed);
          if (allowed === refused) {
            failures.push(
              `${method} ${route.url} (${label}): ${response.statusCode} ${response.body.slice(0, 80)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    // The cross-site logout and its HEAD ended nothing: the session still reads.
    expect((await owner.get('/api/auth/user')).statusCode).toBe(200);
  }, 300_000);

  it('are not what the app itself sends: same-origin, typed or bookmarked, or from a script', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'same-site', origin: 'https://sklad.letokruh.cz' },
      { origin: 'http://localhost:80' },
      {},
    ]) {
      const response = await owner.get('/api/orders?per_page=10&current_page=1', { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    // A calendar app fetching a feed sends no session and may come from anywhere.
    const feed = await owner.get('/api/feeds/unknown.ics', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(feed.statusCode).not.toBe(403);
  });

  it('cannot sign the user out by a link or a HEAD', async () => {
    const user = await login(t.app, 'dispatcher');
    const viaLink = await user.get('/api/auth/logout', {
      headers: {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        referer: 'https://evil.example/',
      },
    });
    expect(viaLink.statusCode).toBe(403);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/auth/logout', cookies: user.cookies });
    expect(head.statusCode).toBe(405);
    expect((await user.get('/api/auth/user')).statusCode).toBe(200);
    // The app's own sign-out still works.
    expect(
      (await user.get('/api/auth/logout', { headers: { 'sec-fetch-site': 'same-origin' } })).statusCode,
    ).toBe(200);
    expect((await user.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('cannot make a draft with a cross-site GET of /order/add', async () => {
    const before = await snapshot(t.db);
    const response = await owner.get('/api/order/add', {
      headers: { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' },
    });
    expect(response.statusCode).toBe(403);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    const own = await owner.get('/api/order/add', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(200);
  });
});
