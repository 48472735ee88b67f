import { firstDrawn, signIn } from './helpers';
import { type Browser, expect, type Page, sameClock, test } from './test';

/**
 * domain.md §1.10, a live board (decision 0065): two dispatchers look at the same week of Sklad
 * Jihlava in two browsers; one drags an order to another day and hour, the other sees it there
 * within 2 s without reloading.
 */
type CalendarOrder = {
  id: number;
  intern_id: number;
  done: boolean;
  hidden: boolean;
  expected_delivery_date: string;
  expected_delivery_time: string;
};

const getJson = (page: Page, url: string) =>
  page.evaluate(async (u) => (await fetch(u)).json(), url) as Promise<Record<string, unknown>>;
const dayAfter = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const mondayOf = (day: string) => dayAfter(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

async function browserFor(browser: Browser, baseURL: string | undefined, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await sameClock(context);
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('lang', 'cs'));
  await signIn(page, username);
  return page;
}

/** Only Sklad Jihlava, hours 0–24, ids shown, the next week: every order of it is on the grid. */
async function nextJihlavaWeek(page: Page): Promise<number> {
  await expect(page.getByTestId('week-calendar')).toBeVisible();
  for (const name of ['Sklad Havlíčkův Brod', 'Sklad Třebíč'])
    await page.getByRole('checkbox', { name }).uncheck();
  await page.getByLabel('Od hodiny').fill('0');
  await page.getByLabel('Od hodiny').press('Enter');
  await page.getByLabel('Do hodiny').fill('24');
  await page.getByLabel('Do hodiny').press('Enter');
  await page.getByRole('checkbox', { name: 'Zobrazit čísla' }).check();
  await page.getByRole('button', { name: 'Další' }).click();
  const own = (await getJson(page, '/api/warehouses/own')).items as { id: number; name: string }[];
  return own.find((w) => w.name === 'Sklad Jihlava')!.id;
}

const blockIn = (page: Page, day: string, internId: number) =>
  page.locator(`.week-day[data-date="${day}"] .week-card`).filter({ hasText: String(internId) });

/** The order is in the day's column: a card, or folded into the day's "+N" (decision 0081). */
const shownIn = (page: Page, day: string, internId: number) =>
  page.evaluate(
    ({ day, internId }) =>
      [...document.querySelectorAll<HTMLElement>(`.week-day[data-date="${day}"] .week-card`)].some((b) =>
        b.textContent?.includes(String(internId)),
      ) ||
      [...document.querySelectorAll<HTMLElement>(`.week-day[data-date="${day}"] .week-more`)].some((m) =>
        (m.dataset.internIds ?? '').split(' ').includes(String(internId)),
      ),
    { day, internId },
  );

test('an order dragged in one browser moves in the other within 2 s, without a reload', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const mover = await browserFor(browser, baseURL, 'dispatcher');
  const watcher = await browserFor(browser, baseURL, 'owner');
  const jihlava = await nextJihlavaWeek(mover);
  await nextJihlavaWeek(watcher);

  const today = await mover.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date()),
  );
  const monday = dayAfter(mondayOf(today), 7);
  const dates = Array.from({ length: 7 }, (_, i) => `dates=${dayAfter(monday, i)}`).join('&');
  const orders = (
    (await getJson(mover, `/api/api/get-orders?warehouses=${jihlava}&${dates}`)).data as CalendarOrder[]
  ).filter((o) => o.expected_delivery_time && !o.done && !o.hidden && o.expected_delivery_time < '20:00');
  expect(orders.length).toBeGreaterThan(0);
  const order = await firstDrawn(mover, orders);
  const day = order.expected_delivery_date;
  const targetDay = day === dayAfter(monday, 6) ? dayAfter(day, -1) : dayAfter(day, 1);
  const [h, m] = order.expected_delivery_time.split(':').map(Number) as [number, number];
  const target = `${String(h + 2).padStart(2, '0')}:${String(m - (m % 15)).padStart(2, '0')}`;

  // The watcher sees the order where it is, and marks its page: a reload would lose the mark.
  await expect(blockIn(watcher, day, order.intern_id)).toHaveCount(1);
  await expect(blockIn(watcher, targetDay, order.intern_id)).toHaveCount(0);
  await watcher.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  // The mover drags it two hours later onto the next day (as dashboard.spec.ts does).
  const block = mover.locator('.week-card').filter({ hasText: String(order.intern_id) });
  await expect(block).toHaveCount(1);
  await mover.locator(`.week-slot[data-time="${target}"]`).scrollIntoViewIfNeeded();
  const column = (await mover.locator(`.week-day[data-date="${targetDay}"]`).boundingBox())!;
  const slot = (await mover.locator(`.week-slot[data-time="${target}"]`).boundingBox())!;
  const start = (await block.boundingBox())!;
  await mover.mouse.move(start.x + start.width / 2, start.y + 3);
  await mover.mouse.down();
  await mover.mouse.move(start.x + start.width / 2, start.y + 20, { steps: 5 });
  await mover.mouse.move(column.x + column.width / 2, slot.y + 3, { steps: 15 });
  await mover.mouse.up();
  const confirm = mover.getByRole('dialog', { name: 'Přesunout objednávku' });
  await expect(confirm).toContainText(String(order.intern_id));
  const saved = mover
    .waitForResponse(
      (r) =>
        r.url().includes(`/api/order/${order.id}/reschedule`) &&
        r.request().method() === 'PUT' &&
        r.status() === 200,
    )
    .then(() => performance.timeOrigin + performance.now());
  // The watcher looks for the block in its new column from now on, every 20 ms.
  const seen = watcher.waitForFunction(
    ({ targetDay, internId }) => {
      const blocks = document.querySelectorAll(`.week-day[data-date="${targetDay}"] .week-card`);
      // A card, or folded into its new day's "+N" (decision 0081).
      const folded = document.querySelectorAll<HTMLElement>(`.week-day[data-date="${targetDay}"] .week-more`);
      const there =
        [...blocks].some((b) => b.textContent?.includes(String(internId))) ||
        [...folded].some((m) => (m.dataset.internIds ?? '').split(' ').includes(String(internId)));
      return there ? performance.timeOrigin + performance.now() : false;
    },
    { targetDay, internId: order.intern_id },
    { polling: 20, timeout: 30_000 },
  );
  await confirm.getByRole('button', { name: 'Přesunout' }).click();
  const clash = mover.getByRole('dialog').filter({ hasText: 'Opravdu' });
  const done = mover.getByText(`Objednávka ${order.intern_id} je přesunuta`);
  await expect(done.or(clash)).toBeVisible();
  if (await clash.isVisible()) await clash.getByRole('button').last().click();
  const savedAt = await saved;
  await expect(done).toBeVisible();

  const seenAt = (await (await seen).jsonValue()) as number;
  const delay = Math.max(0, seenAt - savedAt);
  console.info(
    `live board: the watcher saw the move ${delay.toFixed(0)} ms after the mover's save was answered`,
  );
  expect(delay).toBeLessThan(2_000);
  await expect.poll(() => shownIn(watcher, targetDay, order.intern_id)).toBe(true);
  await expect.poll(() => shownIn(watcher, day, order.intern_id)).toBe(false);
  expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );
  await mover.context().close();
  await watcher.context().close();
});

test('an order changed by someone else while it is edited shows a notice, not a silent reload (phone)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const mover = await browserFor(browser, baseURL, 'dispatcher');
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await sameClock(context);
  const editor = await context.newPage();
  await editor.addInitScript(() => localStorage.setItem('lang', 'cs'));
  await signIn(editor, 'owner');

  const list = (await getJson(mover, '/api/orders?per_page=20&current_page=1&state=not_done')).items as {
    id: number;
  }[];
  const detail = async (id: number) =>
    (await getJson(mover, `/api/order/${id}`)).item as CalendarOrder & { version: number; hidden: boolean };
  let order: (CalendarOrder & { version: number }) | null = null;
  for (const { id } of list) {
    const o = await detail(id);
    if (o.expected_delivery_date && o.expected_delivery_time && !o.done && !o.hidden) {
      order = o;
      break;
    }
  }
  expect(order).not.toBeNull();
  // The edit page's live stream open first: the notice below comes from the event, not from the
  // version check made when a stream opens.
  const streamOpen = editor.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
  await editor.goto(`/order/${order!.id}/items`);
  await streamOpen;
  await expect(
    editor.getByRole('heading', { name: new RegExp(`Objednávka ${order!.intern_id}`) }).first(),
  ).toBeVisible();
  const notice = editor
    .getByRole('alert')
    .filter({ hasText: 'Objednávku mezitím změnil někdo jiný — načíst znovu' });
  await expect(notice).toHaveCount(0);

  // Someone else moves it by an hour (as the calendar's drag does).
  const [h, m] = order!.expected_delivery_time.split(':').map(Number) as [number, number];
  const status = await mover.evaluate(
    async ({ id, body }) => {
      const csrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('csrftoken_new='))
        ?.slice('csrftoken_new='.length);
      const answer = await fetch(`/api/order/${id}/reschedule`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'X-CSRFTOKEN': csrf ?? '' },
        body: JSON.stringify(body),
      });
      return answer.status;
    },
    {
      id: order!.id,
      body: {
        version: order!.version,
        expected_delivery_date: order!.expected_delivery_date,
        expected_delivery_time: `${String((h + 1) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`,
        confirm_overlap: true,
      },
    },
  );
  expect(status).toBe(200);
  await expect(notice).toBeVisible({ timeout: 2_000 });
  await editor.screenshot({ path: test.info().outputPath('changed-elsewhere-phone.png') });
  await notice.getByRole('button', { name: 'Načíst znovu' }).click();
  await expect(notice).toHaveCount(0);
  await mover.context().close();
  await context.close();
});
