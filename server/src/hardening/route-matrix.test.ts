import { ErrorCode } from '@letokruh/contracts/errors';
import { defaultPermissionMatrix, type FunctionName } from '@letokruh/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../app.ts';
import { type Access, isAllowed, type SessionUser } from '../plugins/access.ts';
import { demoUserOf, sessionUser } from '../test/access.ts';
import {
  anonymous,
  type BuiltTestApp,
  buildTestApp,
  type Client,
  login,
  type TestApp,
} from '../test/build.ts';

/**
 * Route × function matrix (decision 0020): every registered /api route called as each demo user and
 * without a session. What is expected comes from the route's declared rule and the default
 * permission matrix of contracts, never from the answers themselves.
 * Allowed: anything but 401/403 (a 400 or 404 for the made-up parameters is fine).
 * Denied: 403 / 110 for a logged-in user, 401 / 112 without a session.
 */

let t: BuiltTestApp;
let app: TestApp;

// One app of its own: the calls below run the handlers of allowed routes with made-up input.
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(() => t?.close());

/**
 * Path parameters: a read uses 1 (an existing row in the demo data, so the handler runs to the
 * end); a change uses an id no row has, so that the access rule is what the call tests and no
 * demo row is deleted or changed under the next caller.
 */
const concrete = (route: RegisteredRoute) =>
  route.url.replace(/:[^/]+/g, route.method === 'GET' ? '1' : '987654');

/**
 * Routes open to every logged-in user whose handler then checks more, with domain.md's own code:
 * the matrix expects the handler's rule for them (a new entry here has to be argued).
 */
const handlerRules: Record<string, { access: Access; code: number }> = {
  // domain.md §2.8: removing a user answers 403 / 200 to a user without delete_user.
  'DELETE /api/user/:id/delete': {
    access: { permission: 'delete_user' },
    code: ErrorCode.noRightToRemoveUser,
  },
};

const apiRoutes = () =>
  app.routesSeen
    .filter((r) => r.url.startsWith('/api/'))
    // Logout is public and ends the caller's session: it is called last, on its own.
    .filter((r) => !(r.method === 'GET' && r.url === '/api/auth/logout'));

type Outcome = { route: string; status: number; expected: 'allowed' | 'denied' };

/**
 * Spellings of a path that Fastify routes to the same handler (docs/security.md): the walk with
 * `encoded` gives route i the spelling i modulo their number, so every spelling meets every kind
 * of rule in one pass.
 */
const encodings: ((path: string) => string)[] = [
  (p) => p.replace(/^\/api\//, '/%61pi/'),
  (p) => p.replace(/^\/api\//, '/ap%69/'),
  (p) => p.replace(/^\/api\//, '/%61%70%69/'),
  (p) => p.replace(/^\/api\/(.)/, (_, c: string) => `/api/%${c.charCodeAt(0).toString(16)}`),
  (p) => `${p}/`,
];
const plain = (path: string) => path;
const encoded = (path: string, i: number) => encodings[i % encodings.length]!(path);

async function walk(
  c: Client,
  user: SessionUser | null,
  spell: (path: string, i: number) => string = plain,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const [i, route] of apiRoutes().entries()) {
    const refined = handlerRules[`${route.method} ${route.url}`];
    const access = refined?.access ?? (route.access as Access);
    const allowed = access === 'public' || (user !== null && isAllowed(access, user));
    const response = await c.request(route.method as 'GET', spell(concrete(route), i));
    outcomes.push({
      route: `${route.method} ${route.url}`,
      status: response.statusCode,
      expected: allowed ? 'allowed' : 'denied',
    });
    if (!allowed) {
      const code = response.json().error_code;
      const wanted = user ? [403, refined?.code ?? ErrorCode.accessDenied] : [401, ErrorCode.notLoggedIn];
      if (response.statusCode !== wanted[0] || code !== wanted[1]) {
        outcomes[outcomes.length - 1]!.status = -response.statusCode;
      }
    }
  }
  return outcomes;
}

const mismatches = (outcomes: Outcome[]) =>
  outcomes
    .filter((o) =>
      o.expected === 'allowed' ? o.status === 401 || o.status === 403 || o.status >= 500 : o.status < 0,
    )
    .map((o) => `${o.route}: expected ${o.expected}, got ${Math.abs(o.status)}`);

describe('route × function matrix', () => {
  it('sees every module (the walk below would prove nothing on an empty list)', () => {
    expect(apiRoutes().length).toBeGreaterThan(100);
  });

  it('the warehouse edit needs manage_warehouse: the warehouseman with change_warehouse is denied', async () => {
    const edit = apiRoutes().find((r) => r.method === 'PUT' && r.url === '/api/warehouse/:id/edit');
    expect(edit?.access).toEqual({ permission: 'manage_warehouse' });
    const warehouseman = sessionUser('warehouseman');
    expect(warehouseman.permissions.has('change_warehouse')).toBe(true);
    expect(isAllowed(edit!.access as Access, warehouseman)).toBe(false);
    expect(isAllowed(edit!.access as Access, sessionUser('dispatcher'))).toBe(true);
    // No route that changes a warehouse's own record is open to change_warehouse alone.
    const stockOnly = apiRoutes().filter(
      (r) =>
        r.method !== 'GET' && /^\/api\/warehouse\/:id(\/edit|\/hide)?$|^\/api\/warehouse\/add$/.test(r.url),
    );
    expect(stockOnly.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/warehouse/:id/hide',
      'POST /api/warehouse/add',
      'PUT /api/warehouse/:id/edit',
    ]);
    for (const r of stockOnly) expect(isAllowed(r.access as Access, warehouseman), r.url).toBe(false);
  });

  it('without a session only the public routes answer, the rest 401 / 112', async () => {
    const outcomes = await walk(await anonymous(app), null);
    const spelled = await walk(await anonymous(app), null, encoded);
    expect(spelled).toEqual(outcomes);
    expect(mismatches(outcomes)).toEqual([]);
    expect(outcomes.filter((o) => o.expected === 'allowed').map((o) => o.route)).toEqual([
      'GET /api/health',
      'POST /api/auth/login',
      'GET /api/config',
      // A set-password link: its secret is the proof (decision 0089); a made-up one answers 400.
      'POST /api/auth/set_password',
      // A calendar feed: its secret is the key (domain.md §2.10); a made-up one answers 404.
      'GET /api/feeds/:file',
      'GET /api/docs',
    ]);
  });

  for (const [fn, username] of Object.entries(demoUserOf) as [FunctionName, string][]) {
    it(`${username} (${fn}) is allowed exactly what the default matrix gives`, async () => {
      const c = await login(app, username);
      // The demo data carries the default matrix; otherwise the expectation below is not the truth.
      expect(c.user.permissions).toEqual([...defaultPermissionMatrix[fn]].sort());
      const outcomes = await walk(c, sessionUser(fn));
      expect(mismatches(outcomes)).toEqual([]);
      // The same walk with the routes' paths spelled otherwise meets the same rules.
      expect(mismatches(await walk(c, sessionUser(fn), encoded))).toEqual([]);
      // Each function is allowed something and refused something (the owner: the dispatcher's
      // to-contact toggle, a function check of domain.md §3.3).
      expect(outcomes.some((o) => o.expected === 'allowed')).toBe(true);
      expect(outcomes.some((o) => o.expected === 'denied')).toBe(true);
      // Logout is public: it answers and ends the session.
      expect((await c.get('/api/auth/logout')).statusCode).toBe(200);
      expect((await c.get('/api/auth/user')).statusCode).toBe(401);
    });
  }
});
