import fs from 'node:fs/promises';
import { choose, navigation, signIn } from './helpers';
import { expect, test } from './test';

/** A Prague day `days` from today, as the Czech date field is typed (D.M.YYYY). */
function czechDay(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(date).split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
}

test('a dispatcher reads the overviews of a range and one warehouse, and downloads the orders as XLSX', async ({
  page,
}) => {
  await signIn(page, 'dispatcher');
  await navigation(page).getByRole('link', { name: 'Přehledy' }).click();
  await expect(page).toHaveURL(/\/overviews$/);

  const warehouses = page.getByTestId('warehouses-block');
  const table = warehouses.getByRole('table', { name: 'Přehled skladů' });
  await expect(table.getByText('Sklad Jihlava')).toBeVisible();
  await expect(table.getByText('Sklad Třebíč')).toBeVisible();
  // The demo has orders in the last three weeks: the charts draw bars.
  await expect(warehouses.locator('.recharts-surface').first()).toBeVisible();
  await expect.poll(() => warehouses.locator('path.recharts-rectangle').count()).toBeGreaterThan(0);

  // A week back to today, one warehouse, done orders only.
  const from = warehouses.getByLabel('Od', { exact: true });
  await from.fill(czechDay(-7));
  await from.blur();
  const warehouse = warehouses.getByRole('combobox', { name: 'Sklad', exact: true });
  await expect(async () => {
    if ((await page.getByRole('listbox').count()) === 0) await warehouse.click();
    await page.getByRole('option', { name: 'Sklad Třebíč', exact: true }).click({ timeout: 2_000 });
    await expect(warehouse).toHaveValue('Sklad Třebíč', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await warehouses.getByText('Hotové', { exact: true }).click();
  await expect(table.getByText('Sklad Jihlava')).toHaveCount(0);
  await expect(table.getByText('Sklad Třebíč')).toBeVisible();
  await expect(table.getByText(/Kč$/).first()).toBeVisible();

  const products = page.getByTestId('products-block');
  await expect(
    products.getByRole('table', { name: 'Přehled produkce' }).locator('tbody tr').first(),
  ).toBeVisible();
  await expect.poll(() => products.locator('path.recharts-rectangle').count()).toBeGreaterThan(0);
  await expect(
    page.getByTestId('revenue-block').getByRole('table', { name: 'Vybrané tržby podle skladů' }),
  ).toBeVisible();

  const exports = page.getByTestId('exports-block');
  const downloading = page.waitForEvent('download');
  await exports.getByRole('button', { name: 'Objednávky' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^objednavky_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = await fs.readFile((await download.path())!);
  expect(file.subarray(0, 2).toString()).toBe('PK');
  expect(file.length).toBeGreaterThan(2000);
});

test('a quote becomes an order that goes on to the customer step with its items', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await navigation(page).getByRole('link', { name: 'Kalkulace' }).click();
  await expect(page).toHaveURL(/\/calculations$/);
  await choose(page, 'Sklad', 'Sklad Jihlava');
  await page.getByLabel('Místo doručení (souřadnice)').fill('49.6, 15.4');
  await choose(page, 'Produkt', /^Buk štípaný sypané 33 cm/);
  await page.getByLabel('Množství', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Přidat', exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Položky kalkulace' }).getByText('Buk štípaný sypané 33 cm'),
  ).toBeVisible();
  await expect(page.getByTestId('quote-distance')).toContainText('(odhad)');
  await expect(page.getByTestId('quote-total')).toContainText('Kč');
  // The quote follows the form 400 ms after the last change and shows the previous one meanwhile
  // (a slow CI run read 1 878 Kč, the quote of an earlier state): read it once it holds still.
  const seen: { total: string | null } = { total: null };
  await expect
    .poll(
      async () => {
        const now = await page.getByTestId('quote-total').textContent();
        const still = now === seen.total;
        seen.total = now;
        return still;
      },
      { intervals: [1_000], timeout: 20_000 },
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Vytvořit objednávku z kalkulace' }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/customer$/);
  const id = Number(/\/order\/(\d+)\//.exec(page.url())![1]);
  const order = await page.evaluate(
    async (orderId) => (await (await fetch(`/api/order/${orderId}`)).json()).item,
    id,
  );
  expect(order.customer).toBeNull();
  expect(order.warehouse.name).toBe('Sklad Jihlava');
  expect(order.products).toHaveLength(1);
  expect(order.products[0].amount).toBe(3);
  expect(seen.total?.replace(/\s/g, '')).toContain(
    new Intl.NumberFormat('cs-CZ', { minimumFractionDigits: 2 })
      .format(order.price_with_vat)
      .replace(/\s/g, ''),
  );
});
