import { signIn, startInCzech } from './helpers';
import { expect, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

/** Issue 17 §3: the driver's calendar link, fetched as a phone's calendar app fetches it (no session). */
test('a driver makes a calendar link on the account page; a calendar reads it until it is revoked', async ({
  page,
  playwright,
}) => {
  await signIn(page, 'driver');
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
  const url = await field.inputValue();
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
