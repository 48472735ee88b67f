import { seriousFindings, signIn, startInCzech } from './helpers';
import { mainPages, openPage, scannedPages } from './main-pages';
import { expect, test } from './test';

/**
 * Decision 0032: every main page meets WCAG 2.1 AA as axe-core checks it — no serious or critical
 * finding — at a desk and on a phone, in Czech (the longer words) and in English. On a phone, and
 * in English, the pages are scanned by the phone walk (phone.spec.ts), which loads each of them
 * anyway.
 */
test.use({ viewport: { width: 1366, height: 900 } });

test('the main pages have no serious or critical axe finding (desk)', async ({ page }) => {
  test.setTimeout(240_000);
  await startInCzech(page);
  await page.goto('/');
  await expect(page.getByLabel(/^Uživatelské jméno/)).toBeVisible();
  expect.soft(await seriousFindings(page), 'login').toEqual([]);
  await signIn(page, 'owner');
  for (const target of await mainPages(page)) {
    if (!scannedPages.has(target.name)) continue;
    await test.step(target.name, async () => {
      await openPage(page, target, { withinApp: true });
      expect.soft(await seriousFindings(page), target.name).toEqual([]);
    });
  }
});
