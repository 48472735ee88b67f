import { choose, navigation, signIn } from './helpers';
import { expect, type Page, sameClock, test } from './test';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'cs'));
});

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Types a day into a Czech date input and closes its calendar. */
async function typeDay(page: Page, label: RegExp, day: string) {
  await page.getByLabel(label).fill(day);
  await page.keyboard.press('Escape');
}

test('a closure with from after to is refused; a valid one is listed and can be deactivated', async ({
  page,
}) => {
  await signIn(page, 'dispatcher');
  await navigation(page).getByRole('button', { name: 'Dovolené' }).hover();
  await page.getByRole('menuitem', { name: 'Sklady' }).click();
  await expect(page).toHaveURL(/\/warehouse-vacations$/);
  await expect(page.getByRole('heading', { name: 'Dovolené skladů' })).toBeVisible();
  await page.getByRole('link', { name: 'Přidat dovolenou skladu' }).click();

  await choose(page, 'Sklad', 'Sklad Třebíč');
  await typeDay(page, /^Od \*/, '14.4.2031');
  await typeDay(page, /^Do \*/, '12.4.2031');
  await expect(page.getByText('Začátek dovolené nesmí být po jejím konci.')).toBeVisible();
  await page.getByRole('button', { name: 'Přidat dovolenou' }).click();
  await expect(page.getByRole('alert')).toHaveText('Začátek dovolené nesmí být po jejím konci.');
  await expect(page).toHaveURL(/\/warehouse-vacation\/add$/);

  // The server refuses it too, whoever sends it, and writes nothing.
  const refused = await page.evaluate(async () => {
    const csrf = document.cookie.match(/csrftoken_new=([^;]+)/)?.[1] ?? '';
    const response = await fetch('/api/warehouse_vacation/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CSRFTOKEN': csrf },
      body: JSON.stringify({ warehouse: 1, vacation_from: '2031-04-14', vacation_to: '2031-04-12' }),
    });
    return { status: response.status, body: await response.json() };
  });
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ error_code: 120, fields: ['vacation_from', 'vacation_to'] });

  await typeDay(page, /^Do \*/, '15.4.2031');
  await page.getByRole('button', { name: 'Přidat dovolenou' }).click();
  await expect(page).toHaveURL(/\/warehouse-vacations$/);
  await expect(page.getByText('Dovolená byla přidána.')).toBeVisible();
  const closure = row(page, '14.4.2031');
  await expect(closure).toHaveCount(1);
  await expect(closure).toContainText('Sklad Třebíč');
  await expect(closure).toContainText('15.4.2031');
  await expect(page.getByRole('row').filter({ hasText: '12.4.2031' })).toHaveCount(0);

  await closure.getByRole('button', { name: 'Deaktivovat' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deaktivovat' }).click();
  await expect(page.getByText('Dovolená byla deaktivována.')).toBeVisible();
  await expect(row(page, '14.4.2031')).toHaveCount(0);
});

test("a driver's vacation is edited and deactivated; a driver sees the list without changes", async ({
  page,
  browser,
}) => {
  await signIn(page, 'dispatcher', { path: '/user-vacation/add' });
  await choose(page, 'Řidič', 'Lukáš Veselý');
  await typeDay(page, /^Od \*/, '3.8.2031');
  await typeDay(page, /^Do \*/, '7.8.2031');
  await page.getByRole('button', { name: 'Přidat dovolenou' }).click();
  await expect(page).toHaveURL(/\/user-vacations$/);
  const vacation = row(page, '3.8.2031');
  await expect(vacation).toContainText('Lukáš Veselý');
  await expect(vacation.getByRole('cell').nth(3)).toHaveText('5');

  await vacation.getByRole('link', { name: 'Upravit' }).click();
  await expect(page.getByRole('heading', { name: 'Úprava dovolené řidiče' })).toBeVisible();
  await typeDay(page, /^Do \*/, '10.8.2031');
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(page).toHaveURL(/\/user-vacations$/);
  await expect(vacation).toContainText('10.8.2031');

  const driverContext = await browser.newContext();

  await sameClock(driverContext);
  const driver = await driverContext.newPage();
  await driver.addInitScript(() => localStorage.setItem('lang', 'cs'));
  await signIn(driver, 'driver', { path: '/user-vacations' });
  await expect(row(driver, '3.8.2031')).toContainText('Lukáš Veselý');
  await expect(driver.getByRole('button', { name: 'Deaktivovat' })).toHaveCount(0);
  await expect(driver.getByRole('link', { name: 'Přidat dovolenou řidiče' })).toHaveCount(0);
  await driverContext.close();

  await vacation.getByRole('button', { name: 'Deaktivovat' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deaktivovat' }).click();
  await expect(row(page, '3.8.2031')).toHaveCount(0);
});

test('the owner keeps suppliers: wrong check digits are refused, a valid account is listed with its IBAN', async ({
  page,
}) => {
  await signIn(page, 'owner');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Číselníky' }).click();
  await expect(page).toHaveURL(/\/reference-data$/);
  await expect(row(page, 'Letokruh s.r.o.')).toContainText('2718340003/0100');

  await page.getByRole('button', { name: 'Přidat dodavatele' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Název/).fill('Pila Brtnice s.r.o.');
  // Decision 0037: the identity a document needs.
  await dialog.getByLabel(/^Ulice a číslo sídla/).fill('Pilařská 12');
  await dialog.getByLabel(/^Obec/).fill('Brtnice');
  await dialog.getByLabel(/^PSČ/).fill('588 32');
  await dialog.getByLabel(/^IČO/).fill('25301233');
  await dialog.getByLabel(/^Číslo účtu/).fill('19-2000145398');
  await dialog.getByLabel(/^Kód banky/).fill('0800');
  await dialog.getByRole('button', { name: 'Přidat dodavatele' }).click();
  await expect(dialog.getByText('Číslo účtu nemá platné kontrolní číslice.')).toBeVisible();

  await dialog.getByLabel(/^Číslo účtu/).fill('19-2000145399');
  await expect(dialog.getByText('IBAN: CZ65 0800 0000 1920 0014 5399')).toBeVisible();
  await dialog.getByRole('button', { name: 'Přidat dodavatele' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, 'Pila Brtnice s.r.o.')).toContainText('CZ65 0800 0000 1920 0014 5399');
});
