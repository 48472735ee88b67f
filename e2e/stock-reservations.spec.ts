import { formatPhone } from '@letokruh/contracts/rules/format';
import { call, signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

// Decision 0064: reserved and available stock on the warehouse page; an order asking for more than is
// available warns on its items step and saves with a reason, which the audit log keeps.
test.beforeEach(({ page }) => startInCzech(page));

type Customer = { id: number; phone: string; whole_phone: string };

/** A demo customer whose phone finds only them. */
async function uniqueCustomer(page: Page): Promise<Customer> {
  const { json } = await call(page, 'GET', '/customers?per_page=50');
  for (const customer of (json.items as Customer[]).slice(30)) {
    const found = await call(page, 'GET', `/api/get-customers/phone?phone=${customer.phone}`);
    if ((found.json.data as unknown[]).length === 1) return customer;
  }
  throw new Error('no demo customer with a unique phone');
}

test('the warehouse shows reserved and available stock; a short order saves with a reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner');
  const warehouses = await call(page, 'GET', '/warehouses?per_page=100');
  const jihlava = warehouses.json.items.find((w: { name: string }) => w.name === 'Sklad Jihlava')
    .id as number;
  // A product of its own, 2 PRMS on hand in Jihlava, on offer there.
  const name = `Jasan štípaný ${Math.random().toString(36).slice(2, 7)} 33 cm`;
  const added = await call(page, 'POST', '/product/add', {
    name,
    shorten_name: 'JAS',
    type: 'Tvrdé',
    length: 33,
    measurement_unit: 'PRMS',
    priceForm: [{ currency: 'CZK', price: 1500, vat: 21 }],
  });
  expect(added.status).toBe(201);
  const productId = added.json.item.id as number;
  expect(
    (await call(page, 'POST', `/warehouse/${jihlava}/add_product`, { product_id: productId })).status,
  ).toBe(201);
  expect((await call(page, 'PUT', `/update_stock/${jihlava}/${productId}`, { amount: 2 })).status).toBe(200);

  // The warehouse's stock table has the new columns.
  await page.goto(`/warehouse/${jihlava}`);
  const stock = page.getByRole('table').first();
  for (const header of ['Skladem', 'Rezervováno', 'Volné'])
    await expect(stock.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await expect(stock.getByRole('columnheader', { name: /^Výhled k / })).toBeVisible();

  // An order of 5 of it: the items step names the product short, and saves once a reason is given.
  const customer = await uniqueCustomer(page);
  const order = await call(page, 'GET', '/order/add');
  const id = order.json.id as number;
  await page.goto(`/order/${id}/customer`);
  await page
    .getByRole('region', { name: 'Vyhledat zákazníka' })
    .getByRole('textbox', { name: 'Telefon' })
    .fill(customer.phone);
  await expect(page.getByText(formatPhone(customer.whole_phone)).last()).toBeVisible();
  await page.getByRole('button', { name: 'Pokračovat', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/items$`));
  await page.getByRole('radio', { name: 'Sklad Jihlava' }).click();
  await page.getByText('CZK', { exact: true }).click();
  await page.getByRole('radio', { name }).click();
  const count = page.getByLabel('Množství k přidání');
  await count.fill('5');
  await count.press('Enter');
  await page.getByRole('button', { name: 'Pokračovat', exact: true }).click();

  const warning = page.getByTestId('short-stock');
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('listitem')).toHaveText(`${name}: volné 2 PRMS, žádáno 5 PRMS`);
  // A question, not a stale copy: no reload is offered.
  await expect(page.getByText('Objednávku mezitím změnil někdo jiný')).toHaveCount(0);
  await warning.getByRole('button', { name: 'Přesto uložit' }).click();
  await expect(warning.getByText('Napište důvod.')).toBeVisible();
  await warning.getByLabel('Důvod uložení i přes nedostatek').fill('Jasan dovezeme z Třebíče ve středu');
  await warning.getByRole('button', { name: 'Přesto uložit' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${id}/intern$`));

  const audit = await call(page, 'GET', `/audit_log?entity=order&entity_id=${id}&per_page=100`);
  const override = (audit.json.items as { action: string; details: { reason?: string } }[]).find(
    (i) => i.action === 'short_stock_override',
  );
  expect(override?.details.reason).toBe('Jasan dovezeme z Třebíče ve středu');

  // Saved (its intern step), the order reserves its 5: 3 more promised than on hand.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(
    new Date(Date.now() + 3 * 86_400_000),
  );
  const intern = await call(page, 'POST', `/order/${id}/intern`, {
    payment_type: 'cash',
    expected_delivery_duration: 60,
    expected_delivery_date: day,
    expected_delivery_time: '06:00',
    driver_id: null,
    confirm_overlap: true,
  });
  expect(intern.status).toBe(200);
  await page.goto(`/warehouse/${jihlava}`);
  await page.getByRole('textbox', { name: 'Produkt' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(2)).toHaveText('2 PRMS');
  await expect(row.getByRole('cell').nth(3)).toHaveText('5 PRMS');
  await expect(row.locator('[data-short]').first()).toContainText(/[−-]3 PRMS/);
  // Projected for today: the order is due in three days, so nothing is taken yet.
  await expect(row.getByRole('cell').nth(5)).toHaveText('2 PRMS');
});
