import { choose, signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a technician adds a Slovak customer, switching the prefix when asked, and finds them in the list', async ({
  page,
}) => {
  await signIn(page, 'technician', { path: '/customers' });
  await page.getByRole('link', { name: 'Přidat zákazníka' }).click();
  await expect(page).toHaveURL(/\/customer\/add$/);

  // Nothing filled in: the red alert of domain.md, nothing sent.
  await page.getByRole('button', { name: 'Vytvořit zákazníka' }).click();
  await expect(page.getByRole('alert')).toHaveText('Vyplňte prosím všechna povinná pole');

  await page.getByLabel(/^Jméno/).fill('Ľubomír');
  await page.getByLabel(/^Příjmení/).fill('Kováčik-Hrdina');
  await page.getByLabel(/^Telefon/).fill('905 123 456');
  await page.getByLabel(/^E-mail/).fill('lubomir.kovacik@example.sk');
  await page.getByLabel(/^Adresa/).fill('Hlavná 12, 040 01 Košice');
  await page.getByLabel(/^Obec/).fill('Košice');
  await page.getByLabel(/^PSČ/).fill('040 01');
  await page.getByRole('combobox', { name: /^Země/ }).fill('Slovensko');
  await page.getByLabel(/^Zeměpisná šířka/).click();

  const dialog = page.getByRole('dialog', { name: 'Změnit předvolbu?' });
  await expect(dialog).toContainText('Změnit předvolbu telefonu na +421?');
  await dialog.getByRole('button', { name: 'Změnit na +421' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: /^Předvolba/ })).toHaveValue('+421');

  // Coordinates copied from a map go into both fields at once.
  await page.getByLabel(/^Zeměpisná šířka/).click();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', '48.7164, 21.2611');
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
    );
  });
  await expect(page.getByLabel(/^Zeměpisná délka/)).toHaveValue('21.2611');
  await expect(page.getByTestId('map')).toBeVisible();

  await page.getByRole('button', { name: 'Vytvořit zákazníka' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByText(/Zákazník Ľubomír Kováčik-Hrdina byl přidán pod číslem \d+/)).toBeVisible();

  await page.getByLabel('Jméno nebo organizace').fill('Kováčik-Hrdina');
  const found = row(page, 'Ľubomír Kováčik-Hrdina');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('+421 905 123 456');
  await expect(page.getByRole('row')).toHaveCount(2);

  await found.getByRole('link', { name: 'Ľubomír Kováčik-Hrdina' }).click();
  await expect(page.getByRole('heading', { name: 'Ľubomír Kováčik-Hrdina' })).toBeVisible();
  await expect(page.getByRole('link', { name: '+421 905 123 456' })).toHaveAttribute(
    'href',
    'tel:+421905123456',
  );
  await expect(page.getByText('Zákazník zatím nemá žádné objednávky.')).toBeVisible();
});

test('filters survive leaving the list and coming back; clearing them shows everyone again', async ({
  page,
}) => {
  await signIn(page, 'dispatcher', { path: '/customers' });
  const total = page.getByText(/^\d+ záznam/);
  await expect(total).toHaveText(/^3\d\d záznamů$/);
  const everyone = (await total.textContent()) ?? '';
  await page.getByLabel('Adresa').fill('Třebíč');
  await expect(total).not.toHaveText(everyone);
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Třebíč');
  const count = await total.textContent();
  const name = (await firstRow.getByRole('cell').nth(1).getByRole('link').textContent()) ?? '';

  await firstRow.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('link', { name: 'Kalendář' }).click();
  await page.getByRole('link', { name: 'Zákazníci' }).click();

  await expect(page.getByLabel('Adresa')).toHaveValue('Třebíč');
  await expect(total).toHaveText(count ?? '');
  await page.getByRole('button', { name: 'Zrušit filtry' }).click();
  await expect(page.getByLabel('Adresa')).toHaveValue('');
  await expect(total).toHaveText(everyone);
});

test('the warehouse filter keeps the customers served from it; their detail lists the orders', async ({
  page,
}) => {
  await signIn(page, 'dispatcher', { path: '/customers' });
  const total = page.getByText(/^\d+ záznam/);
  await expect(total).toHaveText(/^3\d\d záznamů$/);
  const everyone = (await total.textContent()) ?? '';
  await choose(page, 'Sklad', 'Sklad Třebíč');
  await expect(total).not.toHaveText(everyone);
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  const orders = page.getByRole('row').filter({ hasText: 'Sklad Třebíč' });
  const first = orders.first();
  await expect(first).toBeVisible();
  const number = (await first.getByRole('link').first().textContent()) ?? '';
  expect(number).toMatch(/^20\d{8}$/);
  await first.getByRole('link', { name: 'Detail' }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
});

test('a dispatcher marks a customer to contact and keeps a file with them', async ({ page }) => {
  await signIn(page, 'dispatcher', { path: '/customers' });
  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customer\/\d+$/);

  const toggle = page.getByRole('switch', { name: 'Oslovit zákazníka' });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();
  await expect(page.getByText('Zákazník je označen k oslovení.')).toBeVisible();

  await page.getByLabel(/^Název/).fill('Plánek příjezdu');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'prijezd.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Za kapličkou doprava.'),
  });
  await page.getByRole('button', { name: 'Nahrát' }).click();
  const file = row(page, 'Plánek příjezdu');
  await expect(file).toContainText('prijezd.txt');
  await expect(file).toContainText('Jiné');

  const download = page.waitForEvent('download');
  await file.getByRole('link', { name: 'Stáhnout Plánek příjezdu' }).click();
  expect((await download).suggestedFilename()).toBe('prijezd.txt');

  await file.getByRole('button', { name: 'Smazat Plánek příjezdu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Smazat' }).click();
  await expect(page.getByText('Žádné soubory.')).toBeVisible();
});

test('an unknown customer leads back to the list', async ({ page }) => {
  await signIn(page, 'technician', { path: '/customer/999999' });
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByText('Zákazník nebyl nalezen.')).toBeVisible();
});

test('a search typed without accents finds what is written with them', async ({ page }) => {
  await signIn(page, 'dispatcher', { path: '/customers' });
  const total = page.getByText(/^\d+ záznam/);
  await expect(total).toHaveText(/^3\d\d záznamů$/);
  await page.getByLabel('Adresa').fill('Třebíč');
  await expect(total).not.toHaveText(/^3\d\d záznamů$/);
  const withAccents = await total.textContent();
  const firstName = await page.getByRole('row').nth(1).getByRole('cell').nth(1).textContent();
  await page.getByLabel('Adresa').fill('TREBIC');
  await expect(total).toHaveText(withAccents ?? '');
  await expect(page.getByRole('row').nth(1)).toContainText('Třebíč');

  // The customer's name, folded: no accents, lower case.
  const folded = (firstName ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  await page.getByRole('button', { name: 'Zrušit filtry' }).click();
  await page.getByLabel('Jméno nebo organizace').fill(folded);
  await expect(page.getByRole('row').nth(1)).toContainText(firstName?.trim() ?? '');
});

test('a new customer with the phone of an existing one offers that customer instead', async ({ page }) => {
  await signIn(page, 'technician');
  const { items } = (await (await page.request.get('/api/customers?per_page=10')).json()) as {
    items: { id: number; name: string; phone: string }[];
  };
  const existing = items[0]!;
  await page.goto('/customer/add');
  await page.getByLabel(/^Jméno/).fill('Věnceslav');
  await page.getByLabel(/^Příjmení/).fill('Nováček');
  await page.getByLabel(/^Telefon/).fill(existing.phone);
  await page.getByLabel(/^Adresa/).fill('Masarykovo náměstí 1, 586 01 Jihlava');
  await page.getByLabel(/^Obec/).fill('Jihlava');
  await page.getByLabel(/^PSČ/).fill('586 01');
  await page.getByLabel(/^Zeměpisná šířka/).fill('49.3961');
  await page.getByLabel(/^Zeměpisná délka/).fill('15.5912');
  await page.getByRole('button', { name: 'Vytvořit zákazníka' }).click();

  const dialog = page.getByRole('dialog', { name: 'Tento zákazník už asi existuje' });
  const match = dialog.getByTestId('duplicate-match').filter({ hasText: existing.name });
  await expect(match).toContainText('stejný telefon');
  await match.getByRole('button', { name: 'Použít existujícího' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/${existing.id}$`));
  await expect(page.getByRole('heading', { name: existing.name })).toBeVisible();
  const created = await page.request.get('/api/customers?fullName=Nov%C3%A1%C4%8Dek');
  expect(((await created.json()) as { total: number }).total).toBe(0);
});

test('a customer typed into the form and one sent to the API read the same', async ({ page }) => {
  await signIn(page, 'technician');
  const tag = Date.now().toString(36);
  const viaApi = await page.evaluate(async (lastName) => {
    const csrf = document.cookie.match(/(?:^|; )csrftoken_new=([^;]+)/)?.[1] ?? '';
    const answer = await fetch('/api/customer/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CSRFTOKEN': csrf },
      body: JSON.stringify({
        firstName: 'Api',
        lastName,
        phone: '00420 731-000-111',
        address: 'Masarykova  12',
        town: 'Jihlava',
        zip: '58601',
        country: 'Česká republika',
        lat: 49.3961,
        lon: 15.5912,
        allow_duplicate: true,
      }),
    });
    return (await answer.json()).item as { whole_phone: string; address: { full_address: string } };
  }, `Api${tag}`);
  expect(viaApi).toMatchObject({
    whole_phone: '+420731000111',
    address: { full_address: 'Masarykova 12, 586 01 Jihlava' },
  });

  await page.goto('/customer/add');
  await page.getByLabel(/^Jméno/).fill('Formulář');
  await page.getByLabel(/^Příjmení/).fill(`Form${tag}`);
  await page.getByLabel(/^Telefon/).fill('731-000-222');
  await page.getByLabel(/^Adresa/).fill('Masarykova 12, 586 01 Jihlava');
  await page.getByLabel(/^Obec/).fill('Jihlava');
  await page.getByLabel(/^PSČ/).fill('586 01');
  await page.getByLabel(/^Zeměpisná šířka/).fill('49.3961');
  await page.getByLabel(/^Zeměpisná délka/).fill('15.5912');
  await page.getByRole('button', { name: 'Vytvořit zákazníka' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.getByLabel('Jméno nebo organizace').fill(`Form${tag}`);
  const row = page.getByRole('row').filter({ hasText: `Form${tag}` });
  await expect(row).toContainText('Masarykova 12, 586 01 Jihlava');
  await expect(row).toContainText('+420 731 000 222');
});
