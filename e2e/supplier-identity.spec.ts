import { signIn } from './helpers';
import { expect, type Page, test } from './test';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'cs'));
});

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('the owner completes a supplier without identity: a wrong IČO is named in Czech, the fixed one is listed', async ({
  page,
}) => {
  await signIn(page, 'owner');
  // A supplier as kept before it had an identity: name and account only (an older client's payload).
  const added = await page.evaluate(async () => {
    const csrf = document.cookie.match(/csrftoken_new=([^;]+)/)?.[1] ?? '';
    const response = await fetch('/api/supplier/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CSRFTOKEN': csrf },
      body: JSON.stringify({
        name: 'Pila Kamenice s.r.o.',
        bank_account: '19-2000145399',
        bank_code: '0800',
      }),
    });
    return response.status;
  });
  expect(added).toBe(201);

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Číselníky' }).click();
  await expect(page).toHaveURL(/\/reference-data$/);
  await expect(row(page, 'Letokruh s.r.o.')).toContainText('IČO 27082440');
  await expect(row(page, 'Letokruh s.r.o.')).toContainText('DIČ CZ27082440');
  const kamenice = row(page, 'Pila Kamenice s.r.o.');
  await expect(kamenice).toContainText('Chybí IČO a sídlo');

  await kamenice.getByRole('button', { name: 'Upravit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Ulice a číslo sídla/).fill('Pilařská 12');
  await dialog.getByLabel(/^Obec/).fill('Kamenice nad Lipou');
  await dialog.getByLabel(/^PSČ/).fill('39470');
  await dialog.getByLabel(/^IČO/).fill('25301234');
  await dialog.getByLabel(/^DIČ/).fill('CZ25301233');
  await dialog.getByLabel('Plátce DPH').check();
  await dialog.getByLabel(/^Telefon/).fill('603 791 074');
  await dialog.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(dialog.getByText('IČO nemá platnou kontrolní číslici. Ověřte ho v ARES.')).toBeVisible();
  await expect(dialog.getByLabel(/^IČO/)).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel(/^IČO/).fill('253 01 233');
  await dialog.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(kamenice).toContainText('IČO 25301233');
  await expect(kamenice).toContainText('DIČ CZ25301233');
  await expect(kamenice).toContainText('plátce DPH');
  await expect(kamenice).toContainText('Pilařská 12, 394 70 Kamenice nad Lipou · +420 603 791 074');
});
