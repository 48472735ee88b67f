import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { call, signIn, startInCzech } from './helpers';
import { outboxOf } from './outbox';
import { expect, type Page, test } from './test';

/**
 * Passwords of others (docs/decisions/0089-moving-in-orders-files-and-the-rest.md): the owner
 * e-mails a set-password link, which the user opens and uses in a browser of their own; or the
 * owner types a password, which the user must change at the first sign-in.
 */
test.beforeEach(({ page }) => startInCzech(page));

/** A driver of the owner's making (as the import brings them, the password then is the owner's). */
async function newDriver(page: Page, username: string, first_name: string, last_name: string) {
  const added = await call(page, 'POST', '/user/add', {
    username,
    first_name,
    last_name,
    email: `${username}@example.cz`,
    phone: '',
    functions: ['driver'],
    password: 'neznamo-1234',
  });
  expect(added.status).toBe(201);
  return added.json.item.id as number;
}

async function openUser(page: Page, id: number, name: string) {
  await page.goto(`/user/${id}`);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  return page.getByRole('region', { name: 'Heslo' });
}

/** The set-password link of an e-mail to `to` that this worker's server wrote since `since`. */
async function linkSentTo(to: string, baseURL: string, since: number): Promise<string> {
  const dir = outboxOf(Number(new URL(baseURL).port));
  let link: string | undefined;
  await expect
    .poll(async () => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      for (const file of files) {
        if (fs.statSync(path.join(dir, file)).mtimeMs < since) continue;
        const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
        const address = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
        if (address !== to) continue;
        link = /https?:\/\/\S+\/set-password#[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return link!;
}

test('the owner e-mails a link; the user chooses a password with it and signs in', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'owner');
  const id = await newDriver(page, 'ridic.odkaz', 'Ondřej', 'Odkazový');
  const panel = await openUser(page, id, 'Ondřej Odkazový');
  const since = Date.now() - 1000;
  await panel.getByRole('button', { name: 'Poslat odkaz e-mailem' }).click();
  await expect(panel.getByText(/Odkaz je odeslaný na ridic\.odkaz@example\.cz a platí do/)).toBeVisible();
  const link = new URL(await linkSentTo('ridic.odkaz@example.cz', baseURL!, since));

  const driverContext = await browser.newContext();
  const driver = await driverContext.newPage();
  await startInCzech(driver);
  await driver.goto(`${link.pathname}${link.hash}`);
  await expect(driver.getByRole('heading', { name: 'Nastavení hesla' })).toBeVisible();
  await driver.getByLabel(/^Nové heslo\s*\*?$/).fill('pila-a-seno-7');
  await driver.getByLabel(/^Nové heslo znovu/).fill('pila-a-seno-8');
  await driver.getByRole('button', { name: 'Nastavit heslo' }).click();
  await expect(driver.getByText('Hesla se neshodují.')).toBeVisible();
  await driver.getByLabel(/^Nové heslo znovu/).fill('pila-a-seno-7');
  await driver.getByRole('button', { name: 'Nastavit heslo' }).click();
  await expect(driver.getByText('Heslo je nastavené. Přihlaste se jako ridic.odkaz.')).toBeVisible();
  await driver.getByRole('link', { name: 'Přejít na přihlášení' }).click();
  await driver.getByLabel(/^Uživatelské jméno/).fill('ridic.odkaz');
  await driver.getByLabel(/^Heslo/).fill('pila-a-seno-7');
  await driver.keyboard.press('Enter');
  await expect(driver).toHaveURL(/\/driver$/);

  // Used once: the same link again says it no longer works.
  await driver.goto(`${link.pathname}${link.hash}`);
  await driver.getByLabel(/^Nové heslo\s*\*?$/).fill('jine-heslo-99');
  await driver.getByLabel(/^Nové heslo znovu/).fill('jine-heslo-99');
  await driver.getByRole('button', { name: 'Nastavit heslo' }).click();
  await expect(driver.getByText(/Odkaz už neplatí/)).toBeVisible();
  await driverContext.close();
});

test('the owner types a password; the user must change it at the first sign-in', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner');
  const id = await newDriver(page, 'ridic.heslo', 'Hana', 'Heslová');
  const panel = await openUser(page, id, 'Hana Heslová');
  await panel.getByLabel(/^Nové heslo$/).fill('prvni-heslo-1');
  await panel.getByLabel(/^Nové heslo znovu/).fill('prvni-heslo-1');
  await panel.getByRole('button', { name: 'Nastavit heslo' }).click();
  await expect(page.getByText('Heslo uživatele Hana Heslová je nastavené.', { exact: false })).toBeVisible();

  const context = await browser.newContext();
  const user = await context.newPage();
  await startInCzech(user);
  await user.goto('/');
  await user.getByLabel(/^Uživatelské jméno/).fill('ridic.heslo');
  await user.getByLabel(/^Heslo/).fill('prvni-heslo-1');
  await user.keyboard.press('Enter');
  await expect(user).toHaveURL(/\/account$/);
  await expect(user.getByText('Před pokračováním si prosím nastavte nové heslo.')).toBeVisible();
  await context.close();
});
