import fs from 'node:fs';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { choose, continueFromItems, seriousFindings, signIn, startInCzech } from './helpers';
import { expect, type Locator, type Page, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

/** The labelled values of an audit row (or card), as "label: value" lines. */
const shownDetails = (within: Locator) =>
  within
    .getByTestId('audit-details')
    .first()
    .evaluate((dl) =>
      [...dl.querySelectorAll(':scope > div')].map((d) =>
        [...d.children].map((c) => c.textContent).join(': '),
      ),
    );

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a stock change made by a warehouseman shows in the owner’s audit log; others may not read it', async ({
  page,
}) => {
  await signIn(page, 'warehouseman', { path: '/warehouses' });
  await row(page, 'Sklad Jihlava').getByRole('link', { name: 'Stav skladu' }).click();
  await page.getByLabel('Produkt').fill('Smrk štípaný sypané 33');
  await row(page, 'Smrk štípaný sypané 33 cm')
    .first()
    .getByRole('link', { name: /Změnit stav/ })
    .click();
  await page.getByLabel(/^Změna/).fill('7,25');
  await page.getByRole('button', { name: 'Uložit změnu' }).click();
  await expect(page).toHaveURL(/\/warehouse\/\d+$/);
  // The warehouseman has no audit log: the page says so.
  await page.goto('/audit');
  await expect(page.getByText('K této akci nemáte oprávnění.')).toBeVisible();

  await page.getByRole('link', { name: 'Odhlásit' }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await signIn(page, 'owner', { path: '/audit' });
  await expect(page.getByRole('heading', { name: 'Záznam změn' })).toBeVisible();
  await choose(page, 'Oblast', 'Sklad – zásoby');
  const newest = page.getByRole('row').nth(1);
  await expect(newest).toContainText('Karel Procházka (warehouseman)');
  await expect(newest).toContainText('Změna zásoby');
  await expect.poll(() => shownDetails(newest)).toContain('Množství: 7,25');
});

/** Screenshots for the note (outside the repository). */
const shots = process.env.DESK_SHOTS ?? '/work/shots/desk';

test('the audit log shows a change as labelled, formatted values, at a desk and on a phone (decision 0088)', async ({
  page,
}) => {
  // Two users, two steps saved, four axe analyses, four screenshots.
  test.setTimeout(120_000);
  fs.mkdirSync(shots, { recursive: true });
  // A dispatcher saves the items and the details steps of a demo order: the bodies name the lines,
  // the minimum delivery price, the driver, the day and the payment.
  await signIn(page, 'dispatcher');
  const { items } = (await (await page.request.get('/api/warehouses?per_page=100')).json()) as {
    items: { id: number }[];
  };
  const day = (n: number) => addDays(pragueDay(), n);
  const query = [
    ...items.map((w) => `warehouses=${w.id}`),
    ...Array.from({ length: 7 }, (_, i) => `dates=${day(i + 2)}`),
  ].join('&');
  const { data } = (await (await page.request.get(`/api/api/get-orders?${query}`)).json()) as {
    data: { id: number; intern_id: number; done: boolean; driver: { name: string } | null }[];
  };
  const order = data.find((o) => o.driver && !o.done);
  expect(order, 'a demo order with a driver').toBeTruthy();
  // The items step sends the minimum delivery price the spec spells minimim_delivery_price.
  await page.goto(`/order/${order!.id}/items`);
  await continueFromItems(page);
  await page.getByRole('button', { name: 'Uložit a zobrazit detail' }).click();
  const clash = page.getByRole('dialog', { name: 'Kolize v kalendáři' });
  await expect(
    page.getByRole('button', { name: 'Přesto uložit' }).or(page.getByText(/Objednávka \d+/).first()),
  ).toBeVisible();
  if (await clash.isVisible()) await clash.getByRole('button', { name: 'Přesto uložit' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order!.id}$`));
  await page.getByRole('link', { name: 'Odhlásit' }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);

  await signIn(page, 'owner');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/audit');
  await page.getByLabel('Číslo záznamu').fill(String(order!.id));
  const row = page.getByRole('row').filter({ hasText: 'Krok interní údaje' }).first();
  await expect(row).toContainText('(dispatcher)');
  await expect(row).toContainText(`Objednávka ${order!.intern_id}`);
  const czech = (await shownDetails(row)).join('\n');
  expect(czech).toContain(`Řidič: ${order!.driver!.name}`);
  expect(czech).toMatch(/Platba: (Hotově|Převodem \(QR\))/);
  expect(czech).toMatch(/Den doručení: \d{1,2}\.\d{1,2}\.\d{4}/);
  const lines = (await shownDetails(page.getByRole('row').filter({ hasText: 'Krok položky' }).first())).join(
    '\n',
  );
  expect(lines).toMatch(/Minimální cena dopravy: [\d\s]+,\d\d/);
  expect(lines).toMatch(
    /Položky: Produkt: [^\n]*(štípan|Dřevo|Třísky|Kůra|Odřezky|Piliny|Štěpka|Kulatina|Směs)[^\n]* · Množství: \d/,
  );
  const table = (await page.getByRole('table').textContent()) ?? '';
  for (const raw of ['{', '"', 'minimim', 'driver_id', 'payment_type', 'true', 'false'])
    expect(table, raw).not.toContain(raw);
  expect(await seriousFindings(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/audit-desk-cs.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('article', { name: 'Krok položky' }).first();
  await expect(card).toContainText('Minimální cena dopravy');
  // A card per change: nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousFindings(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/audit-phone-cs.png`, fullPage: false });

  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(page.getByRole('article', { name: 'Items step' }).first()).toContainText(
    'Minimum delivery price',
  );
  await expect(page.getByRole('article', { name: 'Internal step' }).first()).toContainText(
    /Delivery day\s*\d{1,2} [A-Z][a-z]{2} \d{4}/,
  );
  expect(await seriousFindings(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/audit-phone-en.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('row').filter({ hasText: 'Internal step' }).first()).toContainText(
    /Payment\s*(Cash|Bank transfer \(QR\))/,
  );
  await page.screenshot({ path: `${shots}/audit-desk-en.png` });
});
