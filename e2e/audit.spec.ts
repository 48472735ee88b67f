import { choose, signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a stock change made by a warehouseman shows in the owner’s audit log; others may not read it', async ({
  page,
}) => {
  await signIn(page, 'warehouseman');
  await page.goto('/warehouses');
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
  await signIn(page, 'owner');
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Záznam změn' })).toBeVisible();
  await choose(page, 'Oblast', 'Sklad – zásoby');
  const newest = page.getByRole('row').nth(1);
  await expect(newest).toContainText('Karel Procházka (warehouseman)');
  await expect(newest).toContainText('Změna zásoby');
  await expect(newest).toContainText('"amount": 7.25');
});
