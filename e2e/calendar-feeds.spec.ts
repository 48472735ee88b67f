import type { Page } from '@playwright/test';
import { signIn, startInCzech } from './helpers';
import { expect, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

/** The signed-in driver's calendar link, made on the account page (renewed when one is left). */
async function makeDriverLink(page: Page) {
  await page.goto('/account');
  const section = page.getByRole('region', { name: /^Moje rozvozy – Josef Černý/ });
  await expect(section).toBeVisible();
  const renew = section.getByRole('button', { name: 'Nový odkaz' });
  // A link left by an earlier test on this server is renewed instead.
  if (await renew.isVisible()) {
    await renew.click();
    await page.getByRole('button', { name: 'Vytvořit nový odkaz' }).click();
  } else {
    await section.getByRole('button', { name: 'Vytvořit odkaz' }).click();
  }
  const field = section.getByRole('textbox', { name: 'Odkaz pro kalendář' });
  await expect(field).toHaveValue(/\/api\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  return { section, url: await field.inputValue() };
}

/** domain.md §2.10: the driver's calendar link, fetched as a phone's calendar app fetches it (no session). */
test('a driver makes a calendar link on the account page; a calendar reads it until it is revoked', async ({
  page,
  playwright,
}) => {
  await signIn(page, 'driver');
  const { section, url } = await makeDriverLink(page);
  await expect(section.getByRole('link', { name: 'Přidat do kalendáře v tomto zařízení' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );

  // A client of its own: no cookie of the signed-in page goes with it.
  const phone = await playwright.request.newContext();
  const feed = await phone.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Prague');
  expect(ics).toMatch(/BEGIN:VEVENT\r\n[\s\S]*UID:order-\d+@letokruh\r\n/);
  expect(ics).toMatch(/DTSTART;TZID=Europe\/Prague:\d{8}T\d{6}\r\n/);

  await section.getByRole('button', { name: 'Zrušit', exact: true }).click();
  await page.getByRole('button', { name: 'Zrušit odkaz' }).click();
  await expect(section.getByText('Odkaz zatím nemáte.')).toBeVisible();
  expect((await phone.get(url)).status()).toBe(404);
  await phone.dispose();
});

/** Decision 0073: the owner sees every link on the page of the user it serves and revokes any. */
test('the owner revokes a driver’s calendar link on the driver’s user page', async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  await signIn(page, 'driver');
  const { section, url } = await makeDriverLink(page);
  const phone = await playwright.request.newContext();
  expect((await phone.get(url)).status()).toBe(200);

  const context = await browser.newContext({ baseURL });
  const office = await context.newPage();
  await startInCzech(office);
  await signIn(office, 'owner');
  const users = (await (await office.request.get('/api/users?per_page=100')).json()).items as {
    id: number;
    username: string;
  }[];
  await office.goto(`/user/${users.find((u) => u.username === 'driver')!.id}`);
  const feeds = office.getByRole('region', { name: 'Odkazy na kalendář' });
  const line = feeds.getByRole('group', { name: 'Rozvozy řidiče Josef Černý' });
  await expect(line).toContainText('Vytvořen');
  await expect(line).toContainText('Naposledy stažen');
  await line.getByRole('button', { name: 'Zrušit odkaz' }).click();
  await office.getByRole('dialog').getByRole('button', { name: 'Zrušit odkaz' }).click();
  await expect(feeds.getByText('Uživatel nemá žádný platný odkaz.')).toBeVisible();
  expect((await phone.get(url)).status()).toBe(404);

  // The driver's account page says the link is gone.
  await page.reload();
  await expect(section.getByText('Odkaz zatím nemáte.')).toBeVisible();
  await phone.dispose();
  await context.close();
});
