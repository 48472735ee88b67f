import { seededRandom } from '@letokruh/contracts/rules/seeded-random';
import { csrfToken, navigation, newDraftOnItems, signIn } from './helpers';
import { expect, type Page, test } from './test';

/**
 * The dispatcher's desk (domain.md §1.2, decisions 0080–0082): order entry that keeps its work,
 * the product picker by keyboard, the week that reads at a glance, the office on a phone.
 */

test.describe('order entry', () => {
  test('a line is added by keyboard in at most 10 keys, and survives leaving the step by the menu', async ({
    page,
  }) => {
    await signIn(page, 'dispatcher');
    const id = await newDraftOnItems(page);
    await page.getByRole('radio', { name: 'Sklad Jihlava' }).click();
    await page.getByText('CZK', { exact: true }).click();
    const search = page.getByRole('textbox', { name: 'Hledat produkt' });
    await search.click();
    // Each product shows its free and projected stock in the chosen warehouse.
    const bark = page.getByRole('radio', { name: 'Kůra smrková' });
    await expect(bark.getByTestId('picker-stock')).toHaveText(/volné|nic volné/);

    let keys = 0;
    const press = async (key: string) => {
      keys++;
      await page.keyboard.press(key);
    };
    for (const key of 'kura') await press(key);
    await expect(page.getByRole('radio')).not.toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Borovice štípaná sypané 33 cm' })).toHaveCount(0);
    await press('Enter');
    const count = page.getByLabel('Množství k přidání');
    await expect(count).toBeFocused();
    // The amount field is beside the chosen product, not below the whole grid.
    const cardBox = (await bark.boundingBox())!;
    const countBox = (await count.boundingBox())!;
    expect(countBox.y - (cardBox.y + cardBox.height)).toBeLessThan(80);
    await press('3');
    await press('Enter');
    expect(keys).toBeLessThanOrEqual(10);
    const line = page.getByRole('group', { name: 'Kůra smrková' });
    await expect(line.getByLabel('Množství', { exact: true })).toHaveValue('3');
    await expect(search).toBeFocused();

    // Away by the menu and back: the line and the warehouse are still there.
    await navigation(page).getByRole('link', { name: 'Kalendář' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('calendar-title')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/order/${id}/items$`));
    await expect(page.getByRole('heading', { name: 'Položka (1)' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Sklad Jihlava' })).toBeChecked();
    await expect(line.getByLabel('Množství', { exact: true })).toHaveValue('3');
    await expect(page.getByTestId('items-restored')).toBeVisible();
  });
});

/** Clipped labels and narrow cards of the week as drawn (decision 0081). */
async function weekMeasure(page: Page) {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll<HTMLElement>('.week-card')];
    const lines = [...document.querySelectorAll<HTMLElement>('.week-card-line, .week-day-link, .week-more')];
    return {
      cards: cards.length,
      clipped: lines.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent),
      narrow: cards.filter((c) => c.getBoundingClientRect().width < 64).length,
      // A card whose text is taller than the card (cut at its foot).
      cut: cards.filter((c) => c.scrollHeight > c.clientHeight + 1).length,
      more: [...document.querySelectorAll<HTMLElement>('.week-more')].reduce(
        (sum, m) => sum + Number(m.textContent?.replace('+', '') ?? 0),
        0,
      ),
    };
  });
}

const addDaysTo = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

test.describe('the week at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the demo week and a generated week of 200 orders in three yards: no label clipped, no card under 64 px', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, 'dispatcher');
    await expect(page.locator('.week-card').first()).toBeVisible();
    const demo = await weekMeasure(page);
    expect(demo.cards).toBeGreaterThan(10);
    expect(demo.clipped).toEqual([]);
    expect(demo.narrow).toBe(0);
    expect(demo.cut).toBe(0);
    // Every colour and mark is explained.
    const legend = page.getByTestId('week-legend');
    for (const text of ['Sklad Jihlava', 'zaplaceno', 'doručeno', 'osobní odběr', 'sklad uzavřen'])
      await expect(legend).toContainText(text);

    // 200 orders in the three yards, five weeks ahead (past the demo's orders), through the API.
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date()),
    );
    const monday = addDaysTo(today, 35 - ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
    // The same week on every run: the draws come from the shared seeded generator.
    const next = seededRandom(7);
    const random = (n: number) => Math.floor(next() * n);
    const draws = Array.from({ length: 200 }, () => ({
      day: random(6),
      hour: 7 + random(10),
      quarter: random(4),
      duration: random(4),
      driver: random(5),
    }));
    // Through the test's own requests in the signed-in context, not the page's: the week on
    // screen would follow each of the 1 000 calls on the live board meanwhile.
    const csrf = await csrfToken(page);
    const api = async (method: string, path: string, body?: unknown) => {
      const r = await page.request.fetch(`/api${path}`, {
        method,
        headers: { 'X-CSRFTOKEN': csrf },
        ...(body === undefined ? {} : { data: body }),
      });
      if (!r.ok()) throw new Error(`${method} ${path}: ${r.status()} ${await r.text()}`);
      return r.json();
    };
    const customers = (await api('GET', '/customers?per_page=100')).items as { id: number }[];
    const warehouses = (await api('GET', '/warehouses/own')).items as { id: number }[];
    const products = new Map<number, number>();
    for (const w of warehouses) {
      const groups = (await api('GET', `/available_products?warehouse_id=${w.id}&currency=CZK`))
        .products_types as { products: { id: number }[] }[];
      products.set(w.id, groups[0]!.products[0]!.id);
    }
    const plans = draws.map((draw, i) => ({
      customer: customers[i % customers.length]!.id,
      warehouse: warehouses[i % warehouses.length]!.id,
      day: addDaysTo(monday, draw.day),
      time: `${String(draw.hour).padStart(2, '0')}:${['00', '15', '30', '45'][draw.quarter]}`,
      duration: [30, 45, 60, 90][draw.duration]!,
      driver: draw.driver,
    }));
    const one = async (plan: (typeof plans)[number]) => {
      const id = (await api('GET', '/order/add')).id as number;
      let item = (await api('POST', `/order/${id}/customer`, { id_found: plan.customer })).item;
      item = (
        await api('POST', `/order/${id}/items`, {
          warehouse_id: plan.warehouse,
          currency: 'CZK',
          products: [{ amount: 1, product: { product: { id: products.get(plan.warehouse) } } }],
          distance: 10,
          duration: 15,
          version: item.version,
          confirm_short_stock: true,
          short_stock_reason: 'Generated week',
        })
      ).item;
      const drivers = (await api('GET', `/order/${id}/drivers`)).items as { id: number }[];
      const driver = drivers.length ? drivers[plan.driver % drivers.length]!.id : null;
      await api('POST', `/order/${id}/intern`, {
        driver_id: driver,
        car_id: null,
        supplier_id: null,
        payment_type: 'cash',
        expected_delivery_date: plan.day,
        expected_delivery_time: plan.time,
        expected_delivery_duration: plan.duration,
        note: '',
        ad_type: null,
        confirm_overlap: true,
        // Orders made four at a time take each other's stock between their steps.
        confirm_short_stock: true,
        short_stock_reason: 'Generated week',
        version: item.version,
      });
    };
    let made = 0;
    for (let i = 0; i < plans.length; i += 4) {
      await Promise.all(plans.slice(i, i + 4).map(one));
      made += plans.slice(i, i + 4).length;
    }
    expect(made).toBe(200);

    await page.goto(`/dashboard?view=week&date=${monday}`);
    await expect(page.getByTestId('calendar-title')).toBeVisible();
    await expect(page.locator('.week-card').first()).toBeVisible();
    await expect.poll(async () => (await weekMeasure(page)).cards + (await weekMeasure(page)).more).toBe(200);
    const busy = await weekMeasure(page);
    expect(busy.clipped).toEqual([]);
    expect(busy.narrow).toBe(0);
    expect(busy.cut).toBe(0);
  });
});

/** Targets smaller than 44 × 44 px among these (name and size), WCAG 2.5.5. */
async function small(targets: { name: string; locator: import('@playwright/test').Locator }[]) {
  const found: string[] = [];
  for (const { name, locator } of targets) {
    for (const box of await locator.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { w: Math.round(r.width), h: Math.round(r.height) };
      }),
    ))
      if (box.w < 44 || box.h < 44) found.push(`${name} ${box.w}×${box.h}`);
  }
  return found;
}

test.describe('the office on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every target a finger needs is at least 44 × 44 px; the menu lists "Sklady" once', async ({
    page,
  }) => {
    await signIn(page, 'dispatcher');
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(
      await small([
        { name: 'menu button', locator: menu },
        { name: 'previous', locator: page.getByRole('button', { name: 'Předchozí' }) },
        { name: 'next', locator: page.getByRole('button', { name: 'Další' }) },
      ]),
    ).toEqual([]);
    await menu.click();
    const nav = page.getByRole('dialog').getByRole('navigation');
    await expect(nav).toBeVisible();
    expect(await small([{ name: 'menu row', locator: nav.getByRole('link') }])).toEqual([]);
    await expect(nav.getByRole('link', { name: 'Sklady', exact: true })).toHaveCount(1);
    await page.keyboard.press('Escape');

    // The order steps: fields, CZK / EUR, the time fields.
    const id = await newDraftOnItems(page);
    await page.getByRole('radio', { name: 'Sklad Jihlava' }).click();
    expect(
      await small([
        { name: 'CZK/EUR', locator: page.locator('.mantine-SegmentedControl-label') },
        {
          name: 'search field',
          locator: page.getByRole('textbox', { name: 'Hledat produkt' }).or(page.getByRole('spinbutton')),
        },
      ]),
    ).toEqual([]);
    await page.getByText('CZK', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Hledat produkt' }).fill('kura');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // A line's remove, an icon button (decision 0082).
    const remove = page.getByRole('button', { name: /^Odebrat / });
    await expect(remove).toHaveCount(1);
    expect(await small([{ name: 'remove line', locator: remove }])).toEqual([]);
    await page.getByRole('button', { name: 'Pokračovat', exact: true }).click();
    const warning = page.getByTestId('short-stock');
    await expect(page.getByRole('combobox', { name: 'Řidič', exact: true }).or(warning)).toBeVisible();
    if (await warning.isVisible()) {
      await warning.getByLabel('Důvod uložení i přes nedostatek').fill('Test');
      await warning.getByRole('button', { name: 'Přesto uložit' }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/order/${id}/intern$`));
    // The step opens at its top, not where the last one's button was.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(
      await small([
        { name: 'driver', locator: page.getByRole('combobox', { name: 'Řidič', exact: true }) },
        { name: 'date', locator: page.getByLabel('Datum doručení') },
        { name: 'hours', locator: page.getByRole('spinbutton', { name: 'Hodiny' }) },
        { name: 'minutes', locator: page.getByRole('spinbutton', { name: 'Minuty' }) },
        { name: 'note', locator: page.getByLabel('Poznámka') },
      ]),
    ).toEqual([]);
  });

  test('the order list is a card per order, and says no count before it has one', async ({ page }) => {
    await signIn(page, 'dispatcher');
    // The list's answer held back: no "0 záznamů" meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/orders\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Objednávky' })).toBeVisible();
    await expect(page.getByTestId('records-count')).toHaveText('');
    release();
    const cards = page.getByTestId('order-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId('records-count')).toHaveText(/\d+ záznam/);
    const first = cards.first();
    // The name, the town, the day and time, the state and the amount, in the phone's width.
    await expect(first).toContainText(/\d{1,2}\.\d{1,2}\.\d{4}/);
    await expect(first).toContainText(/Kč|€/);
    const box = (await first.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
