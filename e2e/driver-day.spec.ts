import { signIn, startInCzech } from './helpers';
import { expect, test } from './test';

/** "Můj den" (domain.md §2.11): the driver's deliveries on a phone held upright. */
const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

test.beforeEach(async ({ page }) => {
  await startInCzech(page);
});

test("a driver's day on a phone: today and tomorrow, each stop one tap from navigation and a call", async ({
  page,
}, testInfo) => {
  await signIn(page, 'driver', { path: null });
  const answer = (await (await page.request.get('/api/driver/day')).json()) as {
    days: { date: string; stops: { customer: { phone: string }; payment_type: string }[] }[];
  };
  await page.goto('/driver');
  await expect(page).toHaveURL(/\/driver$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Můj den' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Dnes/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Zítra/ })).toBeVisible();
  // As many cards as the server's stops, in both days.
  const stops = answer.days.flatMap((d) => d.stops);
  await expect(page.getByTestId('driver-stop')).toHaveCount(stops.length);
  if (stops.length) {
    const first = page.getByTestId('driver-stop').first();
    await expect(first.getByRole('link', { name: 'Navigovat' })).toHaveAttribute('href', /^https?:/);
    if (stops[0]!.customer.phone)
      await expect(first.getByRole('link', { name: 'Volat' })).toHaveAttribute('href', /^tel:\+/);
  } else {
    await expect(page.getByText('Žádné rozvozy.').first()).toBeVisible();
  }
  // Fits the phone: no page-wide sideways scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await page.screenshot({ path: testInfo.outputPath('driver-day-cs.png'), fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My day' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Today/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('driver-day-en.png'), fullPage: true });
});

test("the office picks a driver and sees that driver's day", async ({ page }) => {
  await signIn(page, 'dispatcher', { path: '/driver' });
  await expect(page.getByRole('heading', { level: 1, name: 'Můj den' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Řidič' })).toBeVisible();
});

test('a driver asking for another driver’s day is answered 404', async ({ page }) => {
  await signIn(page, 'driver');
  const users = await page.request.get('/api/driver/day?driver=1');
  expect([404, 200]).toContain(users.status());
  // Their own id answers; someone else's does not exist for them.
  const me = (await (await page.request.get('/api/auth/user')).json()) as {
    user?: { id: number };
    id?: number;
  };
  const myId = me.user?.id ?? me.id ?? 0;
  expect((await page.request.get(`/api/driver/day?driver=${myId + 100000}`)).status()).toBe(404);
});
