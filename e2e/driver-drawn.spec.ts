import { moreStops } from './driver-helpers';
import { signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

/**
 * Decision 0103: "Můj den" comes drawn by the server for the signed-in driver, with the answers it
 * was drawn from. A phone on a slow line shows the day before the app's code has arrived; the code
 * is asked for once the page is on screen, and React then takes the markup over without asking
 * for those answers again and without redrawing it.
 */
const firstAnswers = ['/api/auth/user', '/api/config', '/api/driver/day'];

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens "Můj den" with the app's entry script held back until the returned function is called. */
async function openWithEntryHeld(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/driver', { waitUntil: 'domcontentloaded' });
  return release;
}

test.beforeEach(async ({ page }) => {
  await startInCzech(page);
});

test('the day is on screen before the app’s code runs; the app takes it over, asking nothing again', async ({
  page,
}) => {
  await signIn(page, 'driver', { path: null });
  const errors = watchErrors(page);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  // The app's entry is held back: what shows meanwhile, the server drew.
  const release = await openWithEntryHeld(page);
  const next = page.locator('[data-testid=driver-stop][data-next]');
  await expect(next).toHaveCount(1);
  await expect(next.getByTestId('next-stop')).toHaveText('Další zastávka');
  await expect(next.getByRole('button', { name: 'Doručeno' })).toBeVisible();
  expect(await page.evaluate(() => document.getElementById('root')?.dataset.drawn)).toBe('/driver');
  // Once on screen, the page asks for its code (the entry, held back here, and the page's chunk).
  await expect
    .poll(() => asked, { message: 'the code asked for once the page is on screen' })
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/index-[^/]*\.js$/),
        expect.stringMatching(/^\/assets\/driver-day-page-[^/]*\.js$/),
      ]),
    );
  release();
  // Taken over: the button opens the delivery dialog.
  await next.getByRole('button', { name: 'Doručeno' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Zrušit' }).click();
  await expect(dialog).toBeHidden();
  expect(
    asked.filter((p) => firstAnswers.includes(p)),
    'the answers came with the page',
  ).toEqual([]);
  // No hydration mismatch (React reports one as a console error) and nothing else failed.
  expect(errors).toEqual([]);
});

test('a tap on a drawn button before the app has started is not lost', async ({ page, browser, baseURL }) => {
  // A stop of its own, open: the demo's may already be under way from other tests.
  const [mine] = await moreStops(browser, baseURL, 1);
  await signIn(page, 'driver', { path: null });
  const day = (await (await page.request.get('/api/driver/day')).json()) as {
    days: { stops: { id: number; intern_id: number }[] }[];
  };
  const stop = day.days.flatMap((d) => d.stops).find((s) => s.id === mine);
  expect(stop, 'the stop made for this test is on the driver’s day').toBeTruthy();
  const errors = watchErrors(page);
  const release = await openWithEntryHeld(page);
  const card = page
    .getByTestId('driver-stop')
    .filter({ has: page.getByText(String(stop!.intern_id), { exact: true }) });
  await card.getByRole('button', { name: 'Vyrážím' }).click();
  // Nothing happens while the app's code is held back…
  await expect(card.getByText(/^Na cestě od \d\d:\d\d$/)).toHaveCount(0);
  release();
  // …and the tap is acted on once it has started.
  await expect(card.getByText(/^Na cestě od \d\d:\d\d$/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('without scripts the day can be read: stops, addresses and phone links', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await signIn(page, 'driver', { path: null });
    await page.goto('/driver');
    await expect(page.getByRole('heading', { level: 1, name: 'Můj den' })).toBeVisible();
    const stops = page.getByTestId('driver-stop');
    expect(await stops.count()).toBeGreaterThan(0);
    await expect(stops.first().locator('a[href^="tel:"]').first()).toBeAttached();
    // The frame with the user's own name, not the login page.
    await expect(page.getByRole('button', { name: /Přihlásit/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a device that chose English before the language cookie existed gets the day in English', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'driver', { path: null });
  // The server draws in the cookie's language; this device's choice (local storage) differs.
  await page.context().addCookies([{ name: 'lang', value: 'cs', url: baseURL! }]);
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  const errors = watchErrors(page);
  await page.goto('/driver');
  await expect(page.getByRole('heading', { level: 1, name: 'My day' })).toBeVisible();
  await expect(page.getByText('Můj den')).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
  // The next load is drawn in English by the server.
  const drawn = await page.request.get('/driver');
  expect(await drawn.text()).toContain('<html data-drawn lang="en"');
  expect(errors).toEqual([]);
});
