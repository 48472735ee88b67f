import type { Browser, Page } from '@playwright/test';
import { call, signIn } from './helpers';
import { expect } from './test';

/**
 * The office gives the demo driver `count` more cash stops today, late in the day (after the demo's
 * own), from the driver's warehouse: 3 PRMS of a product of its own at 1 210 Kč. Answers their ids:
 * a test that acts on a stop acts on one of its own, never on one another test may have touched.
 */
export async function moreStops(
  browser: Browser,
  baseURL: string | undefined,
  count: number,
): Promise<number[]> {
  const context = await browser.newContext({ baseURL });
  const office = await context.newPage();
  await signIn(office, 'owner');
  const users = (await call(office, 'GET', '/users?per_page=100')).json.items as {
    id: number;
    username: string;
  }[];
  const driverId = users.find((u) => u.username === 'driver')!.id;
  const warehouses = (await call(office, 'GET', '/warehouses?per_page=100')).json.items as {
    id: number;
    name: string;
  }[];
  const jihlava = warehouses.find((w) => w.name === 'Sklad Jihlava')!.id;
  const carId = (await call(office, 'GET', `/warehouse/${jihlava}`)).json.item.cars[0].id as number;
  const customers = (await call(office, 'GET', '/customers?per_page=20')).json.items as { id: number }[];
  const added = await call(office, 'POST', '/product/add', {
    name: `Buk štípaný ${Math.random().toString(36).slice(2, 7)} 33 cm`,
    shorten_name: 'BUK',
    type: 'Tvrdé',
    length: 33,
    measurement_unit: 'PRMS',
    priceForm: [{ currency: 'CZK', price: 1210, vat: 21 }],
  });
  expect(added.status).toBe(201);
  const productId = added.json.item.id as number;
  expect(
    (await call(office, 'POST', `/warehouse/${jihlava}/add_product`, { product_id: productId })).status,
  ).toBe(201);
  expect((await call(office, 'PUT', `/update_stock/${jihlava}/${productId}`, { amount: 100 })).status).toBe(
    200,
  );
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date());
  const made: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = (await call(office, 'GET', '/order/add')).json.id as number;
    made.push(id);
    expect(
      (await call(office, 'POST', `/order/${id}/customer`, { id_found: customers[10 + i]!.id })).status,
    ).toBe(200);
    const items = await call(office, 'POST', `/order/${id}/items`, {
      warehouse_id: jihlava,
      currency: 'CZK',
      products: [{ amount: 3, product: { product: { id: productId } } }],
      confirm_short_stock: true,
      short_stock_reason: 'Zkouška dne řidiče',
    });
    expect(items.status, JSON.stringify(items.json)).toBe(200);
    const intern = await call(office, 'POST', `/order/${id}/intern`, {
      payment_type: 'cash',
      expected_delivery_duration: 30,
      expected_delivery_date: today,
      expected_delivery_time: `23:${String(10 + i * 10).padStart(2, '0')}`,
      driver_id: driverId,
      car_id: carId,
      confirm_overlap: true,
    });
    expect(intern.status, JSON.stringify(intern.json)).toBe(200);
  }
  await context.close();
  return made;
}

/** Draws a signature on the delivery dialog's pad. */
export async function sign(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (const [x, y] of [
    [70, 60],
    [110, 130],
    [150, 50],
    [200, 120],
    [250, 70],
  ] as const)
    await page.mouse.move(box.x + x, box.y + y, { steps: 6 });
  await page.mouse.up();
}

/**
 * Whether the driver's day is kept on the phone (IndexedDB, decision 0078). Asked before the app
 * made its database, the check makes none: an empty one of version 1 would stop the app's own
 * `upgrade` from creating its stores, and the day would never be kept.
 */
export const keptDay = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('letokruh-driver-day');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('day')) {
            database.close();
            resolve(false);
            return;
          }
          const get = database.transaction('day').objectStore('day').get('last');
          get.onsuccess = () => resolve(Boolean(get.result));
          get.onerror = () => resolve(false);
          get.transaction!.oncomplete = () => database.close();
        };
        open.onerror = () => resolve(false);
      }),
  );
