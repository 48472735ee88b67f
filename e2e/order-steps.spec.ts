import { formatPhone } from '@letokruh/contracts/rules/format';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { choose, continueFromItems, signIn } from './helpers';
import { expect, type Page, test } from './test';

/** Texts as a user reads them (Intl writes no-break spaces into "4 301,50 Kč"). */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();

type Customer = { id: number; name: string; phone: string; whole_phone: string };
type CalendarOrder = {
  id: number;
  intern_id: number;
  expected_delivery_date: string;
  expected_delivery_time: string;
  driver: { id: number; name: string } | null;
  warehouse: { id: number; name: string };
};

/** A demo customer whose phone finds only them. */
async function uniqueCustomer(page: Page): Promise<Customer> {
  const { items } = (await (await page.request.get('/api/customers?per_page=50')).json()) as {
    items: Customer[];
  };
  for (const customer of items.slice(10)) {
    const found = await page.request.get(`/api/api/get-customers/phone?phone=${customer.phone}`);
    if (((await found.json()) as { data: unknown[] }).data.length === 1) return customer;
  }
  throw new Error('no demo customer with a unique phone');
}

/** The Prague day `n` days after today. */
const days = (n: number) => addDays(pragueDay(), n);
const czechDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d}.${m}.${y}`;
};

async function pickTime(page: Page, time: string) {
  await page.getByRole('spinbutton', { name: 'Hodiny' }).click();
  await page.keyboard.type(time.replace(':', ''));
  await page.keyboard.press('Tab');
}

async function findCustomer(page: Page, customer: Customer) {
  const panel = page.getByRole('region', { name: 'Vyhledat zákazníka' });
  await panel.getByRole('textbox', { name: 'Telefon' }).fill(customer.phone);
  // One match is chosen by itself.
  await expect(page.getByText(formatPhone(customer.whole_phone)).last()).toBeVisible();
  await page.getByRole('button', { name: 'Pokračovat', exact: true }).click();
}

test.describe('order steps', () => {
  test('a dispatcher creates an order through the three steps and finds it in the list and the detail', async ({
    page,
  }) => {
    await signIn(page, 'dispatcher', { path: null });
    const customer = await uniqueCustomer(page);

    await page.goto('/orders');
    await page.getByRole('button', { name: 'Přidat objednávku' }).first().click();
    await expect(page).toHaveURL(/\/order\/\d+\/customer$/);
    const id = Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);
    await expect(page.getByRole('navigation', { name: 'Kroky objednávky' })).toBeVisible();

    await findCustomer(page, customer);
    await expect(page).toHaveURL(new RegExp(`/order/${id}/items$`));

    await page.getByRole('radio', { name: 'Sklad Jihlava' }).click();
    await expect(page.getByRole('button', { name: 'Pokračovat', exact: true })).toHaveCount(0);
    await page.getByText('CZK', { exact: true }).click();
    const count = page.getByLabel('Množství k přidání');
    await page.getByRole('radio', { name: 'Borovice štípaná sypané 33 cm' }).click();
    await count.fill('2');
    await count.press('Enter');
    await page.getByRole('radio', { name: 'Smrk štípaný sypané 25 cm' }).click();
    await count.fill('1');
    await page.getByRole('button', { name: 'Přidat', exact: true }).click();
    // Adding a product already on the order raises its amount.
    await page.getByRole('radio', { name: 'Borovice štípaná sypané 33 cm' }).click();
    await count.fill('1');
    await count.press('Enter');
    const pine = page.getByRole('group', { name: 'Borovice štípaná sypané 33 cm' });
    await expect(pine.getByLabel('Množství')).toHaveValue('3');

    // 3 × 1 250 + 1 × 1 290 of the demo price list.
    await expect(page.getByTestId('total-products')).toHaveText(/5\s040,00\sKč/);
    const totalWithVat = plain(await page.getByTestId('total-with-vat').textContent());
    const totalNet = plain(await page.getByTestId('total-net').textContent());
    await continueFromItems(page);
    await expect(page).toHaveURL(new RegExp(`/order/${id}/intern$`));

    await choose(page, 'Řidič', 'Josef Černý');
    // Beyond the demo orders (three weeks ahead) and late: no clash.
    const day = days(40);
    await page.getByLabel('Datum doručení').fill(czechDay(day));
    await page.keyboard.press('Tab');
    await pickTime(page, '19:45');
    await expect(page.getByTestId('day-calendar')).toContainText('tato objednávka');
    await page.getByRole('button', { name: 'Uložit a zobrazit detail' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${id}$`));

    const saved = (await (await page.request.get(`/api/order/${id}`)).json()).item;
    expect(saved.driver.name).toBe('Josef Černý');
    expect(saved.expected_delivery_date).toBe(day);
    expect(saved.expected_delivery_time).toBe('19:45');
    expect(saved.products.map((l: { amount: number }) => l.amount)).toEqual([3, 1]);
    // What the side panel showed while typing is what the server saved and the detail shows.
    const money = (n: number) =>
      plain(new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK' }).format(n));
    expect(money(saved.price_with_vat)).toBe(totalWithVat);
    expect(money(saved.total_price)).toBe(totalNet);
    await expect(page.getByText(totalWithVat.replace(/ /g, '\u00a0')).first()).toBeVisible();

    // The list starts at the deliveries due soonest (decision 0027); sorted by creation it is first.
    await page.goto('/orders');
    await page.getByRole('columnheader', { name: 'Vytvořeno' }).getByRole('button').click();
    await expect(page.getByRole('row', { name: new RegExp(String(saved.intern_id)) })).toBeVisible();
  });

  test('saving at the time of another order of the same driver asks first, and saves once confirmed', async ({
    page,
  }) => {
    await signIn(page, 'dispatcher', { path: null });
    const customer = await uniqueCustomer(page);
    const { items } = (await (await page.request.get('/api/warehouses?per_page=100')).json()) as {
      items: { id: number; name: string }[];
    };
    const jihlava = items.find((w) => w.name === 'Sklad Jihlava')!.id;
    const dates = Array.from({ length: 14 }, (_, i) => days(i + 1));
    const query = `warehouses=${jihlava}&${dates.map((d) => `dates=${d}`).join('&')}`;
    const { data } = (await (await page.request.get(`/api/api/get-orders?${query}`)).json()) as {
      data: CalendarOrder[];
    };
    const other = data.find((o) => o.driver && o.warehouse.id === jihlava);
    expect(other, 'a demo order of a Jihlava driver in the next two weeks').toBeTruthy();

    await page.goto('/orders');
    await page.getByRole('button', { name: 'Přidat objednávku' }).first().click();
    await expect(page).toHaveURL(/\/order\/\d+\/customer$/);
    const id = Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);
    await findCustomer(page, customer);
    await page.getByRole('radio', { name: 'Sklad Jihlava' }).click();
    await page.getByText('CZK', { exact: true }).click();
    await page.getByRole('radio', { name: 'Borovice štípaná sypané 33 cm' }).click();
    await page.getByRole('button', { name: 'Přidat', exact: true }).click();
    await continueFromItems(page);
    await expect(page).toHaveURL(new RegExp(`/order/${id}/intern$`));

    await choose(page, 'Řidič', other!.driver!.name);
    await page.getByLabel('Datum doručení').fill(czechDay(other!.expected_delivery_date));
    await page.keyboard.press('Tab');
    await pickTime(page, other!.expected_delivery_time);
    await page.getByRole('button', { name: 'Uložit a přejít na seznam' }).click();

    const dialog = page.getByRole('dialog', { name: 'Kolize v kalendáři' });
    await expect(dialog).toContainText('Dodávka v tuto dobu narazí na');
    await expect(dialog).toContainText(String(other!.intern_id));
    await expect(dialog).toContainText('Opravdu chcete objednávku uložit?');
    // Going back saves nothing.
    await dialog.getByRole('button', { name: 'Zpět k úpravám' }).click();
    await expect(dialog).toBeHidden();
    expect(
      (await (await page.request.get(`/api/order/${id}`)).json()).item.expected_delivery_date,
    ).toBeNull();

    await page.getByRole('button', { name: 'Uložit a přejít na seznam' }).click();
    await dialog.getByRole('button', { name: 'Přesto uložit' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const saved = (await (await page.request.get(`/api/order/${id}`)).json()).item;
    expect([saved.expected_delivery_date, saved.expected_delivery_time]).toEqual([
      other!.expected_delivery_date,
      other!.expected_delivery_time,
    ]);
  });

  test('step 1: a new customer like an existing one is offered; "Přesto vytvořit nového" creates it', async ({
    page,
  }) => {
    await signIn(page, 'dispatcher', { path: null });
    const customer = await uniqueCustomer(page);
    const detail = (await (await page.request.get(`/api/customer/${customer.id}`)).json()).customer as {
      first_name: string;
      last_name: string;
      address: { town: string };
    };
    const id = ((await (await page.request.get('/api/order/add')).json()) as { id: number }).id;
    await page.goto(`/order/${id}/customer`);
    const form = page.locator('form');
    await form.getByLabel(/^Jméno/).fill(detail.first_name.toUpperCase());
    await form.getByLabel(/^Příjmení/).fill(detail.last_name);
    await form.getByLabel(/^Telefon/).fill('799 000 123');
    await form.getByLabel(/^Adresa/).fill(`Nová 7, ${detail.address.town}`);
    await form.getByLabel(/^Obec/).fill(detail.address.town);
    await form.getByLabel(/^PSČ/).fill('586 01');
    await form.getByLabel(/^Zeměpisná šířka/).fill('49.3961');
    await form.getByLabel(/^Zeměpisná délka/).fill('15.5912');
    await page.getByRole('button', { name: 'Vytvořit zákazníka a pokračovat' }).click();

    const dialog = page.getByRole('dialog', { name: 'Tento zákazník už asi existuje' });
    await expect(dialog.getByTestId('duplicate-match').filter({ hasText: customer.name })).toContainText(
      'stejné jméno a město',
    );
    await dialog.getByRole('button', { name: 'Přesto vytvořit nového' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${id}/items$`));
    const order = (await (await page.request.get(`/api/order/${id}`)).json()).item;
    expect(order.customer.id).not.toBe(customer.id);
    expect(order.customer.whole_phone).toBe('+420799000123');
  });

  test('a stale copy of the order is refused with a reload offered; copy lands on the items step', async ({
    page,
  }) => {
    await signIn(page, 'dispatcher');
    const customer = await uniqueCustomer(page);
    const id = ((await (await page.request.get('/api/order/add')).json()) as { id: number }).id;
    await page.goto(`/order/${id}/customer`);
    await findCustomer(page, customer);
    await expect(page).toHaveURL(new RegExp(`/order/${id}/items$`));
    await page.getByRole('radio', { name: 'Sklad Jihlava' }).click();
    await page.getByText('CZK', { exact: true }).click();

    // Someone else saves the order meanwhile (the customer step again, from another tab).
    const other = await page.context().newPage();
    await other.goto(`/order/${id}/customer`);
    await other.getByRole('button', { name: 'Pokračovat', exact: true }).click();
    await expect(other).toHaveURL(new RegExp(`/order/${id}/items$`));
    await other.getByRole('radio', { name: 'Sklad Třebíč' }).click();
    await other.getByText('EUR', { exact: true }).click();
    await other.getByRole('button', { name: 'Pokračovat', exact: true }).click();
    await expect(other).toHaveURL(new RegExp(`/order/${id}/intern$`));
    await other.close();

    await page.getByRole('button', { name: 'Pokračovat', exact: true }).click();
    await expect(page.getByText('Objednávku mezitím změnil někdo jiný')).toBeVisible();
    const kept = (await (await page.request.get(`/api/order/${id}`)).json()).item;
    expect([kept.warehouse.name, kept.currency]).toEqual(['Sklad Třebíč', 'EUR']);
    await page.getByRole('button', { name: 'Načíst znovu' }).click();
    await expect(page.getByRole('radio', { name: 'Sklad Třebíč' })).toBeChecked();

    await page.goto(`/order/${id}/copy`);
    await expect(page).toHaveURL(/\/order\/\d+\/items$/);
    const copyId = Number(/\/order\/(\d+)\//.exec(page.url())?.[1]);
    expect(copyId).not.toBe(id);
    await expect(page.getByRole('radio', { name: 'Sklad Třebíč' })).toBeChecked();
  });

  test('a warehouse change re-prices after showing old → new; personal collection drops car and transport', async ({
    page,
  }) => {
    await signIn(page, 'dispatcher', { path: null });
    const customer = await uniqueCustomer(page);
    const { items } = (await (await page.request.get('/api/warehouses?per_page=100')).json()) as {
      items: { id: number; name: string }[];
    };
    const brod = items.find((w) => w.name === 'Sklad Havlíčkův Brod')!.id;
    const offer = (await (
      await page.request.get(`/api/available_products?warehouse_id=${brod}&currency=CZK`)
    ).json()) as { products_types: { products: { name: string; pricesWithVat: { amount: number }[] }[] }[] };
    const pineThere = offer.products_types
      .flatMap((g) => g.products)
      .find((p) => p.name === 'Borovice štípaná sypané 33 cm');
    const money = (n: number) =>
      plain(new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK' }).format(n));

    const id = ((await (await page.request.get('/api/order/add')).json()) as { id: number }).id;
    await page.goto(`/order/${id}/customer`);
    await findCustomer(page, customer);
    await page.getByRole('radio', { name: 'Sklad Jihlava' }).click();
    await page.getByText('CZK', { exact: true }).click();
    await page.getByRole('radio', { name: 'Borovice štípaná sypané 33 cm' }).click();
    await page.getByLabel('Množství k přidání').fill('2');
    await page.getByRole('button', { name: 'Přidat', exact: true }).click();
    await expect(page.getByTestId('total-products')).toHaveText(/2\s500,00\sKč/);

    await page.getByRole('radio', { name: 'Sklad Havlíčkův Brod' }).click();
    const dialog = page.getByRole('dialog', { name: 'Změnit sklad a přecenit položky?' });
    const after = pineThere ? 2 * pineThere.pricesWithVat[0]!.amount : 0;
    await expect(dialog).toBeVisible();
    expect(plain(await dialog.textContent())).toContain(`Zboží: ${money(2500)} → ${money(after)}`);
    if (!pineThere) await expect(dialog.getByRole('listitem')).toHaveText('Borovice štípaná sypané 33 cm');
    await dialog.getByRole('button', { name: 'Změnit sklad a přecenit' }).click();
    await expect(page.getByRole('radio', { name: 'Sklad Havlíčkův Brod' })).toBeChecked();
    await expect
      .poll(async () => plain(await page.getByTestId('total-products').textContent()))
      .toBe(money(after));
    // Back to Jihlava for the collection part (its price list again, asked again when lines remain).
    await page.getByRole('radio', { name: 'Sklad Jihlava' }).click();
    if (pineThere) await page.getByRole('button', { name: 'Změnit sklad a přecenit' }).click();
    await expect(page.getByRole('radio', { name: 'Sklad Jihlava' })).toBeChecked();
    if (!pineThere) {
      await page.getByRole('radio', { name: 'Borovice štípaná sypané 33 cm' }).click();
      await page.getByLabel('Množství k přidání').fill('2');
      await page.getByRole('button', { name: 'Přidat', exact: true }).click();
    }
    await continueFromItems(page);
    await expect(page).toHaveURL(new RegExp(`/order/${id}/intern$`));

    await choose(page, 'Řidič', 'Josef Černý');
    await choose(page, 'Auto', /./);
    await choose(page, 'Řidič', 'Osobní odběr');
    await expect(page.getByRole('status')).toContainText('Zákazník si zboží vyzvedne ve skladu');
    await expect(page.getByRole('combobox', { name: 'Auto', exact: true })).toBeDisabled();
    const day = days(42);
    await page.getByLabel('Datum doručení').fill(czechDay(day));
    await page.keyboard.press('Tab');
    await pickTime(page, '19:30');
    await page.getByRole('button', { name: 'Uložit a zobrazit detail' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${id}$`));
    const saved = (await (await page.request.get(`/api/order/${id}`)).json()).item;
    expect([saved.driver, saved.car, saved.delivery_price.price]).toEqual([null, null, 0]);
    expect(saved.price_with_vat).toBe(2500);
    await expect(page.getByText('Osobní odběr').first()).toBeVisible();
  });
});
