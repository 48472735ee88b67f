import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signIn, startInCzech } from './helpers';
import { expect, sameClock, test } from './test';

/**
 * domain.md §2.11 Undoing a delivery (decision 0074): the office sets a delivered order back to not
 * done; the order's page then shows the proof kept for the record, as void, with who and when.
 * And a proof is for the order's own driver and the office: another driver of the warehouse gets
 * none.
 */

/** A 2 × 2 PNG standing in for the drawn signature. */
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

type Stop = {
  id: number;
  done: boolean;
  delivered: unknown;
  items: unknown[];
  warehouse: { name: string } | null;
};

/** The driver's phone records the delivery of their first open Jihlava stop; the order's id. */
async function deliverFirstStop(page: Page): Promise<number> {
  const day = (await (await page.request.get('/api/driver/day')).json()) as { days: { stops: Stop[] }[] };
  const stop = day.days
    .flatMap((d) => d.stops)
    .find((s) => !s.done && !s.delivered && s.items.length > 0 && s.warehouse?.name === 'Sklad Jihlava')!;
  const record = {
    key: randomUUID(),
    at: new Date().toISOString(),
    receiver_name: 'Radomír Převzal',
    position: null,
    lines: [],
    cash_received: null,
    note: '',
  };
  const status = await page.evaluate(
    async ({ id, record, png }) => {
      const form = new FormData();
      form.append('delivery', JSON.stringify(record));
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      form.append('signature', new Blob([bytes], { type: 'image/png' }), 'signature.png');
      const token = /(?:^|; )csrftoken_new=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const answer = await fetch(`/api/driver/order/${id}/delivered`, {
        method: 'POST',
        body: form,
        headers: { 'X-CSRFTOKEN': decodeURIComponent(token) },
      });
      return answer.status;
    },
    { id: stop.id, record, png },
  );
  expect(status).toBe(200);
  return stop.id;
}

test('the office undoes a delivered order: its page shows the proof void, kept for the record', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000); // three users sign in
  await startInCzech(page);
  // driver2's stop: the demo driver's open stops are driver-delivery.spec.ts's to use.
  await signIn(page, 'driver2');
  const id = await deliverFirstStop(page);

  const context = await browser.newContext({ baseURL });
  await sameClock(context);
  const office = await context.newPage();
  await startInCzech(office);
  await signIn(office, 'dispatcher', { path: `/order/${id}` });
  const proof = office.getByRole('region', { name: 'Doručeno a převzato' });
  await expect(proof).toContainText('Radomír Převzal');
  await office.getByTestId('order-actions').getByRole('button', { name: 'Vrátit do nedokončených' }).click();
  await office.getByRole('dialog').getByRole('button', { name: 'Vrátit do nedokončených' }).click();

  const voided = office.getByRole('region', { name: 'Doručení zrušeno' });
  await expect(voided).toContainText('Kancelář vrátila objednávku do nedokončených');
  await expect(voided).toContainText('Radomír Převzal');
  await expect(office.getByRole('region', { name: 'Doručeno a převzato' })).toHaveCount(0);
  await expect(voided.getByRole('img', { name: 'Podpis příjemce: Radomír Převzal' })).toBeVisible();

  // Another driver of the warehouse (the demo driver serves Jihlava too) sees the order, no proof.
  const other = await context.browser()!.newContext({ baseURL });
  const driver = await other.newPage();
  await startInCzech(driver);
  await signIn(driver, 'driver', { path: `/order/${id}` });
  await expect(driver.getByRole('heading', { level: 2 })).toBeVisible();
  expect((await driver.request.get(`/api/order/${id}/delivery`)).status()).toBe(404);
  await expect(driver.getByRole('region', { name: /Doručen/ })).toHaveCount(0);
  await other.close();
  await context.close();
});
