import { seriousFindings, signIn, smallTargets, startInCzech } from './helpers';
import { mainPages, openPage, scannedPages } from './main-pages';
import { expect, type Page, test } from './test';

/** A phone held upright (decision 0032). */
const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

test.beforeEach(async ({ page }) => {
  await startInCzech(page);
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function switchLanguage(page: Page, lang: 'cs' | 'en') {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
}

test('every main page fits a phone: no page-wide sideways scroll, a list starts on the first screen, 44 px buttons, no serious axe finding', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath('phone', `${name}.png`) });
  await page.goto('/');
  await expect(page.getByLabel(/^Uživatelské jméno/)).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  expect.soft(await seriousFindings(page), 'login').toEqual([]);
  await shot('login');
  await signIn(page, 'owner');
  for (const target of await mainPages(page)) {
    await test.step(target.name, async () => {
      await openPage(page, target);
      expect.soft(await pageWidth(page), `${target.name} scrolls sideways`).toBeLessThanOrEqual(phone.width);
      if (target.firstRow) {
        const box = await target.firstRow(page).boundingBox();
        expect
          .soft(box?.y ?? Number.POSITIVE_INFINITY, `${target.name}: first row below the screen`)
          .toBeLessThan(phone.height);
      }
      // Decision 0082: every button is at least 44 × 44 px, the compact ones and the icon buttons
      // too. Not yet a number field's steppers (the field itself is 44 px and takes typing), nor a
      // short order's card in the day's time grid, whose height is its duration.
      expect
        .soft(
          await smallTargets(
            page,
            'main',
            '.mantine-Button-root, .mantine-ActionIcon-root:not(.mantine-Input-section *)',
          ),
          `${target.name}: buttons under 44 px`,
        )
        .toEqual([]);
      // Decision 0032's scan on a phone, of the page as loaded here (a11y.spec.ts scans at a desk).
      if (scannedPages.has(target.name)) expect.soft(await seriousFindings(page), target.name).toEqual([]);
      await shot(target.name);
    });
  }
  // The pages with the most text in English too: their words must fit, and pass the axe scan.
  await switchLanguage(page, 'en');
  for (const target of (await mainPages(page)).filter((p) =>
    ['dashboard', 'orders', 'order', 'products', 'overviews'].includes(p.name),
  )) {
    await openPage(page, target);
    expect
      .soft(await pageWidth(page), `${target.name} (en) scrolls sideways`)
      .toBeLessThanOrEqual(phone.width);
    expect.soft(await seriousFindings(page), `${target.name} (en)`).toEqual([]);
    await shot(`${target.name}-en`);
  }
});

test('on a phone the order filters sit in a drawer that counts the filters set', async ({ page }) => {
  await signIn(page, 'dispatcher', { path: '/orders' });
  await expect(page.getByLabel('Jméno nebo organizace')).toBeHidden();
  const open = page.getByRole('button', { name: /^Filtry \(\d+\)$/ });
  const before = Number((await open.textContent())?.match(/\d+/)?.[0]);
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Filtry' });
  await drawer.getByLabel('Jméno nebo organizace').fill('Nov');
  await drawer.getByRole('button', { name: 'Zobrazit výsledky' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: `Filtry (${before + 1})` })).toBeVisible();
  // The first row still shows on the first screen, once the filtered page has come. A retrying
  // assertion: boundingBox() does not wait, and read while the list reloaded it found no row
  // (once on CI: Infinity, passed on retry).
  await expect(page.getByTestId('order-card').first()).toBeInViewport();
  await page.getByRole('button', { name: `Filtry (${before + 1})` }).click();
  await drawer.getByRole('button', { name: 'Zrušit filtry' }).click();
  await drawer.getByRole('button', { name: 'Zobrazit výsledky' }).click();
  await expect(page.getByRole('button', { name: `Filtry (${before})` })).toBeVisible();
});

test('on a phone a dialog fills the screen and the calendar comes before its settings', async ({ page }) => {
  await signIn(page, 'dispatcher');
  // A phone shows one day, a column per driver (decision 0026): the week would not fit.
  const calendar = page.getByTestId('driver-day');
  await expect(calendar).toBeVisible();
  expect((await calendar.boundingBox())?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(phone.height / 2);
  // The month picker is folded away until asked for.
  await expect(page.getByRole('button', { name: 'Následující měsíc' })).toBeHidden();
  await page.getByRole('button', { name: 'Den, sklady a nastavení' }).click();
  await expect(page.getByRole('button', { name: 'Následující měsíc' })).toBeVisible();

  await page.goto('/orders');
  await page.getByRole('button', { name: /^Dodací listy/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box).toMatchObject({ x: 0, width: phone.width });
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
});

test('the phone menu names the vacation group above its two pages', async ({ page }) => {
  await signIn(page, 'dispatcher');
  await page.getByRole('button', { name: 'Menu' }).click();
  const group = page.getByRole('group', { name: 'Dovolené' });
  await expect(group).toBeVisible();
  await group.getByRole('link', { name: 'Dovolené řidičů' }).click();
  await expect(page).toHaveURL(/\/user-vacations$/);
});

test('the login page on a phone: every target is at least 44 × 44 px, the button on the first screen', async ({
  page,
}) => {
  await page.goto('/');
  const send = page.getByRole('button', { name: 'Přihlásit se' });
  await expect(send).toBeVisible();
  // Once React has taken the drawn page over (decision 0095), the same sizes hold.
  await page.getByLabel(/^Uživatelské jméno/).fill('driver');
  expect(await smallTargets(page, 'main, #root')).toEqual([]);
  const box = (await send.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
});
