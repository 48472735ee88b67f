import fs from 'node:fs';
import { cp1250, csvText, customerHeader, customerRows, xlsxOf } from '../server/src/test/spreadsheets';
import { seriousFindings, signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

/**
 * domain.md §2.14: the owner brings the office's customer spreadsheet in, a Windows-1250 CSV or
 * an XLSX workbook with good and bad rows; sees each error under its cell and the row that looks
 * like a customer who exists; imports the good rows as one batch; and undoes it. In Czech and
 * English, on a desk and on a phone.
 */
const shots = process.env.SHEETS_SHOTS ?? '/work/shots/sheets';
const desk = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

const words = {
  cs: {
    menu: 'Import z tabulek',
    userMenu: /Uživatelská nabídka/,
    burger: 'Menu',
    errorsView: 'S chybou',
    duplicatesView: 'Možné duplicity',
    badEmail: 'Neplatný e-mail',
    badIco: 'IČO nemá platnou kontrolní číslici',
    required: 'Povinný údaj',
    samePhone: 'stejný telefon',
    importButton: /^Importovat 4 řádky$/,
    imported: 'Importováno 4; vynecháno s chybou 2, možných duplicit 1.',
    undo: 'Vrátit import',
    undone: /byl vrácen/,
    state: 'Vráceno',
  },
  en: {
    menu: 'Import from spreadsheets',
    userMenu: /User menu/,
    burger: 'Menu',
    errorsView: 'With errors',
    duplicatesView: 'Likely duplicates',
    badEmail: 'Not a valid e-mail',
    badIco: 'check digit',
    required: 'Required',
    samePhone: 'same phone',
    importButton: /^Import 4 rows$/,
    imported: 'Imported 4; left out with errors 2, likely duplicates 1.',
    undo: 'Undo the import',
    undone: /was undone/,
    state: 'Undone',
  },
} as const;

const getJson = (page: Page, url: string) =>
  page.evaluate(async (u) => (await fetch(u)).json(), url) as Promise<{
    items: { whole_phone: string }[];
    total: number;
  }>;

/** Four good rows, two bad ones and one with the phone of a customer who exists. */
async function spreadsheet(page: Page, start: number, surname: string): Promise<string[][]> {
  const existing = (await getJson(page, '/api/customers?per_page=10')).items[0]!.whole_phone;
  const good = customerRows(4, start).map((r) => [r[0]!, surname, ...r.slice(2)]);
  const place = ['Lesní 9', 'Třebíč', '674 01', 'Česká republika', '49,2', '15,8'];
  return [
    customerHeader,
    ...good,
    ['Karel', surname, 'Pila', '25596642', '', '731 000 111', 'karel@', ...place],
    ['Eva', '', '', '', '', '731 000 112', '', ...place],
    ['Ota', surname, '', '', '', existing, '', ...place],
  ];
}

async function openFromMenu(page: Page, lang: 'cs' | 'en', onPhone: boolean) {
  const w = words[lang];
  if (onPhone) {
    await page.getByRole('button', { name: w.burger, exact: true }).click();
    await page.getByRole('link', { name: w.menu }).click();
  } else {
    await page.getByRole('button', { name: w.userMenu }).click();
    await page.getByRole('menuitem', { name: w.menu }).click();
  }
  await expect(page).toHaveURL(/\/spreadsheets$/);
  await expect(page.getByRole('heading', { name: w.menu })).toBeVisible();
}

// Each language, size and format once: Czech at a desk with a CSV, English on a phone with an XLSX.
const cases = [
  { lang: 'cs', viewport: desk, format: 'csv', start: 3100 },
  { lang: 'en', viewport: phone, format: 'xlsx', start: 3200 },
] as const;

for (const { lang, viewport, format, start } of cases) {
  const name = `${lang}-${viewport.width}`;
  test(`imports the good rows of a ${format.toUpperCase()} and undoes them (${name})`, async ({ page }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(shots, { recursive: true });
    const w = words[lang];
    await page.setViewportSize(viewport);
    await startInCzech(page);
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await signIn(page, 'owner');
    await openFromMenu(page, lang, viewport === phone);

    const surname = `Tabulka${start}`;
    const rows = await spreadsheet(page, start, surname);
    const buffer = format === 'csv' ? cp1250(csvText(rows)) : await xlsxOf(rows, { numbers: true });
    await page.locator('input[type=file]').setInputFiles({
      name: `zakaznici.${format}`,
      mimeType: format === 'csv' ? 'text/csv' : 'application/octet-stream',
      buffer,
    });
    await expect(page.getByTestId('file-read')).toContainText(`zakaznici.${format}`);
    const summary = page.getByTestId('preview-summary');
    await expect(summary).toContainText('7');
    await expect(summary).toContainText(lang === 'cs' ? 'S chybou: 2' : 'With errors: 2');

    // Each error under its cell: the e-mail, the IČO's check digit, the missing surname.
    await page.getByText(w.errorsView, { exact: true }).click();
    await expect(page.getByText(w.badEmail)).toBeVisible();
    await expect(page.getByText(new RegExp(w.badIco)).first()).toBeVisible();
    await expect(page.getByText(w.required).first()).toBeVisible();
    await page.getByText(w.badEmail).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/${name}-errors.png`, fullPage: viewport === desk });
    expect(await seriousFindings(page)).toEqual([]);

    // The row with a customer's phone: offered, skipped unless chosen.
    await page.getByText(w.duplicatesView, { exact: true }).click();
    await expect(page.getByTestId('row-matches')).toHaveCount(1);
    await expect(page.getByTestId('row-matches').getByText(w.samePhone)).toBeVisible();
    await page.getByTestId('row-matches').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/${name}-duplicates.png` });

    await page.getByRole('button', { name: w.importButton }).click();
    await expect(page.getByRole('status').filter({ hasText: w.imported })).toBeVisible();
    const found = await getJson(page, `/api/customers?fullName=${surname}&per_page=10`);
    expect(found.total).toBe(4);
    const batch = page.getByTestId('import-batch').first();
    await expect(batch).toContainText(`zakaznici.${format}`);
    await page.screenshot({ path: `${shots}/${name}-imported.png`, fullPage: viewport === desk });
    expect(await seriousFindings(page)).toEqual([]);

    // Undone as a whole.
    await batch.getByRole('button', { name: w.undo }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.undo }).click();
    await expect(page.getByRole('status').filter({ hasText: w.undone })).toBeVisible();
    await expect(batch).toContainText(w.state);
    expect((await getJson(page, `/api/customers?fullName=${surname}&per_page=10`)).total).toBe(0);
    await page.screenshot({ path: `${shots}/${name}-undone.png` });
  });
}

test('a file that is no spreadsheet is named and nothing is kept', async ({ page }) => {
  await startInCzech(page);
  await signIn(page, 'owner', { path: '/spreadsheets' });
  await page.locator('input[type=file]').setInputFiles({
    name: 'faktura.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n1 0 obj\n'),
  });
  await expect(page.getByRole('alert')).toContainText('nejde o tabulku XLSX ani CSV');
  await expect(page.getByTestId('file-read')).toHaveCount(0);
});
