import fs from 'node:fs';
import { choose, navigation, seriousFindings, signIn } from './helpers';
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

  // A week back to today, one warehouse (the page's one range: decision 0088), done orders only.
  const range = page.getByTestId('overviews-range');
  const from = range.getByLabel('Od', { exact: true });
  await from.fill(czechDay(-7));
  await from.blur();
  const to = range.getByLabel('Do', { exact: true });
  await to.fill(czechDay(0));
  await to.blur();
  const warehouse = range.getByRole('combobox', { name: 'Sklad', exact: true });
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
  const file = await fs.promises.readFile((await download.path())!);
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

/** Screenshots for the note (outside the repository). */
const shots = process.env.DESK_SHOTS ?? '/work/shots/desk';

/** The first and last Prague day of this month and of the last one. */
function months() {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const iso = (year: number, month: number, day: number) =>
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const last = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
  const [ly, lm] = m === 1 ? [y - 1, 12] : [y, m - 1];
  return {
    thisMonth: { from: iso(y, m, 1), to: iso(y, m, last(y, m)) },
    lastMonth: { from: iso(ly, lm, 1), to: iso(ly, lm, last(ly, lm)) },
  };
}

test('one range for the whole page: this month by default, presets, best sellers by name (decision 0088)', async ({
  page,
}) => {
  // Three axe analyses and six screenshots of a page of charts.
  test.setTimeout(120_000);
  fs.mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'dispatcher');
  const asked: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (
      /^\/api\/(stats_by_warehouses|stats_for_products|get_collected_revenue_by_warehouses)$/.test(
        url.pathname,
      )
    )
      asked.push(url);
  });
  await page.goto('/overviews');
  const { thisMonth, lastMonth } = months();
  const range = page.getByTestId('overviews-range');
  await expect(page.getByLabel('Od', { exact: true })).toHaveCount(1);
  await expect(range.getByRole('button', { name: 'Tento měsíc' })).toHaveAttribute('aria-pressed', 'true');
  await expect(range.getByLabel('Od', { exact: true })).toHaveValue(czechDate(thisMonth.from));
  await expect.poll(() => asked.filter((u) => u.searchParams.get('from') === thisMonth.from).length).toBe(3);

  // The demo's best sellers by their names, not their codes.
  const products = page.getByTestId('products-block');
  await expect.poll(() => products.locator('path.recharts-rectangle').count()).toBeGreaterThan(0);
  // Each bar's label names its product (the tick's title is the whole name), as the table does.
  const labels = await products.locator('svg text > title').allTextContents();
  const table = await products.getByRole('table').locator('tbody tr td:first-child').allTextContents();
  expect(labels.length).toBeGreaterThan(2);
  for (const label of labels) expect(table).toContain(label);
  const shown = (await products.locator('svg text:has(> title)').allTextContents()).join(' ');
  expect(shown).not.toMatch(/\b(?:[A-Z]{2}\d{2,3}[SR]|GRI|TRI|PIL|KUR|STE|ODS|ODB|KUS|KUB)\b/);
  expect(await seriousFindings(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/overviews-desk-cs.png` });
  await products.evaluate((block) => block.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${shots}/overviews-desk-cs-products.png` });

  // Last month: every block asks for it.
  asked.length = 0;
  await range.getByRole('button', { name: 'Minulý měsíc' }).click();
  await expect(range.getByRole('button', { name: 'Minulý měsíc' })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(
      () =>
        asked.filter(
          (u) => u.searchParams.get('from') === lastMonth.from && u.searchParams.get('to') === lastMonth.to,
        ).length,
    )
    .toBe(3);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await range.getByRole('button', { name: 'Tento měsíc' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const preset of ['Tento měsíc', 'Minulý měsíc', 'Tento rok']) {
    const box = await range.getByRole('button', { name: preset }).boundingBox();
    expect(box!.height, preset).toBeGreaterThanOrEqual(44);
  }
  expect(await seriousFindings(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/overviews-phone-cs.png` });

  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(range.getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');
  await expect(range.getByLabel('From', { exact: true })).toHaveValue(englishDate(thisMonth.from));
  expect(await seriousFindings(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/overviews-phone-en.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(() => products.locator('path.recharts-rectangle').count()).toBeGreaterThan(0);
  await page.screenshot({ path: `${shots}/overviews-desk-en.png` });
  await products.evaluate((block) => block.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${shots}/overviews-desk-en-products.png` });
});

const czechDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d}.${m}.${y}`;
};
const englishDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;
};
