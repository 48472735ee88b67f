import { signIn, startInCzech } from './helpers';
import { expect, test } from './test';

/**
 * Decision 0100: the pages users land on ask for their code while index.html is parsed, before the
 * app's entry has run and asked for the session; any other page asks for its code from the boot.
 */
test.beforeEach(async ({ page }) => {
  await startInCzech(page);
});

/** When the page's chunk and the session were first asked for, in the page's own clock (ms). */
async function askedAt(page: import('./test').Page, chunk: RegExp) {
  return page.evaluate((source) => {
    const pattern = new RegExp(source);
    const start = (test: (path: string) => boolean) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => test(new URL(e.name).pathname))
        .map((e) => e.startTime)
        .sort((a, b) => a - b)[0] ?? null;
    return { chunk: start((p) => pattern.test(p)), session: start((p) => p === '/api/auth/user') };
  }, chunk.source);
}

for (const { user, path, chunk, drawn } of [
  {
    user: 'dispatcher',
    path: '/dashboard',
    chunk: /\/assets\/dashboard-page-[^/]*\.js$/,
    drawn: '.week-card',
  },
  { user: 'driver', path: '/driver', chunk: /\/assets\/driver-day-page-[^/]*\.js$/, drawn: 'main h1' },
]) {
  test(`${path}: its code is asked for by the HTML, before the app asks for the session`, async ({
    page,
  }) => {
    await signIn(page, user, { path });
    await expect(page.locator(drawn).first()).toBeVisible();
    const links = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (l) => new URL((l as HTMLLinkElement).href).pathname,
      ),
    );
    expect(links.some((l) => chunk.test(l))).toBe(true);
    const at = await askedAt(page, chunk);
    expect(at.chunk).not.toBeNull();
    expect(at.session).not.toBeNull();
    expect(at.chunk!).toBeLessThan(at.session!);
  });
}

test('a page users do not land on asks for its code from the app', async ({ page }) => {
  await signIn(page, 'dispatcher', { path: '/customers' });
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const at = await askedAt(page, /\/assets\/customers-page-[^/]*\.js$/);
  expect(at.chunk).not.toBeNull();
  expect(at.chunk!).toBeGreaterThan(at.session!);
});
