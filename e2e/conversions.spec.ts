import { signIn, startInCzech } from './helpers';
import { expect, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

type Stock = { product: { id: number; name: string }; amount: number };

test('a warehouseman converts logs into split wood and the stock changes by exactly that', async ({
  page,
}) => {
  await signIn(page, 'warehouseman');
  const warehouses = (await (await page.request.get('/api/warehouses')).json()).items as {
    id: number;
    name: string;
  }[];
  const warehouse = warehouses.find((w) => w.name === 'Sklad Jihlava')!;
  const stockOf = async () =>
    (await (await page.request.get(`/api/warehouse/${warehouse.id}/product_stock?per_page=1000`)).json())
      .items as Stock[];
  const before = await stockOf();
  const [input, output] = before.filter((s) => s.amount >= 2);
  if (!input || !output) throw new Error('the demo stock has no two products to convert');

  await page.goto(`/warehouse/${warehouse.id}/conversion`);
  await expect(page.getByRole('heading', { name: 'Převod produktů' })).toBeVisible();
  await expect(page.getByText('Sklad: Sklad Jihlava')).toBeVisible();
  await page.getByRole('radio', { name: /Znám vstup i výstup/ }).click();
  await page.getByRole('button', { name: 'Pokračovat' }).click();

  await page.getByRole('combobox', { name: /^Vstup 1/ }).fill(input.product.name);
  await page.getByRole('option', { name: new RegExp(`^${input.product.name} \\(skladem`) }).click();
  await page.getByLabel('Množství – Vstup 1').fill('1,5');
  await page.getByRole('combobox', { name: /^Výstup 1/ }).fill(output.product.name);
  await page
    .getByRole('option', { name: new RegExp(`^${output.product.name}`) })
    .first()
    .click();
  await page.getByLabel('Množství – Výstup 1').fill('2,25');
  await expect(page.getByTestId('conversion-preview')).toHaveText('Koeficient vychází 1,5 (výstup ÷ vstup).');
  await page.getByRole('button', { name: 'Zobrazit možnosti' }).click();

  await expect(page.getByText('Vyberte, jak převod provést')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Možnost 1' })).toBeChecked();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await page.getByRole('button', { name: 'Provést převod' }).click();

  await expect(page).toHaveURL(new RegExp(`/warehouse/${warehouse.id}$`));
  await expect(page.getByText('Převod byl proveden a stav skladu upraven.')).toBeVisible();
  const after = await stockOf();
  const amount = (id: number, list: Stock[]) => list.find((s) => s.product.id === id)?.amount;
  expect(amount(input.product.id, after)).toBeCloseTo(input.amount - 1.5, 2);
  expect(amount(output.product.id, after)).toBeCloseTo(output.amount + 2.25, 2);
});

test('when the stock covers no option the calculator says so', async ({ page }) => {
  await signIn(page, 'warehouseman', { path: null });
  const warehouses = (await (await page.request.get('/api/warehouses')).json()).items as { id: number }[];
  const id = warehouses[0]!.id;
  await page.goto(`/warehouse/${id}/conversion`);
  await page.getByRole('radio', { name: /Znám vstup a koeficient/ }).click();
  await page.getByRole('button', { name: 'Pokračovat' }).click();
  await page.getByRole('combobox', { name: /^Vstup 1/ }).click();
  await page.getByRole('option').first().click();
  await page.getByLabel('Množství – Vstup 1').fill('1000000');
  await page.getByRole('combobox', { name: /^Výstup 1/ }).click();
  await page.getByRole('option', { disabled: false }).nth(1).click();
  await page.getByLabel(/^Koeficient/).fill('1,1');
  await page.getByRole('button', { name: 'Zobrazit možnosti' }).click();
  await expect(page.getByText('Žádná možnost', { exact: true })).toBeVisible();
});
