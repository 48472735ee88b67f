import { drawnIds, firstDrawn, folded, signIn } from './helpers';
import { expect, type Page, test } from './test';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'cs'));
});

type CalendarOrder = {
  id: number;
  intern_id: number;
  done: boolean;
  hidden: boolean;
  duration: number;
  expected_delivery_date: string;
  expected_delivery_time: string;
  version: number;
  calendar_name: string;
  driver: { name: string } | null;
  car: { name: string } | null;
};

const getJson = (page: Page, url: string) =>
  page.evaluate(async (u) => (await fetch(u)).json(), url) as Promise<Record<string, unknown>>;

const dayAfter = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const mondayOf = (day: string) => dayAfter(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

/** Only Sklad Jihlava checked, hours 0–24 and ids shown: every order of the week is on the grid. */
async function jihlavaWeek(page: Page) {
  await signIn(page, 'dispatcher');
  await expect(page.getByTestId('week-calendar')).toBeVisible();
  for (const name of ['Sklad Havlíčkův Brod', 'Sklad Třebíč']) {
    await page.getByRole('checkbox', { name }).uncheck();
  }
  await expect(page.getByRole('checkbox', { name: 'Sklad Jihlava' })).toBeChecked();
  await page.getByLabel('Od hodiny').fill('0');
  await page.getByLabel('Od hodiny').press('Enter');
  await page.getByLabel('Do hodiny').fill('24');
  await page.getByLabel('Do hodiny').press('Enter');
  await page.getByRole('checkbox', { name: 'Zobrazit čísla' }).check();
  const own = (await getJson(page, '/api/warehouses/own')).items as { id: number; name: string }[];
  return own.find((w) => w.name === 'Sklad Jihlava')!.id;
}

async function weekOrders(page: Page, warehouse: number, monday: string): Promise<CalendarOrder[]> {
  const dates = Array.from({ length: 7 }, (_, i) => `dates=${dayAfter(monday, i)}`).join('&');
  return (await getJson(page, `/api/api/get-orders?warehouses=${warehouse}&${dates}`))
    .data as CalendarOrder[];
}

test('the week shows the orders of the chosen warehouse with their travel blocks; the overlay opens and closes', async ({
  page,
}) => {
  const jihlava = await jihlavaWeek(page);
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date()),
  );
  const orders = (await weekOrders(page, jihlava, mondayOf(today))).filter((o) => o.expected_delivery_time);
  expect(orders.length).toBeGreaterThan(0);
  // Every order is a card or counted in a "+N" of its day (decision 0081).
  const blocks = page.locator('.week-card');
  await expect.poll(async () => (await drawnIds(page)).length + (await folded(page))).toBe(orders.length);
  const drawn = new Set(await drawnIds(page));
  await expect(page.locator('.week-travel')).toHaveCount(
    // A personal collection (no driver) drives nowhere: no travel band.
    2 * orders.filter((o) => drawn.has(o.id) && o.driver !== null && o.duration > 0).length,
  );
  const shown = orders.filter((o) => drawn.has(o.id));
  for (const order of shown.slice(0, 5)) {
    await expect(blocks.filter({ hasText: String(order.intern_id) })).toHaveCount(1);
  }

  const first = shown[0]!;
  await blocks.filter({ hasText: String(first.intern_id) }).click();
  const overlay = page.getByRole('dialog', { name: `Objednávka ${first.intern_id}` });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('link', { name: 'Detail' })).toHaveAttribute('href', `/order/${first.id}`);
  await expect(overlay.getByRole('link', { name: 'Upravit' })).toHaveAttribute(
    'href',
    `/order/${first.id}/items`,
  );
  // The page does not scroll under the open overlay (domain.md §1.2, decision 0100), and scrolls
  // again once it is closed: the wheel over the dimmed page moves nothing.
  const scrollTop = () => page.evaluate(() => document.scrollingElement!.scrollTop);
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight > window.innerHeight)).toBe(true);
  const before = await scrollTop();
  const towardsRoom = before > 0 ? -400 : 400;
  // Over the week, right of the overlay.
  const { width, height } = page.viewportSize()!;
  await page.mouse.move(width - 20, height / 2);
  await page.mouse.wheel(0, towardsRoom);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await scrollTop()).toBe(before);
  await overlay.getByRole('button', { name: 'Zavřít' }).click();
  await expect(overlay).toBeHidden();
  // The lock ends with the overlay's closing transition: the wheel is turned until the page moves.
  await expect(async () => {
    await page.mouse.wheel(0, towardsRoom);
    expect(await scrollTop()).not.toBe(before);
  }).toPass();

  await blocks.filter({ hasText: String(first.intern_id) }).click();
  await expect(overlay).toBeVisible();
  await page.mouse.click(5, 300); // outside the overlay
  await expect(overlay).toBeHidden();
});

test('a day opens from its header as a column per driver; an order opens from its column', async ({
  page,
}) => {
  const jihlava = await jihlavaWeek(page);
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date()),
  );
  const orders = (await weekOrders(page, jihlava, mondayOf(today))).filter(
    (o) => o.expected_delivery_time && o.driver,
  );
  expect(orders.length).toBeGreaterThan(0);
  const order = orders[0]!;
  const day = order.expected_delivery_date;
  await page.locator(`.week-day-head[data-date="${day}"] button`).click();
  await expect(page).toHaveURL(new RegExp(`view=day&date=${day}`));
  const drivers = [
    ...new Set(orders.filter((o) => o.expected_delivery_date === day).map((o) => o.driver!.name)),
  ];
  for (const name of drivers) await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Osobní odběr' })).toBeVisible();
  const column = page.getByRole('region', { name: order.driver!.name, exact: true });
  const block = column.getByRole('button', { name: new RegExp(`Objednávka ${order.intern_id}`) });
  await expect(block).toContainText(order.calendar_name);
  await block.click();
  const overlay = page.getByRole('dialog', { name: `Objednávka ${order.intern_id}` });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('link', { name: 'Detail' })).toHaveAttribute('href', `/order/${order.id}`);
  await overlay.getByRole('button', { name: 'Zavřít' }).click();
  await expect(overlay).toBeHidden();
  // The address keeps the day: a reload opens it again; the toolbar switch goes back to the week.
  await page.reload();
  await expect(column).toBeVisible();
  await page.getByText('Týden', { exact: true }).click();
  await expect(page.getByTestId('week-calendar')).toBeVisible();
  await expect(page).toHaveURL(/view=week/);
});

test('next and previous weeks change the header with the week number and its parity', async ({ page }) => {
  await signIn(page, 'dispatcher');
  const title = page.getByTestId('calendar-title');
  await expect(title).toHaveText(/\d+\. týden \((lichý|sudý)\)/);
  const now = (await title.textContent()) ?? '';
  const week = Number(/(\d+)\. týden/.exec(now)![1]);
  await page.getByRole('button', { name: 'Další' }).click();
  const next =
    week >= 52
      ? /\d+\. týden/
      : new RegExp(`${week + 1}\\. týden \\(${(week + 1) % 2 ? 'lichý' : 'sudý'}\\)`);
  await expect(title).toHaveText(next);
  await page.getByRole('button', { name: 'Předchozí' }).click();
  await page.getByRole('button', { name: 'Předchozí' }).click();
  await expect(title).not.toHaveText(now);
  await page.getByRole('button', { name: 'Dnes' }).click();
  await expect(title).toHaveText(now);
});

test('dragging an order reschedules it after a confirm; the detail shows the new time', async ({ page }) => {
  const jihlava = await jihlavaWeek(page);
  await page.getByRole('button', { name: 'Další' }).click();
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date()),
  );
  const monday = dayAfter(mondayOf(today), 7);
  const orders = (await weekOrders(page, jihlava, monday)).filter(
    (o) => o.expected_delivery_time && !o.done && !o.hidden && o.expected_delivery_time < '20:00',
  );
  expect(orders.length).toBeGreaterThan(0);
  const order = await firstDrawn(page, orders);
  const block = page.locator('.week-card').filter({ hasText: String(order.intern_id) });
  await expect(block).toHaveCount(1);

  // Two hours later on the next day (Sunday's orders go to Saturday instead).
  const day = order.expected_delivery_date;
  const targetDay = day === dayAfter(monday, 6) ? dayAfter(day, -1) : dayAfter(day, 1);
  const [h, m] = order.expected_delivery_time.split(':').map(Number) as [number, number];
  const target = `${String(h + 2).padStart(2, '0')}:${String(m - (m % 15)).padStart(2, '0')}`;
  const from = (await block.boundingBox())!;
  await page.locator(`.week-slot[data-time="${target}"]`).scrollIntoViewIfNeeded();
  const column = (await page.locator(`.week-day[data-date="${targetDay}"]`).boundingBox())!;
  const slot = (await page.locator(`.week-slot[data-time="${target}"]`).boundingBox())!;
  const start = (await block.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + 3);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + 20, { steps: 5 });
  await page.mouse.move(column.x + column.width / 2, slot.y + 3, { steps: 15 });
  await page.mouse.up();
  expect(from.height).toBeGreaterThan(0);

  const confirm = page.getByRole('dialog', { name: 'Přesunout objednávku' });
  await expect(confirm).toContainText(String(order.intern_id));
  await confirm.getByRole('button', { name: 'Přesunout' }).click();
  const clash = page.getByRole('dialog').filter({ hasText: 'Opravdu' });
  const done = page.getByText(`Objednávka ${order.intern_id} je přesunuta`);
  await expect(done.or(clash)).toBeVisible();
  if (await clash.isVisible()) await clash.getByRole('button').last().click();
  await expect(done).toBeVisible();

  const moved = (await getJson(page, `/api/order/${order.id}`)).item as CalendarOrder;
  expect(moved.expected_delivery_date).toBe(targetDay);
  expect(moved.expected_delivery_time).toBe(target);
  expect(moved.version).toBeGreaterThan(order.version);
  await page.goto(`/order/${order.id}`);
  const [y, mo, d] = targetDay.split('-').map(Number) as [number, number, number];
  await expect(page.getByText(new RegExp(`${d}\\.\\s?${mo}\\.\\s?${y}`)).first()).toBeVisible();
  await expect(page.getByText(target).first()).toBeVisible();
});

test.describe('in a browser set to New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("the now line and today's column follow the Prague clock", async ({ page }) => {
    await jihlavaWeek(page);
    const seen = await page.evaluate(() => {
      const line = document.querySelector('.week-now');
      const top = line?.getBoundingClientRect().top ?? null;
      let slot: string | null = null;
      for (const label of document.querySelectorAll('.week-slot[data-time]')) {
        if (top !== null && label.getBoundingClientRect().top <= top) slot = label.getAttribute('data-time');
      }
      const prague = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Europe/Prague',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date());
      const part = (type: string) => prague.find((p) => p.type === type)?.value ?? '';
      return {
        slot,
        today: document.querySelector('.week-day-head.is-today')?.getAttribute('data-date'),
        pragueDay: `${part('year')}-${part('month')}-${part('day')}`,
        pragueHour: part('hour'),
      };
    });
    expect(seen.today).toBe(seen.pragueDay);
    // The line sits in the Prague hour's rows, not New York's (or UTC's) hour.
    expect(seen.slot?.slice(0, 2)).toBe(seen.pragueHour);
  });
});
