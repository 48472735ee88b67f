import fs from 'node:fs';
import { choose, signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

test.beforeEach(({ page }) => startInCzech(page));

type Line = { amount: number; product: { product: { id: number } } };
type OrderAnswer = { item: { id: number; intern_id: number; warehouse: { id: number }; products: Line[] } };
type StockAnswer = { items: { product: { id: number }; amount: number }[] };

/** A GET of the API from inside the page, with its session cookie. */
const getJson = <T>(page: Page, path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }, `/api${path}`) as Promise<T>;

async function stockOf(page: Page, warehouseId: number): Promise<Map<number, number>> {
  const stock = await getJson<StockAnswer>(page, `/warehouse/${warehouseId}/product_stock?per_page=1000`);
  return new Map(stock.items.map((s) => [s.product.id, s.amount]));
}

const rows = (page: Page) => page.locator('tbody tr');
const confirmIn = async (page: Page, label: string) => {
  const dialog = page.getByRole('dialog', { name: 'Potvrzení' });
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toBeHidden();
};

/** Filters the list to open orders of Jihlava and opens the first one's detail; answers its id. */
async function openAnOpenOrder(page: Page): Promise<number> {
  await page.goto('/orders');
  // The first open order of Jihlava, as the server lists it with the same filters.
  const own = await getJson<{ items: { id: number; name: string }[] }>(page, '/warehouses/own');
  const jihlava = own.items.find((w) => w.name === 'Sklad Jihlava')!.id;
  const open = await getJson<{ items: { intern_id: number }[] }>(
    page,
    `/orders?state=not_done&warehouse=${jihlava}&per_page=10&current_page=1`,
  );
  const number = String(open.items[0]!.intern_id);
  expect(number).toMatch(/^\d{10}$/);
  await choose(page, 'Stav', 'Nedokončené');
  await choose(page, 'Sklad', 'Sklad Jihlava');
  await page.getByLabel('Číslo objednávky').fill(number);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByText('1 záznam', { exact: true })).toBeVisible();
  await rows(page)
    .getByRole('link', { name: `Detail objednávky ${number}` })
    .click();
  await expect(page.getByRole('heading', { name: `Objednávka ${number}` })).toBeVisible();
  return Number(page.url().split('/').at(-1));
}

test('a dispatcher filters the list, marks an order done (its stock falls), then cancels and restores it', async ({
  page,
}) => {
  await signIn(page, 'dispatcher');
  const id = await openAnOpenOrder(page);
  const { item } = await getJson<OrderAnswer>(page, `/order/${id}`);
  expect(item.products.length).toBeGreaterThan(0);
  const before = await stockOf(page, item.warehouse.id);

  await expect(page.getByText('Dokončeno: Ne')).toBeVisible();
  await page.getByRole('button', { name: 'Dokončit', exact: true }).click();
  await confirmIn(page, 'Dokončit');
  await expect(page.getByText('Dokončeno: Ano')).toBeVisible();
  await expect(page.getByText('Připraveno: Ano')).toBeVisible();
  const afterDone = await stockOf(page, item.warehouse.id);
  const taken = new Map<number, number>();
  for (const line of item.products) {
    const productId = line.product.product.id;
    taken.set(productId, (taken.get(productId) ?? 0) + line.amount);
  }
  for (const [productId, amount] of taken) {
    expect(afterDone.get(productId)).toBeCloseTo((before.get(productId) ?? 0) - amount, 2);
  }

  // Cancelling a done order puts its goods back; restoring gives an open order.
  await page.getByRole('button', { name: 'Zrušit objednávku', exact: true }).click();
  await confirmIn(page, 'Zrušit objednávku');
  await expect(page.getByText('Zrušená', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dokončit', exact: true })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Upravit' })).toBeHidden();
  const afterCancel = await stockOf(page, item.warehouse.id);
  for (const productId of taken.keys()) {
    expect(afterCancel.get(productId)).toBeCloseTo(before.get(productId) ?? 0, 2);
  }
  await page.getByRole('button', { name: 'Obnovit', exact: true }).click();
  await expect(page.getByText('Zrušená', { exact: true })).toBeHidden();
  await expect(page.getByText('Dokončeno: Ne')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dokončit', exact: true })).toBeVisible();

  // The list remembers its filters when the user comes back, and one button clears them.
  await page.getByRole('link', { name: '← Zpět na objednávky' }).click();
  await expect(page.getByLabel('Číslo objednávky')).toHaveValue(String(item.intern_id));
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Zrušit filtry' }).click();
  await expect(page.getByLabel('Číslo objednávky')).toHaveValue('');
  await expect(page.getByText(/^\d+ záznamů$/)).toBeVisible();
});

test('cancel and restore from the list row', async ({ page }) => {
  await signIn(page, 'dispatcher', { path: '/orders' });
  const open = await getJson<{ items: { intern_id: number }[] }>(page, '/orders?state=not_done&per_page=10');
  const number = String(open.items[0]!.intern_id);
  await choose(page, 'Stav', 'Nedokončené');
  await page.getByLabel('Číslo objednávky').fill(number);
  await expect(rows(page)).toHaveCount(1);
  await rows(page)
    .getByRole('button', { name: `Zrušit objednávku ${number}` })
    .click();
  await confirmIn(page, 'Zrušit objednávku');
  // Cancelled: no longer among the not-done ones.
  await expect(page.getByText('Žádné záznamy')).toBeVisible();
  await choose(page, 'Stav', 'Zrušené');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Zrušená');
  await expect(rows(page).getByRole('link', { name: `Upravit objednávku ${number}` })).toBeHidden();
  await rows(page)
    .getByRole('button', { name: `Obnovit objednávku ${number}` })
    .click();
  await expect(page.getByText('Žádné záznamy')).toBeVisible();
  await choose(page, 'Stav', 'Všechny');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).not.toContainText('Zrušená');
});

test('delivery notes download as PDF, one from the detail and several from the list; the QR modal shows the code', async ({
  page,
}) => {
  await signIn(page, 'dispatcher');
  await openAnOpenOrder(page);

  await page.getByRole('button', { name: 'QR platba' }).click();
  const qr = page.getByRole('dialog', { name: 'QR platba' });
  await choose(page, 'Dodavatel', 'Letokruh s.r.o.');
  const image = qr.getByRole('img', { name: /^QR kód platby objednávky/ });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(image).toHaveAttribute('width', '350');
  await expect(qr.getByText(/Kč$/).first()).toBeVisible();
  await qr.getByRole('button', { name: 'Zavřít', exact: true }).click();
  await expect(qr).toBeHidden();

  await page.getByRole('button', { name: 'Dodací list', exact: true }).click();
  const note = page.getByRole('dialog', { name: 'Dodací list' });
  await choose(page, 'Dodavatel', 'Letokruh s.r.o.');
  await choose(page, 'Jazyk', 'Němčina');
  const single = page.waitForEvent('download');
  await note.getByRole('button', { name: 'Stáhnout' }).click();
  expect((await single).suggestedFilename()).toMatch(/^\d{10}\.pdf$/);
  const singleFile = await (await single).path();
  expect(fs.readFileSync(singleFile).subarray(0, 4).toString()).toBe('%PDF');
  await expect(note).toBeHidden();

  await page.goto('/orders');
  await page.getByRole('button', { name: 'Zrušit filtry' }).click();
  await expect(page.getByText(/^\d+ záznamů$/)).toBeVisible();
  await page
    .getByRole('checkbox', { name: /^Vybrat objednávku/ })
    .nth(0)
    .check();
  await page
    .getByRole('checkbox', { name: /^Vybrat objednávku/ })
    .nth(1)
    .check();
  await page.getByRole('button', { name: 'Dodací listy (2)' }).click();
  const notes = page.getByRole('dialog', { name: 'Dodací listy vybraných objednávek' });
  await expect(notes).toContainText('Vybrány 2 objednávky.');
  await notes.getByRole('button', { name: 'Stáhnout' }).click();
  await expect(notes.getByRole('alert')).toHaveText('Vyberte prosím dodavatele.');
  await choose(page, 'Dodavatel', 'Letokruh s.r.o.');
  const merged = page.waitForEvent('download');
  await notes.getByRole('button', { name: 'Stáhnout' }).click();
  expect((await merged).suggestedFilename()).toMatch(/^dodaci-listy-\d{4}-\d{2}-\d{2}\.pdf$/);
  const mergedFile = await (await merged).path();
  expect(fs.readFileSync(mergedFile).subarray(0, 4).toString()).toBe('%PDF');
  // Downloaded: the selection starts again.
  await expect(page.getByRole('button', { name: 'Dodací listy (0)' })).toBeVisible();
});

test('a dispatcher sorts the list by a header both ways; reload and Back keep the sort and the page', async ({
  page,
}) => {
  await signIn(page, 'dispatcher', { path: '/orders' });
  const numbers = () =>
    rows(page)
      .getByRole('link', { name: /^\d{10}$/ })
      .allTextContents();
  /** The numbers the server lists for a sort and page, asked the way an API client would. */
  const listed = async (query: string) =>
    (await getJson<{ items: { intern_id: number }[] }>(page, `/orders?per_page=10&${query}`)).items.map((o) =>
      String(o.intern_id),
    );
  const customer = page.getByRole('columnheader', { name: 'Zákazník' });
  await expect(page.getByRole('columnheader', { name: 'Očekávané doručení' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect.poll(numbers).toEqual(await listed('current_page=1'));
  const byDelivery = await numbers();

  await customer.getByRole('button').click();
  await expect(customer).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/\/orders\?sort=customer$/);
  const ascending = await listed('sort=customer&current_page=1');
  expect(ascending).not.toEqual(byDelivery);
  await expect.poll(numbers).toEqual(ascending);

  await customer.getByRole('button').click();
  await expect(customer).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/\/orders\?sort=customer&direction=desc$/);
  const descending = await listed('sort=customer&direction=desc&current_page=1');
  expect(descending).not.toEqual(ascending);
  await expect.poll(numbers).toEqual(descending);

  // The next page is asked after the last row of this one (keyset): the same rows as by offset.
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(numbers).toEqual(await listed('sort=customer&direction=desc&current_page=2'));

  await page.reload();
  await expect(customer).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(numbers).toEqual(await listed('sort=customer&direction=desc&current_page=2'));

  await page.goBack();
  await expect(page).toHaveURL(/\/orders\?sort=customer&direction=desc$/);
  await expect.poll(numbers).toEqual(descending);
  await page.goBack();
  await expect(customer).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(numbers).toEqual(ascending);
});

test('a dispatcher sorts the list by total, largest first, then smallest first, page 2 by keyset', async ({
  page,
}) => {
  await signIn(page, 'dispatcher', { path: '/orders' });
  const numbers = () =>
    rows(page)
      .getByRole('link', { name: /^\d{10}$/ })
      .allTextContents();
  type Listed = { intern_id: number; price_with_vat: number };
  const listed = async (query: string) =>
    (await getJson<{ items: Listed[] }>(page, `/orders?per_page=10&${query}`)).items;
  const total = page.getByRole('columnheader', { name: 'Celkem' });
  await expect(total).toHaveAttribute('aria-sort', 'none');

  await total.getByRole('button').click();
  await expect(total).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/\/orders\?sort=total$/);
  const largest = await listed('sort=total&current_page=1');
  const sums = largest.map((o) => o.price_with_vat);
  expect(sums).toEqual([...sums].sort((a, b) => b - a));
  expect(sums[0]).toBeGreaterThan(sums.at(-1) as number);
  await expect.poll(numbers).toEqual(largest.map((o) => String(o.intern_id)));
  // The row shows the total it is sorted by (Czech: "16 008,00 Kč"), the detail's price with VAT.
  const first = largest[0] as Listed;
  const shown = (await rows(page).first().textContent())?.replace(/\s/g, '');
  expect(shown).toContain(first.price_with_vat.toFixed(2).replace('.', ','));

  await total.getByRole('button').click();
  await expect(total).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/\/orders\?sort=total&direction=asc$/);
  const smallest = await listed('sort=total&direction=asc&current_page=1');
  expect(smallest.map((o) => o.price_with_vat)).toEqual(
    smallest.map((o) => o.price_with_vat).sort((a, b) => a - b),
  );
  await expect.poll(numbers).toEqual(smallest.map((o) => String(o.intern_id)));

  // The next page starts after this page's last row (keyset): the same rows as by offset.
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  const second = await listed('sort=total&direction=asc&current_page=2');
  expect(second[0]!.price_with_vat).toBeGreaterThanOrEqual(smallest.at(-1)!.price_with_vat);
  await expect.poll(numbers).toEqual(second.map((o) => String(o.intern_id)));
});
