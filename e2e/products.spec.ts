import { choose, signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** A day in Prague `offset` days from today, as the Czech date input reads it (day.month.year). */
function pragueDayFromNow(offset: number) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(
    new Date(Date.now() + offset * 24 * 3600 * 1000),
  );
  const [y, m, d] = iso.split('-').map(Number);
  return { czech: `${d}.${m}.${y}` };
}
const tomorrow = () => pragueDayFromNow(1);

test("a price from tomorrow leaves today's price in the list and the offer", async ({ page }) => {
  const product = 'Smrk štípaný sypané 33 cm';
  await signIn(page, 'owner', { path: '/products' });
  await page.getByLabel('Název', { exact: true }).fill('Smrk štípaný sypané 33');
  await expect(page.getByRole('row')).toHaveCount(2);
  const czk = row(page, product).getByRole('cell').nth(4);
  await expect(czk).toContainText(/Sklad Jihlava\s*1\s190,00\sKč/);
  await row(page, product).getByRole('link', { name: 'Změnit cenu' }).click();

  await expect(page.getByRole('heading', { name: `Změna ceny – ${product}` })).toBeVisible();
  await choose(page, 'Sklad', 'Sklad Jihlava');
  await expect(page.getByTestId('current-price')).toContainText(/1\s190,00\sKč/);
  await page.getByLabel(/^Cena s DPH/).fill('1290');
  // A past day is kept as typed and named, never silently turned into today (decision 0024).
  const yesterday = pragueDayFromNow(-1).czech;
  await page.getByLabel(/^Platí od/).fill(yesterday);
  await page.keyboard.press('Escape');
  await page.getByLabel(/^Cena s DPH/).click();
  await expect(page.getByLabel(/^Platí od/)).toHaveValue(yesterday);
  await expect(page.getByText(/^Datum nesmí být dříve než/)).toBeVisible();
  const { czech } = tomorrow();
  await page.getByLabel(/^Platí od/).fill(czech);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Uložit cenu' }).click();

  const history = page.getByTestId('price-history');
  const future = history.getByRole('row').filter({ hasText: 'Budoucí' });
  await expect(future).toHaveCount(1);
  await expect(future).toContainText('Sklad Jihlava');
  await expect(future).toContainText(/1\s290,00\sKč/);
  await expect(future).toContainText(czech);
  const inForce = history.getByRole('row').filter({ hasText: 'Sklad Jihlava' }).filter({ hasText: 'CZK' });
  await expect(inForce.filter({ hasText: 'Platí dnes' })).toContainText(/1\s190,00\sKč/);

  await page.getByRole('link', { name: 'Zpět na produkty' }).click();
  await expect(row(page, product).getByRole('cell').nth(4)).toContainText(/Sklad Jihlava\s*1\s190,00\sKč/);
  // The order items step offers today's price too.
  const offer = await page.evaluate(async () => {
    const warehouses = await (await fetch('/api/warehouses?per_page=100')).json();
    const jihlava = warehouses.items.find((w: { name: string }) => w.name === 'Sklad Jihlava');
    return (await fetch(`/api/available_products?warehouse_id=${jihlava.id}&currency=CZK`)).json();
  });
  const offered = offer.products_types
    .flatMap((g: { products: { name: string }[] }) => g.products)
    .find((p: { name: string }) => p.name === product);
  expect(offered.pricesWithVat).toEqual([{ currency: 'CZK', amount: 1190 }]);
});

test('the owner adds a product with prices and takes it off the offer', async ({ page }) => {
  await signIn(page, 'owner', { path: '/products' });
  await page.getByRole('link', { name: 'Přidat produkt' }).click();
  await page.getByRole('button', { name: 'Přidat produkt' }).click();
  await expect(page.getByRole('alert')).toHaveText('Vyplňte prosím všechna povinná pole');

  await page.getByLabel(/^Název/).fill('Jedle štípaná sypané 33 cm');
  await page.getByLabel(/^Zkrácený název/).fill('JD33S');
  await choose(page, 'Druh', 'Měkké');
  await page.getByLabel(/^Délka \(cm\)/).fill('33');
  await choose(page, 'Měrná jednotka', /^PRMS/);
  await page.getByLabel(/^Cena CZK s DPH/).fill('1150');
  await page.getByLabel(/^Cena EUR s DPH/).fill('46');
  await choose(page, 'DPH EUR', '20 %');
  await page.getByRole('button', { name: 'Přidat produkt' }).click();

  await expect(page).toHaveURL(/\/products$/);
  await page.getByLabel('Název', { exact: true }).fill('Jedle');
  const added = row(page, 'Jedle štípaná sypané 33 cm');
  await expect(added).toContainText('Měkké');
  await expect(added.getByRole('cell').nth(4)).toContainText(/Sklad Třebíč\s*1\s150,00\sKč\s*DPH 21 %/);
  await expect(added.getByRole('cell').nth(5)).toContainText(/Sklad Jihlava\s*46,00\s€\s*DPH 20 %/);

  await added.getByRole('button', { name: 'Nenabízet dále' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Nenabízet dále' }).click();
  await expect(row(page, 'Jedle štípaná sypané 33 cm')).toHaveCount(0);
  await choose(page, 'Nabídka', 'Nenabízené');
  await expect(row(page, 'Jedle štípaná sypané 33 cm')).toContainText('Nenabízí se');
});

test('a technician sees products and prices but cannot add, reprice or remove', async ({ page }) => {
  await signIn(page, 'technician', { path: '/products' });
  await expect(page.getByRole('row').nth(1)).toContainText('Kč');
  await expect(page.getByRole('link', { name: 'Přidat produkt' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Změnit cenu' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nenabízet dále' })).toHaveCount(0);
});
