import { crossSiteCalls, routeAccess } from '@letokruh/contracts/access';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { Page } from '@playwright/test';
import { signIn } from './helpers.ts';
import { expect, test } from './test.ts';

/**
 * domain.md §3.3 Cross-site requests, in the browser that sends them: a signed-in owner opens a
 * page of another site, which tries the API each way a page can — a link (a top-level GET carries
 * the Lax session cookie), a form (POST), and a script (PUT and DELETE, which need a CORS
 * preflight the API never grants). Every one is refused, nothing is written, and the owner stays
 * signed in.
 *
 * That the server refuses every route it registers, for every header a browser may send, is
 * `server/src/hardening/cross-site.test.ts`. Here the browser shows it sends what that rule reads:
 * links and forms (a page load each) go to a chosen set of calls below; scripts try every PUT
 * and DELETE, which cost no page load.
 */
const evil = 'http://evil.test';

const concrete = (path: string) => `/api${path.replace(/:[^/]+/g, '1')}`;
const calls = Object.keys(routeAccess).map((key) => {
  const [method, path] = key.split(' ') as [string, string];
  return { key, method, path: concrete(path), open: crossSiteCalls.has(key) };
});
/**
 * Links and forms, a page load each: the calls a page of another site may make, the ones that
 * write on a GET, sign in or out, or set a password, and a few that read or write an order or a
 * customer. The server test tries every route; a key missing here fails at once.
 */
const linked = new Set([
  ...crossSiteCalls,
  'GET /auth/logout',
  'GET /auth/user',
  'GET /order/add',
  'GET /order/:id/copy',
  'GET /orders',
  'GET /order/:id',
  'GET /customer/:id',
  'GET /download-orders',
]);
const posted = new Set([
  'POST /auth/login',
  'POST /auth/set_password',
  'POST /order/:id/items',
  'POST /order/:id/send_email_qr',
  'POST /customer/add',
]);
const tried = (keys: Set<string>) => {
  const found = calls.filter((call) => keys.has(call.key));
  expect(found.map((call) => call.key).sort()).toEqual([...keys].sort());
  return found;
};

async function openEvilPage(page: Page): Promise<void> {
  await page.goto(`${evil}/`);
  await expect(page.locator('h1')).toHaveText('Cheap timber');
}

test('a page of another site cannot call the API for the signed-in user', async ({ page, baseURL }) => {
  await page.context().route(`${evil}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Evil</title><h1>Cheap timber</h1>',
    }),
  );
  await signIn(page, 'owner');
  // What the owner's own app gets: a draft's number, to see afterwards that no other was made.
  const firstDraft = (await (await page.request.get('/api/order/add')).json()).id as number;

  const failures: string[] = [];
  for (const call of tried(linked)) {
    await openEvilPage(page);
    const target = `${baseURL}${call.path}`;
    const answered = page.waitForResponse((r) => r.url() === target);
    await page.evaluate((url) => {
      window.location.href = url;
    }, target);
    const response = await answered;
    await page.waitForURL(target);
    const refused = response.status() === 403 && (await response.json()).error_code === ErrorCode.csrfFailed;
    if (refused === call.open) failures.push(`${call.key}: ${response.status()}`);
  }
  for (const call of tried(posted)) {
    await openEvilPage(page);
    const target = `${baseURL}${call.path}`;
    const answered = page.waitForResponse((r) => r.url() === target);
    await page.evaluate((url) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = url;
      const field = document.createElement('input');
      field.name = 'username';
      field.value = 'owner';
      form.append(field);
      document.body.append(form);
      form.submit();
    }, target);
    const response = await answered;
    await page.waitForURL(target);
    if (response.status() !== 403) failures.push(`${call.key}: ${response.status()}`);
  }
  await openEvilPage(page);
  for (const call of calls.filter((c) => c.method === 'PUT' || c.method === 'DELETE')) {
    const outcome = await page.evaluate(
      async ({ url, method }) => {
        try {
          const response = await fetch(url, {
            method,
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: method === 'PUT' ? '{}' : null,
          });
          return `answered ${response.status}`;
        } catch {
          return 'blocked';
        }
      },
      { url: `${baseURL}${call.path}`, method: call.method },
    );
    if (outcome !== 'blocked') failures.push(`${call.key}: ${outcome}`);
  }
  expect(failures).toEqual([]);

  // Still signed in, and no draft was made in between (order numbers come one after another).
  await page.goto('/dashboard');
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  const nextDraft = (await (await page.request.get('/api/order/add')).json()).id as number;
  expect(nextDraft).toBe(firstDraft + 1);
});
