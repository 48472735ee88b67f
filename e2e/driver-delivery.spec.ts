import type { Browser, Page } from '@playwright/test';
import { moreStops, sign } from './driver-helpers';
import { choose, seriousFindings, signIn, startInCzech } from './helpers';
import { expect, sameClock, test } from './test';

/**
 * domain.md §2.11, decision 0067: the driver records the delivery with its proof at the door, with or
 * without a signal. The proof goes to the phone's outbox first and is sent from there; sent twice,
 * it is recorded once.
 */
const phone = { width: 390, height: 844 };
const desk = { width: 1366, height: 900 };
test.use({ viewport: phone });

type Stop = {
  id: number;
  intern_id: number;
  done: boolean;
  payment_type: 'cash' | 'qr_transfer';
  amount_to_pay: number;
  items: { id: number; name: string; amount: number }[];
  delivered: unknown;
  warehouse: { id: number } | null;
};
type Proof = {
  receiver_name: string;
  cash_received: number | null;
  lines: { id: number; ordered_amount: number; delivered_amount: number; reason: string }[];
  signature: unknown;
  photos: unknown[];
};

/** A 2 × 2 PNG, as a phone's camera would hand over a (much larger) picture. */
const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function openStops(page: Page): Promise<Stop[]> {
  const day = (await (await page.request.get('/api/driver/day')).json()) as { days: { stops: Stop[] }[] };
  return day.days
    .flatMap((d) => d.stops)
    .filter((s) => !s.done && !s.delivered && s.items.length > 0 && s.warehouse);
}

async function officePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await sameClock(context);
  const page = await context.newPage();
  await signIn(page, 'owner');
  return page;
}

/** The order's stock changes as the office reads them (newest first), with their products. */
async function stockChangesOf(office: Page, stop: Stop): Promise<{ amount: number; product: number }[]> {
  const answer = (await (
    await office.request.get(`/api/product_stock_changes/${stop.warehouse!.id}?per_page=100&current_page=1`)
  ).json()) as {
    items: { order_id: number | null; amount: number; product_stock: { product: { id: number } } }[];
  };
  return answer.items
    .filter((c) => c.order_id === stop.id)
    .map((c) => ({ amount: c.amount, product: c.product_stock.product.id }));
}

/** What the delivery added to the order's stock changes: each product at most once. */
async function movedSince(office: Page, stop: Stop, before: unknown[]) {
  const after = await stockChangesOf(office, stop);
  const moved = after.slice(0, after.length - before.length);
  expect(new Set(moved.map((m) => m.product)).size, 'each product moved once').toBe(moved.length);
  return moved;
}

const card = (page: Page, stop: Stop) =>
  page.getByTestId('driver-stop').filter({ has: page.getByText(String(stop.intern_id), { exact: true }) });

/** A delivered stop is folded to a line (domain.md §2.11): pressed, it opens to its card. */
async function unfold(page: Page, stop: Stop, timeout?: number): Promise<void> {
  const line = page.locator(`[data-testid=driver-stop-folded][data-order="${stop.intern_id}"]`);
  await expect(line).toBeVisible(timeout ? { timeout } : undefined);
  await line.click();
}

const decimal = (n: number) => String(n).replace('.', ',');

let consoleErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  await startInCzech(page);
  consoleErrors = [];
  page.on('console', (message) => {
    // The browser's own line for a request that failed without a signal is the test's doing.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(() => {
  expect(consoleErrors, 'no console errors on the page').toEqual([]);
});

test('offline at the door: the proof waits in the phone, goes when the signal is back, once', async ({
  page,
  context,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  // Stops of its own (the demo's may all be delivered by other tests, or fall on a Sunday).
  const mine = await moreStops(browser, baseURL, 2);
  await signIn(page, 'driver', { path: null });
  const stop = (await openStops(page)).find((s) => mine.includes(s.id));
  expect(stop, 'the driver has the open cash stop made for this test').toBeTruthy();
  const office = await officePage(browser, baseURL);
  const before = await stockChangesOf(office, stop!);
  await page.goto('/driver');
  const stopCard = card(page, stop!);
  await stopCard.getByRole('button', { name: 'Vyrážím' }).click();
  await expect(stopCard.getByText(/^Na cestě od \d\d:\d\d$/)).toBeVisible();
  await stopCard.getByRole('button', { name: 'Doručeno' }).click();
  const dialog = page.getByRole('dialog', { name: `Doručení objednávky ${stop!.intern_id}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('payment-at-door')).toBeVisible();
  // Saving empty names what is missing.
  await dialog.getByRole('button', { name: 'Uložit doručení' }).click();
  await expect(dialog.getByText('Vyplňte jméno toho, kdo zboží převzal.')).toBeVisible();
  await expect(dialog.getByText('Chybí podpis.')).toBeVisible();
  await dialog.getByLabel('Jméno přebírajícího').fill('Jan Novák');
  await sign(page);
  const line = stop!.items[0]!;
  const less = Math.max(0, Math.round((line.amount - 1) * 100) / 100);
  await dialog.getByRole('textbox', { name: line.name, exact: true }).fill(decimal(less));
  await dialog.getByLabel('Důvod jiného množství').fill('Jeden kus poškozený, zůstal na autě');
  // Less cash than the amount due for what is delivered (domain.md §2.13): a balance, no note needed.
  const due = async () =>
    Number((await dialog.getByTestId('amount-due').innerText()).replace(/[^\d,]/g, '').replace(',', '.'));
  await expect.poll(due).not.toBe(stop!.amount_to_pay);
  const cash = Math.max(0, (await due()) - 100);
  await dialog.getByRole('textbox', { name: 'Převzatá hotovost' }).fill(decimal(cash));
  await dialog
    .getByTestId('photo-input')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: photo });
  await expect(dialog.getByRole('img', { name: 'Fotka 1' })).toBeVisible();
  await expect(dialog.getByTestId('delivery-position')).toHaveText(/Poloha/);
  await expect(dialog.getByText('Vyplňte prosím všechna povinná pole')).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('delivery-dialog-cs.png') });
  await dialog.getByRole('button', { name: 'Uložit doručení' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('delivery-dialog-end-cs.png') });

  // No signal at the door: saved in the phone, listed, the stop marked waiting.
  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Uložit doručení' }).click();
  await expect(dialog).toBeHidden();
  const pending = page.getByTestId('pending-action');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText(`Obj. ${stop!.intern_id} · doručeno`);
  await expect(page.getByTestId('pending-badge')).toHaveText('1 čeká na odeslání');
  await expect(stopCard.getByTestId('stop-waiting')).toContainText('čeká na odeslání');
  await page.screenshot({ path: testInfo.outputPath('delivery-offline-cs.png') });
  await stopCard.screenshot({ path: testInfo.outputPath('stop-waiting-cs.png') });

  // The signal is back: sent by itself, the day shows it delivered.
  await context.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: 40_000 });
  await expect(page.getByTestId('pending-badge')).toBeHidden();
  await unfold(page, stop!);
  await expect(stopCard.getByTestId('stop-delivered')).toContainText(
    /Doručeno \d\d:\d\d · převzal\(a\) Jan Novák · částečně/,
  );
  await expect(stopCard.getByRole('button', { name: 'Doručeno' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Hotovost u řidiče (k odevzdání)' })).toContainText(
    `Obj. ${stop!.intern_id}`,
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath('delivered-cs.png') });
  await stopCard.screenshot({ path: testInfo.outputPath('stop-delivered-cs.png') });

  // The office reads one proof with the partial line, the cash, the signature and the photo.
  const { delivery } = (await (await office.request.get(`/api/order/${stop!.id}/delivery`)).json()) as {
    delivery: Proof;
  };
  expect(delivery.receiver_name).toBe('Jan Novák');
  expect(delivery.cash_received).toBe(cash);
  expect(delivery.signature).toBeTruthy();
  expect(delivery.photos).toHaveLength(1);
  expect(delivery.lines.find((l) => l.id === line.id)).toMatchObject({
    delivered_amount: less,
    reason: 'Jeden kus poškozený, zůstal na autě',
  });
  expect((await movedSince(office, stop!, before)).length).toBeLessThanOrEqual(stop!.items.length);

  // The office sees the proof on the order's page: receiver, reason, signature and photo load.
  await office.setViewportSize(desk);
  await office.goto(`/order/${stop!.id}`);
  const proof = office.getByRole('region', { name: 'Doručeno a převzato' });
  await expect(proof).toContainText('Převzal: Jan Novák');
  await expect(proof).toContainText('Jeden kus poškozený, zůstal na autě');
  await expect(proof).toContainText('zatím u řidiče');
  const images = proof.getByRole('img');
  await expect(images).toHaveCount(2);
  for (const image of await images.all()) {
    await expect.poll(() => image.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await proof.scrollIntoViewIfNeeded();
  await office.screenshot({ path: testInfo.outputPath('office-proof-cs-desk.png') });
  await office.setViewportSize(phone);
  await proof.scrollIntoViewIfNeeded();
  await office.screenshot({ path: testInfo.outputPath('office-proof-cs-phone.png') });
  // The delivery note prints it: a PDF the office downloads.
  const note = await office.request.get(`/api/order/${stop!.id}/get_delivery_note?supplier=1&language=cs`);
  expect(note.status()).toBe(200);
  expect(note.headers()['content-type']).toContain('application/pdf');

  // The same day in English, and at a desk's size.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await unfold(page, stop!);
  await expect(card(page, stop!).getByTestId('stop-delivered')).toContainText(
    'received by Jan Novák · partly',
  );
  await page.screenshot({ path: testInfo.outputPath('delivered-en.png') });
  await card(page, stop!).screenshot({ path: testInfo.outputPath('stop-delivered-en.png') });
  await page.setViewportSize(desk);
  await page.screenshot({ path: testInfo.outputPath('delivered-en-desk.png') });
  await page.getByRole('button', { name: 'On the way' }).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('day-en-desk.png') });
  // Another stop's dialog at a desk, in English (closed unsaved).
  await page.getByRole('button', { name: 'Delivered', exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: /^Delivery of order \d+$/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('delivery-dialog-en-desk.png') });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize(phone);
  await page.getByRole('button', { name: 'Delivered', exact: true }).first().click();
  await page.screenshot({ path: testInfo.outputPath('delivery-dialog-en.png') });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  // The office looking at this driver's day: the cash on hand, no buttons.
  const { driver } = (await (await page.request.get('/api/driver/day')).json()) as {
    driver: { first_name: string; last_name: string };
  };
  await office.setViewportSize(desk);
  await office.goto('/driver');
  await choose(office, 'Řidič', `${driver.first_name} ${driver.last_name}`.trim());
  await expect(office.getByRole('region', { name: 'Hotovost u řidiče (k odevzdání)' })).toContainText(
    `Obj. ${stop!.intern_id}`,
  );
  await unfold(office, stop!);
  await expect(card(office, stop!).getByTestId('stop-delivered')).toBeVisible();
  await expect(office.getByRole('button', { name: 'Doručeno' })).toHaveCount(0);
  await office.screenshot({ path: testInfo.outputPath('office-driver-day-cs-desk.png') });
  await office.close();
});

test('a proof whose answer was lost is sent again after a reload and recorded once', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  await moreStops(browser, baseURL, 1);
  await signIn(page, 'driver');
  const stops = await openStops(page);
  const stop = stops.find((s) => s.payment_type === 'qr_transfer') ?? stops[0];
  expect(stop, 'the demo driver has an open delivery today or tomorrow').toBeTruthy();
  const office = await officePage(browser, baseURL);
  const before = await stockChangesOf(office, stop!);
  // The server records the proof, but its answer never reaches the phone (the signal dropped).
  let sent = 0;
  let inFlight = 0;
  await page.route('**/api/driver/order/*/delivered', async (route) => {
    sent++;
    inFlight++;
    try {
      await route.fetch();
      await route.abort('internetdisconnected');
    } finally {
      inFlight--;
    }
  });
  await page.goto('/driver');
  await card(page, stop!).getByRole('button', { name: 'Doručeno' }).click();
  const dialog = page.getByRole('dialog');
  if (stop!.payment_type === 'qr_transfer')
    await expect(dialog.getByText(`Variabilní symbol: ${stop!.intern_id}`)).toBeVisible();
  await dialog.getByLabel('Jméno přebírajícího').fill('Marie Svobodová');
  await sign(page);
  await page.screenshot({ path: testInfo.outputPath('delivery-dialog-qr-cs.png') });
  expect(await seriousFindings(page), 'the delivery dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Uložit doručení' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pending-action')).toHaveCount(1);
  await expect.poll(() => sent).toBe(1);
  expect(await seriousFindings(page), 'the day with its outbox').toEqual([]);
  // "Odeslat hned" while the answer is still lost: sent a second time, still waiting.
  // (A press while the first send is still out joins that round, which then stops at its failure.)
  await expect(async () => {
    await page.getByRole('button', { name: 'Odeslat hned' }).click();
    await expect.poll(() => sent, { timeout: 1_000 }).toBeGreaterThanOrEqual(2);
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('pending-action')).toHaveCount(1);

  // The signal is back; the page is reloaded and sends the outbox on load: the server knows the key.
  await expect.poll(() => inFlight).toBe(0);
  await page.unroute('**/api/driver/order/*/delivered');
  await page.reload();
  await unfold(page, stop!, 15_000);
  await expect(card(page, stop!).getByTestId('stop-delivered')).toContainText('Marie Svobodová', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('pending-action')).toHaveCount(0);

  const { delivery } = (await (await office.request.get(`/api/order/${stop!.id}/delivery`)).json()) as {
    delivery: Proof;
  };
  expect(delivery.receiver_name).toBe('Marie Svobodová');
  expect(delivery.lines.every((l) => l.delivered_amount === l.ordered_amount)).toBe(true);
  // Three sends, one record: each product left the stock once.
  expect((await movedSince(office, stop!, before)).length).toBeGreaterThan(0);
  await office.close();
});

test('an action the server refuses stays listed as refused until the driver dismisses it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const mine = await moreStops(browser, baseURL, 1);
  await signIn(page, 'driver', { path: null });
  const stop = (await openStops(page)).find((s) => mine.includes(s.id));
  expect(stop, 'the driver has the open stop made for this test').toBeTruthy();
  await page.goto('/driver');
  await expect(card(page, stop!).getByRole('button', { name: 'Vyrážím' })).toBeVisible();
  // Meanwhile the office cancels the order: the driver's "on the way" is refused for real (409).
  const office = await officePage(browser, baseURL);
  expect(await officeCall(office, 'DELETE', `/api/order/${stop!.id}/delete`)).toBe(200);
  try {
    await card(page, stop!).getByRole('button', { name: 'Vyrážím' }).click();
    const refused = page.getByRole('region', { name: 'Neodeslané záznamy' }).getByTestId('pending-action');
    await expect(refused).toContainText(`Obj. ${stop!.intern_id} · vyrážím`);
    await expect(refused).toContainText('Odmítnuto: Objednávka je zrušená, nic se nedoručuje.');
    // Refused is not waiting: no badge.
    await expect(page.getByTestId('pending-badge')).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath('refused-cs.png') });
    await refused.getByRole('button', { name: 'Zavřít' }).click();
    await expect(refused).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Neodeslané záznamy' })).toBeHidden();
  } finally {
    expect(await officeCall(office, 'PUT', `/api/order/${stop!.id}/restore`)).toBe(200);
    await office.close();
  }
});

/** A write of the office through its signed-in page, with the CSRF token as the web app sends it. */
async function officeCall(office: Page, method: 'PUT' | 'DELETE', url: string): Promise<number> {
  return office.evaluate(
    async ([m, u]) => {
      const token = /(?:^|; )csrftoken_new=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      return (await fetch(u, { method: m, headers: { 'x-csrftoken': decodeURIComponent(token) } })).status;
    },
    [method, url] as const,
  );
}
