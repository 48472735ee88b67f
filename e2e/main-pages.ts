import { expect, type Page } from '@playwright/test';
import { goWithinApp, trackNetwork } from './helpers';

/** A main page of the app as the phone and accessibility runs visit it (decision 0032). */
export type MainPage = {
  name: string;
  path: string;
  /** Its list's first row, where it has one: it must show on a phone's first screen. */
  firstRow?: (page: Page) => ReturnType<Page['locator']>;
};

/** A list's first row: a table's, or on a phone the first of the rows drawn as cards. */
const firstBodyRow = (page: Page) =>
  page.locator('main tbody tr, main [data-testid="row-cards"] article').first();

/** The first link on a list page whose address matches, e.g. the first order of the list. */
async function firstLink(page: Page, path: string, href: RegExp): Promise<string> {
  await page.goto(path);
  await expect(page.locator('main tbody tr, main [data-testid="order-card"]').first()).toBeVisible();
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const found = hrefs.find((h) => href.test(h));
  if (!found) throw new Error(`no link like ${href} on ${path}`);
  return found;
}

/** The main pages axe-core scans at a desk and on a phone (decision 0032; login before signing in). */
export const scannedPages: ReadonlySet<string> = new Set([
  'dashboard',
  'orders',
  'order',
  'order-items',
  'customers',
  'customer-form',
  'products',
  'warehouses',
  'warehouse-vacations',
  'user-vacations',
  'overviews',
  'transportations',
  'users',
  'account',
]);

/** The main pages, with the demo data's first order, customer, product, warehouse and transport. */
export async function mainPages(page: Page): Promise<MainPage[]> {
  const order = await firstLink(page, '/orders', /^\/order\/\d+$/);
  const customer = await firstLink(page, '/customers', /^\/customer\/\d+$/);
  const product = await firstLink(page, '/products', /^\/product\/change-price\/\d+$/);
  const warehouse = await firstLink(page, '/warehouses', /^\/warehouse\/\d+$/);
  const transportation = await firstLink(page, '/transportations', /^\/transportation\/\d+$/);
  return [
    { name: 'dashboard', path: '/dashboard' },
    // On a phone the order list is a card per order (decision 0082).
    {
      name: 'orders',
      path: '/orders',
      firstRow: (page) => page.locator('main tbody tr, main [data-testid="order-card"]').first(),
    },
    { name: 'order', path: order },
    { name: 'order-customer', path: `${order}/customer` },
    { name: 'order-items', path: `${order}/items` },
    { name: 'order-intern', path: `${order}/intern` },
    { name: 'customers', path: '/customers', firstRow: firstBodyRow },
    { name: 'customer', path: customer },
    { name: 'customer-form', path: '/customer/add' },
    { name: 'products', path: '/products', firstRow: firstBodyRow },
    { name: 'product', path: product },
    { name: 'warehouses', path: '/warehouses', firstRow: firstBodyRow },
    { name: 'stock', path: warehouse, firstRow: firstBodyRow },
    { name: 'warehouse-vacations', path: '/warehouse-vacations', firstRow: firstBodyRow },
    { name: 'user-vacations', path: '/user-vacations', firstRow: firstBodyRow },
    { name: 'overviews', path: '/overviews' },
    { name: 'transportations', path: '/transportations', firstRow: firstBodyRow },
    { name: 'transportation', path: transportation },
    { name: 'users', path: '/users', firstRow: firstBodyRow },
    { name: 'account', path: '/account' },
    { name: 'calculations', path: '/calculations' },
    { name: 'driver-day', path: '/driver' },
  ];
}

/**
 * Opens a page and waits until it has drawn its heading and, for a list, its first row. `withinApp`:
 * through the router (helpers.ts `goWithinApp`), what the last page drew marked first, so that
 * only an unmarked heading counts as the new page's.
 */
export async function openPage(page: Page, target: MainPage, { withinApp = false } = {}): Promise<void> {
  // Not `networkidle`: the live board's stream never ends (helpers.ts `trackNetwork`).
  const quiet = trackNetwork(page);
  const moved = withinApp && (await goWithinApp(page, target.path, { mark: true }));
  if (!moved) await page.goto(target.path);
  const fresh = moved ? ':not([data-left])' : '';
  await expect(page.locator(`main h1${fresh}, main h2${fresh}, main h3${fresh}`).first()).toBeVisible();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === target.path);
  if (target.firstRow) await expect(target.firstRow(page)).toBeVisible();
  await quiet();
  // Scanned and photographed as drawn, not half-loaded (the overviews load block by block).
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
}
