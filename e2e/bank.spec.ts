import { gpcFile } from '../server/src/test/bank-statements';
import { signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

/**
 * domain.md §2.12: a dispatcher uploads the Letokruh account's GPC statement on "Platby z banky";
 * two transfer orders whose VS and amount match turn paid, an underpaid one waits under "to
 * check", and the dispatcher assigns it to its order.
 */
type ListItem = {
  id: number;
  intern_id: number;
  draft: boolean;
  hidden: boolean;
  payment_type: string;
  collected_revenue_at: string | null;
  price_with_vat: number;
  currency: string | null;
};

const getJson = (page: Page, url: string) =>
  page.evaluate(async (u) => (await fetch(u)).json(), url) as Promise<Record<string, unknown>>;

/** Three open CZK transfer orders of the demo data that name the Letokruh account. */
async function openTransferOrders(page: Page): Promise<ListItem[]> {
  const { items } = (await getJson(page, '/api/orders?per_page=1000')) as { items: ListItem[] };
  const open = items.filter(
    (o) =>
      o.payment_type === 'qr_transfer' &&
      !o.hidden &&
      !o.draft &&
      o.collected_revenue_at === null &&
      o.currency === 'CZK' &&
      o.price_with_vat > 0,
  );
  const picked: ListItem[] = [];
  for (const o of open) {
    const { item } = (await getJson(page, `/api/order/${o.id}`)) as {
      item: { default_supplier: { bank_account: string } | null };
    };
    if (item.default_supplier?.bank_account === '2718340003') picked.push(o);
    if (picked.length === 3) break;
  }
  expect(picked).toHaveLength(3);
  return picked;
}

const minor = (amount: number) => Math.round(amount * 100);
const paidAt = async (page: Page, id: number) =>
  ((await getJson(page, `/api/order/${id}`)) as { item: { collected_revenue_at: string | null } }).item
    .collected_revenue_at;

test('a GPC statement pays two orders; the third waits to be checked and is assigned', async ({ page }) => {
  test.setTimeout(60_000);
  await startInCzech(page);
  await signIn(page, 'dispatcher');
  const [first, second, third] = await openTransferOrders(page);
  const day = '2026-11-27';
  const file = gpcFile({
    account: '2718340003',
    bankCode: '0100',
    currency: 'CZK',
    transactions: [
      { ref: '8100001', amountMinor: minor(first!.price_with_vat), day, vs: String(first!.intern_id) },
      { ref: '8100002', amountMinor: minor(second!.price_with_vat), day, vs: String(second!.intern_id) },
      { ref: '8100003', amountMinor: minor(third!.price_with_vat) - 5000, day, vs: String(third!.intern_id) },
    ],
  });

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Platby z banky' }).click();
  await expect(page.getByRole('heading', { name: 'Platby z banky' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Nahrát výpis/ }).click();
  await (await chooser).setFiles({ name: 'vypis.gpc', mimeType: 'application/octet-stream', buffer: file });
  await expect(page.getByRole('status')).toContainText('zaplaceno 2, ke kontrole 1');

  expect(await paidAt(page, first!.id)).toBe('2026-11-26T23:00:00.000Z');
  expect(await paidAt(page, second!.id)).toBe('2026-11-26T23:00:00.000Z');
  expect(await paidAt(page, third!.id)).toBeNull();

  const row = page.getByRole('row').filter({ hasText: String(third!.intern_id) });
  await expect(row).toContainText('Ke kontrole');
  await expect(row).toContainText('nedoplatek');
  await row.getByRole('button', { name: 'Přiřadit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Přiřadit platbu k objednávce' });
  await expect(dialog.getByLabel('Číslo objednávky (VS)')).toHaveValue(String(third!.intern_id));
  await dialog.getByRole('button', { name: 'Uložit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: String(third!.intern_id) })).toHaveCount(0);
  await expect.poll(() => paidAt(page, third!.id)).toBe('2026-11-26T23:00:00.000Z');
});
