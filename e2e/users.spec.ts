import { navigation, signIn, startInCzech } from './helpers';
import { expect, type Page, sameClock, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Odhlásit' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('the owner adds a user, who must change the initial password before anything else', async ({ page }) => {
  await signIn(page, 'owner');
  await navigation(page).getByRole('link', { name: 'Uživatelé', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Uživatelé' })).toBeVisible();
  await page.getByRole('link', { name: 'Přidat uživatele' }).click();
  await expect(page).toHaveURL(/\/user\/add$/);
  await page.getByLabel(/^Uživatelské jméno/).fill('ABartosova');
  await page.getByLabel(/^Jméno/).fill('Alena');
  await page.getByLabel(/^Příjmení/).fill('Bartošová');
  await page.getByLabel(/^E-mail/).fill('alena@example.cz');
  await page.getByLabel('Dispečer').check();
  await page.getByLabel(/^Počáteční heslo/).fill('zacatek-2026');
  await page.getByRole('button', { name: 'Vytvořit uživatele' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByText('Uživatel Alena Bartošová byl vytvořen.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Alena Bartošová' })).toBeVisible();
  await signOut(page);

  // Usernames are case-insensitive; the guard keeps the new user on the profile.
  await page.getByLabel(/^Uživatelské jméno/).fill('abartosova');
  await page.getByLabel(/^Heslo/).fill('zacatek-2026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Před pokračováním si prosím nastavte nové heslo.')).toBeVisible();
  await page.goto('/users');
  await expect(page).toHaveURL(/\/account$/);
  const held = await page.evaluate(async () => (await fetch('/api/users')).json());
  expect(held.error_code).toBe(104);

  await page.getByLabel(/^Současné heslo/).fill('zacatek-2026');
  await page.getByLabel(/^Nové heslo$/).fill('moje-vlastni');
  await page.getByLabel(/^Nové heslo znovu/).fill('moje-vlastni');
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(page.getByText('Profil byl uložen.')).toBeVisible();
  await expect(page.getByText('Před pokračováním si prosím nastavte nové heslo.')).toHaveCount(0);
  await navigation(page).getByRole('link', { name: 'Uživatelé', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Alena Bartošová' })).toBeVisible();
  await signOut(page);
  await signIn(page, 'abartosova', { password: 'moje-vlastni' });
});

test('the owner edits and deactivates a user; the user is signed out at once', async ({ browser, page }) => {
  const driverContext = await browser.newContext();
  await sameClock(driverContext);
  const driver = await driverContext.newPage();
  await driver.addInitScript(() => localStorage.setItem('lang', 'cs'));
  await signIn(driver, 'driver3');

  await signIn(page, 'owner', { path: '/users' });
  // Found by name, not by where the page puts it: users added by other tests move the pages.
  await page.getByLabel('Hledat jméno, uživatele nebo e-mail').fill('Veselý');
  const row = page.getByRole('row').filter({ hasText: 'driver3' });
  await row.getByRole('link', { name: 'Upravit' }).click();
  await expect(page.getByRole('heading', { name: 'Lukáš Veselý' })).toBeVisible();
  await page.getByLabel(/^Telefon/).fill('777888999');
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(row.getByText('+420 777 888 999')).toBeVisible();

  await row.getByRole('button', { name: 'Deaktivovat' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deaktivovat' }).click();
  await expect(row.getByText('Neaktivní')).toBeVisible();
  await driver.reload();
  // A driver lands on "Můj den" (domain.md §2.11): signed out there, the login keeps it as the wanted path.
  await expect(driver).toHaveURL(/\/\?path=%2Fdriver$/);

  await row.getByRole('button', { name: 'Znovu aktivovat' }).click();
  await expect(row.getByText('Aktivní', { exact: true })).toBeVisible();
  await signIn(driver, 'driver3');
  await driverContext.close();
});

test("taking view_product from the dispatcher removes Produkty from the dispatcher's navigation", async ({
  browser,
  page,
}) => {
  const dispatcherContext = await browser.newContext();
  await sameClock(dispatcherContext);
  const dispatcher = await dispatcherContext.newPage();
  await dispatcher.addInitScript(() => localStorage.setItem('lang', 'cs'));
  await signIn(dispatcher, 'dispatcher');
  const products = navigation(dispatcher).getByRole('link', { name: 'Produkty', exact: true });
  await expect(products).toBeVisible();

  await signIn(page, 'owner');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Oprávnění' }).click();
  const viewProduct = page.getByRole('checkbox', { name: 'Dispečer: Produkty – Zobrazit' });
  try {
    await expect(viewProduct).toBeChecked();
    await viewProduct.uncheck();
    await expect(page.getByText('Neuložené změny: Dispečer')).toBeVisible();
    await page.getByRole('button', { name: 'Uložit oprávnění' }).click();
    await expect(page.getByText('Oprávnění byla uložena.')).toBeVisible();

    await dispatcher.reload();
    await expect(navigation(dispatcher).getByRole('link', { name: 'Zákazníci', exact: true })).toBeVisible();
    await expect(products).toHaveCount(0);

    await page.reload();
    await expect(viewProduct).not.toBeChecked();
    await viewProduct.check();
    await page.getByRole('button', { name: 'Uložit oprávnění' }).click();
    await expect(page.getByText('Žádné neuložené změny')).toBeVisible();
    await dispatcher.reload();
    await expect(products).toBeVisible();
  } finally {
    await restoreViewProduct(page);
    await dispatcherContext.close();
  }
});

/** Gives view_product back to the dispatcher through the API, whatever state the test left. */
async function restoreViewProduct(page: Page) {
  await page.evaluate(async () => {
    const csrf = document.cookie.match(/(?:^|; )csrftoken_new=([^;]+)/)?.[1] ?? '';
    const matrix = await (await fetch('/api/permissions')).json();
    const dispatcher = matrix.functions.find((f: { name: string }) => f.name === 'dispatcher');
    if (dispatcher.permissions.includes('view_product')) return;
    await fetch('/api/permissions', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'X-CSRFTOKEN': csrf },
      body: JSON.stringify({
        function_id: dispatcher.id,
        permissions: [...dispatcher.permissions, 'view_product'],
      }),
    });
  });
}

test('a user locked out by wrong passwords is unlocked by the owner from the user page', async ({ page }) => {
  await signIn(page, 'owner');
  // A user of its own, so that no other test meets the lock.
  const made = await page.evaluate(async () => {
    const csrf = document.cookie.match(/csrftoken_new=([^;]+)/)?.[1] ?? '';
    const response = await fetch('/api/user/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrftoken': csrf },
      body: JSON.stringify({
        username: `zamceny${Date.now()}`,
        first_name: 'Zdeněk',
        // Sorted first in the list of active users.
        last_name: 'Abrahám',
        email: '',
        phone: '',
        functions: ['driver'],
        maximum_order_count: null,
        password: 'zacatek-2026',
      }),
    });
    return (await response.json()).item as { id: number; username: string };
  });
  expect(made.id).toBeGreaterThan(0);
  await signOut(page);

  // Ten wrong passwords (sent at once, as a guesser would), then the right one is refused too.
  const answers = await page.evaluate(async (username) => {
    await fetch('/api/auth/user');
    const csrf = document.cookie.match(/csrftoken_new=([^;]+)/)?.[1] ?? '';
    const guess = () =>
      fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrftoken': csrf },
        body: JSON.stringify({ username, password: 'spatne' }),
      }).then((r) => r.status);
    return Promise.all(Array.from({ length: 10 }, guess));
  }, made.username);
  expect(answers).toEqual(Array.from({ length: 10 }, () => 400));
  await page.getByLabel(/^Uživatelské jméno/).fill(made.username);
  await page.getByLabel(/^Heslo/).fill('zacatek-2026');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Příliš mnoho neúspěšných pokusů');

  await signIn(page, 'owner', { path: '/users' });
  const row = page.getByRole('row').filter({ hasText: made.username });
  await expect(row.getByText('Zablokováno')).toBeVisible();
  await row.getByRole('link', { name: 'Upravit' }).click();
  const lock = page.getByTestId('sign-in-lock');
  await expect(lock).toContainText('Přihlášení je zablokované');
  await lock.getByRole('button', { name: 'Odemknout přihlášení' }).click();
  await expect(page.getByText('Přihlášení uživatele Zdeněk Abrahám je odemčené.')).toBeVisible();
  await expect(lock).toHaveCount(0);
  await signOut(page);

  await page.getByLabel(/^Uživatelské jméno/).fill(made.username);
  await page.getByLabel(/^Heslo/).fill('zacatek-2026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
});
