import { signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

/** The table row that holds `text`. */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a warehouseman changes stock and sees the change in the history', async ({ page }) => {
  await signIn(page, 'warehouseman', { path: '/warehouses' });
  await row(page, 'Sklad Jihlava').getByRole('link', { name: 'Stav skladu' }).click();
  await expect(page).toHaveURL(/\/warehouse\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Sklad Jihlava' })).toBeVisible();
  await page.getByLabel('Produkt').fill('Smrk štípaný sypané 33');
  const stockRow = row(page, 'Smrk štípaný sypané 33 cm').first();
  await expect(page.getByRole('table').first().getByRole('row')).toHaveCount(2);
  const before = (await stockRow.getByRole('cell').nth(2).textContent())?.replace(/\s/g, ' ') ?? '';
  await stockRow.getByRole('link', { name: /Změnit stav/ }).click();

  await expect(page).toHaveURL(/\/update-stock\/\d+\/\d+$/);
  await expect(page.getByTestId('current-amount')).toHaveText(before);
  // A change that would leave less than nothing is refused before it is sent.
  await page.getByLabel(/^Změna/).fill('-1000000');
  await page.getByRole('button', { name: 'Uložit změnu' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tolik na skladě není' })).toBeVisible();
  await page.getByLabel(/^Změna/).fill('5,5');
  await page.getByRole('button', { name: 'Uložit změnu' }).click();

  await expect(page).toHaveURL(/\/warehouse\/\d+$/);
  const history = page.getByRole('table').nth(1);
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('Smrk štípaný sypané 33 cm');
  await expect(newest).toContainText('+5,5 PRMS');
  await expect(newest).toContainText('Ruční změna');
  await expect(newest).toContainText('Karel Procházka');
  const beforeNumber = Number(before.replace(' PRMS', '').replace(/ /g, '').replace(',', '.'));
  const after = `${String(beforeNumber + 5.5).replace('.', ',')} PRMS`;
  await expect(newest.getByRole('cell').nth(3)).toHaveText(after);
});

test('a technician sees the stock but neither the history nor a way to change it', async ({ page }) => {
  await signIn(page, 'technician', { path: '/warehouses' });
  await expect(page.getByRole('button', { name: 'Nepoužívat dále' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Přidat sklad' })).toHaveCount(0);
  await row(page, 'Sklad Třebíč').getByRole('link', { name: 'Stav skladu' }).click();
  await expect(page.getByRole('heading', { name: 'Zásoby' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('PRM');
  await expect(page.getByRole('heading', { name: 'Historie změn stavu' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Změnit stav/ })).toHaveCount(0);
});

test('the owner adds a warehouse, edits its cars and stops using it', async ({ page }) => {
  await signIn(page, 'owner', { path: '/warehouses' });
  await page.getByRole('link', { name: 'Přidat sklad' }).click();
  await page.getByRole('button', { name: 'Přidat sklad' }).click();
  await expect(page.getByRole('alert')).toHaveText('Vyplňte prosím všechna povinná pole');

  await page.getByLabel(/^Název/).fill('Sklad Pelhřimov');
  await page.getByLabel(/^Adresa/).fill('Nádražní 1570, 393 01 Pelhřimov');
  await page.getByLabel(/^Město/).fill('Pelhřimov');
  await page.getByLabel(/^PSČ/).fill('393 01');
  await page.getByLabel(/^Zeměpisná šířka \(lat\)/).fill('49,4269');
  await page.getByLabel(/^Zeměpisná délka \(lon\)/).fill('15,2215');
  await page.getByRole('combobox', { name: 'Řidiči', exact: true }).click();
  await page.getByRole('option', { name: 'Martin Kučera' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Přidat sklad' }).click();

  await expect(page).toHaveURL(/\/warehouses$/);
  const added = row(page, 'Sklad Pelhřimov');
  await expect(added).toContainText('Nádražní 1570, 393 01 Pelhřimov');

  await added.getByRole('link', { name: 'Upravit' }).click();
  await page.getByRole('button', { name: 'Přidat auto' }).click();
  await page.getByLabel(/^Auto 1 – název/).fill('Avia D90 (5J2 1111)');
  await page.getByRole('button', { name: 'Uložit' }).click();
  await expect(page).toHaveURL(/\/warehouses$/);
  await row(page, 'Sklad Pelhřimov').getByRole('link', { name: 'Upravit' }).click();
  await expect(page.getByLabel(/^Auto 1 – název/)).toHaveValue('Avia D90 (5J2 1111)');
  await expect(page.getByText('Martin Kučera')).toBeVisible();
  await page.getByRole('link', { name: 'Zrušit' }).click();

  await row(page, 'Sklad Pelhřimov').getByRole('button', { name: 'Nepoužívat dále' }).click();
  const dialog = page.getByRole('dialog');
  // Never 'sklad Sklad Pelhřimov': a word is not said twice.
  await expect(dialog).toContainText('Opravdu sklad Pelhřimov dále nepoužívat?');
  await dialog.getByRole('button', { name: 'Nepoužívat dále' }).click();
  await expect(row(page, 'Sklad Pelhřimov')).toHaveCount(0);
  await expect(row(page, 'Sklad Jihlava')).toHaveCount(1);
  await page.getByLabel('Zobrazit i nepoužívané').check();
  await expect(row(page, 'Sklad Pelhřimov')).toContainText('Nepoužívá se');
});
