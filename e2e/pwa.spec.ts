import { signIn, startInCzech, underServiceWorker } from './helpers';
import { expect, test } from './test';

/** domain.md §2.11: the app installs on a phone and its shell opens without a signal. */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await startInCzech(page);
});

test('the web app manifest names the app, starts on the driver’s day and its icons exist', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Letokruh', start_url: '/driver', display: 'standalone' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
});

test('offline, the driver’s day opens from the installed shell, not the browser’s error page', async ({
  page,
  context,
}) => {
  await signIn(page, 'driver', { path: '/driver' });
  await expect(page.getByRole('heading', { level: 1, name: 'Můj den' })).toBeVisible();
  // The service worker has installed (the build precached); the page opened next is its.
  await underServiceWorker(page);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    let count = 0;
    for (const name of names) count += (await (await caches.open(name)).keys()).length;
    return count;
  });
  expect(cached).toBeGreaterThan(10);
  // No API answer is kept on the device.
  const apiCached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls.filter((u) => new URL(u).pathname.startsWith('/api/'));
  });
  expect(apiCached).toEqual([]);
  await context.setOffline(true);
  await page.reload();
  // The app itself answers (its title, its root drawn), though its data cannot come.
  await expect(page).toHaveTitle(/Letokruh/);
  await expect(page.locator('#root > *').first()).toBeAttached();
  await context.setOffline(false);
});
