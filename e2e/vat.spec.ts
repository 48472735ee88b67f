import { call, choose, signIn, startInCzech } from './helpers';
import { expect, type Page, test } from './test';

// Decision 0038: VAT rates by country and date, and the recap per rate on the order page.
test.beforeEach(({ page }) => startInCzech(page));

const vatOptions = async (page: Page) => {
  const box = page.getByRole('combobox', { name: 'DPH', exact: true });
  await box.click();
  const options = await page.getByRole('listbox').getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
};

test('the price form offers the rates valid on "Platí od" for the currency; the server refuses others', async ({
  page,
}) => {
  await signIn(page, 'owner');
  const products = await call(page, 'GET', '/products?name=Buk%20%C5%A1t%C3%ADpan%C3%BD%20sypan%C3%A9%2033');
  const product = products.json.items[0] as { id: number };
  await page.goto(`/product/change-price/${product.id}`);
  await choose(page, 'Sklad', 'Sklad Jihlava');
  // Today is after 2023: Czechia 21 %, 12 % (15 % and 10 % ended on 31 December 2023), 0 %.
  expect(await vatOptions(page)).toEqual(['21 %', '12 %', '0 %']);
  await expect(page.getByText('Sazby platné v den „Platí od“ (Česko)')).toBeVisible();
  await page.getByText('EUR', { exact: true }).first().click();
  expect(await vatOptions(page)).toEqual(['20 %', '13 %', '10 %', '0 %']);
  await expect(page.getByText('Sazby platné v den „Platí od“ (Rakousko)')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('vat-price-form-desk-cs.png') });

  // The form never offers a past day; the server refuses a rate of another time or country.
  const warehouses = await call(page, 'GET', '/warehouses?per_page=100');
  const jihlava = warehouses.json.items.find((w: { name: string }) => w.name === 'Sklad Jihlava').id;
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(
    new Date(Date.now() + 36 * 3600 * 1000),
  );
  const change = (currency: string, vat: number) =>
    call(page, 'PUT', `/product/${product.id}/change_price`, {
      product_id: product.id,
      warehouse: jihlava,
      currency,
      price: 2190,
      vat,
      from_date: tomorrow,
    });
  for (const [currency, vat] of [
    ['CZK', 15],
    ['CZK', 10],
    ['EUR', 21],
  ] as const) {
    const answer = await change(currency, vat);
    expect(answer.status, `${currency} ${vat}`).toBe(400);
    expect(answer.json.error_code).toBe(127);
  }
});

test('the order page shows the VAT recap per rate and, for CZK cash, the rounding and the amount to pay', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'dispatcher');
  // A demo CZK cash order, preferably with more than one rate (the supplementary goods are at 12 %).
  const list = await call(page, 'GET', '/orders?state=not_done&per_page=20');
  type Recap = { rate: number; base: number; vat: number; total: number };
  type Detail = {
    id: number;
    currency: string;
    pay_by_cash: boolean;
    price_with_vat: number;
    total_price: number;
    amount_to_pay: number;
    cash_rounding: number;
    vat_recap: Recap[];
  };
  let chosen: Detail | undefined;
  for (const item of list.json.items as { id: number; currency: string; pay_by_cash: boolean }[]) {
    if (item.currency !== 'CZK' || !item.pay_by_cash) continue;
    const detail = (await call(page, 'GET', `/order/${item.id}`)).json.item as Detail;
    if (!chosen || detail.vat_recap.length > chosen.vat_recap.length) chosen = detail;
    if (chosen.vat_recap.length > 1 && chosen.cash_rounding !== 0) break;
  }
  expect(chosen).toBeDefined();
  const order = chosen!;
  // The recap adds up to the order's totals to the haléř.
  const sum = (pick: (r: Recap) => number) =>
    order.vat_recap.reduce((s, r) => s + Math.round(pick(r) * 100), 0);
  expect(sum((r) => r.total)).toBe(Math.round(order.price_with_vat * 100));
  expect(sum((r) => r.base)).toBe(Math.round(order.total_price * 100));
  expect(order.amount_to_pay).toBe(Math.round(order.price_with_vat));

  await page.goto(`/order/${order.id}`);
  const recap = page.getByTestId('vat-recap');
  await expect(recap.getByRole('heading', { name: 'Rekapitulace DPH' })).toBeVisible();
  for (const row of order.vat_recap) {
    await expect(recap.getByTestId(`recap-${row.rate}`)).toContainText(`${row.rate} %`);
  }
  await expect(recap.getByTestId('recap-rounding')).toContainText('Zaokrouhlení');
  const whole = new Intl.NumberFormat('cs-CZ', { minimumFractionDigits: 2 }).format(order.amount_to_pay);
  await expect(recap.getByTestId('recap-to-pay')).toContainText('K úhradě hotově');
  await expect(recap.getByTestId('recap-to-pay')).toContainText(new RegExp(whole.replace(/\s/g, '\\s')));
  const shot = (name: string) =>
    page.screenshot({ path: test.info().outputPath(`vat-recap-${name}.png`), fullPage: true });
  await shot('desk-cs');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('phone-cs');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await expect(recap.getByRole('heading', { name: 'VAT summary' })).toBeVisible();
  await expect(recap.getByTestId('recap-to-pay')).toContainText('To pay in cash');
  await shot('phone-en');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot('desk-en');
});
