import { goWithinApp, isLiveStream, signIn } from './helpers';
import type { Browser, Locator, Page, Request, Route } from './test';
import { expect, sameClock, test } from './test';

/**
 * Decision 0029: no visible action answers 403. Each demo user but the owner (who holds every
 * permission) walks every page their navigation and
 * pages link to, follows every link, and clicks every distinct button, menu item and confirming
 * dialog button of each page. Nothing is written: every call that changes data is sent on with
 * its record ids swapped for one no row has and an empty body (the guard decides before the
 * record or the body is looked at, so a refused call still answers 403 and an allowed one 400 or
 * 404), and the writing GETs go as HEAD (405 when allowed). A page that shows "no permission"
 * after a visible link counts as a 403 too.
 */

const users = ['owner', 'dispatcher', 'technician', 'warehouseman', 'driver'] as const;
const denied = 'You do not have permission for this action.';
const writingGets = [/^\/api\/order\/add$/, /^\/api\/order\/\d+\/copy$/];
/** Buttons that end the walk itself or change only this browser: not what the test asks about. */
const skipped = /^(Log out|Odhlásit|English|Čeština|Czech)/i;
const cancel = /^(Cancel|Close|Zrušit|Zavřít|No|Ne|Back|Zpět)$/i;

type Walk = { page: Page; refused: string[]; where: string; pending: Set<Request> };

/** Sends a call on so that it cannot change anything, keeping what the guard answers. */
async function probe(walk: Walk, route: Route): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  const path = url.pathname;
  const writingGet = request.method() === 'GET' && writingGets.some((re) => re.test(path));
  if ((request.method() === 'GET' && !writingGet) || path.startsWith('/api/auth/log')) {
    await route.continue();
    return;
  }
  url.pathname = path.replace(/\/\d+(?=\/|$)/g, '/987654');
  const response = await route.fetch({
    url: url.toString(),
    method: writingGet ? 'HEAD' : request.method(),
    headers: { ...request.headers(), 'content-type': 'application/json' },
    postData: writingGet ? undefined : '{}',
  });
  if (response.status() === 403) walk.refused.push(`${request.method()} ${path} (${walk.where})`);
  await route.fulfill({ response });
}

/**
 * Until nothing of the app has been under way for a moment (at most 2.5 s): 200 ms after a click,
 * whose calls start at once; 500 ms after a page opens, whose list may ask only after its filters
 * settled. (It counted requests before and missed the ones a new document cut off: it always
 * waited the 2.5 s, and read a page too early or late by chance: no button of /orders was clicked.)
 */
async function settle(walk: Walk, quietMs = 200): Promise<void> {
  let quiet = 0;
  for (let waited = 0; waited < 2_500 && quiet < quietMs; waited += 50) {
    await walk.page.waitForTimeout(50);
    quiet = walk.pending.size > 0 ? 0 : quiet + 50;
  }
}

const pattern = (text: string) => text.replace(/\d+/g, 'N').replace(/\?.*$/, '');

/** Whether the page shows `url`, with nothing open over it. */
async function showing(page: Page, url: string): Promise<boolean> {
  const here = new URL(page.url());
  return !(await overlayOpen(page)) && `${here.pathname}${here.search}` === url;
}

/**
 * Goes to `url` within the app (helpers.ts `goWithinApp`), and loads it as a new document only
 * when the app did not get there: a new document runs the app's code again, a second of every
 * page and of every click that left it.
 */
async function open(walk: Walk, url: string): Promise<void> {
  const { page } = walk;
  walk.where = url;
  walk.pending.clear();
  if (await goWithinApp(page, url)) {
    await settle(walk, 500);
    if (await showing(page, url)) return;
  }
  // A new document ends what the old one had under way (the browser does not always say so).
  walk.pending.clear();
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 10_000 }).catch(() => undefined);
  await settle(walk, 500);
}

type Button = { name: string; look: string; index: number };

/**
 * The visible, enabled buttons (or `selector`'s elements) of `within`: their names, their look (class names) and their place
 * among its buttons. A button is found again by name and look, and clicked by its place: the name
 * read here (its label or text) is not always the accessible name a role query matches.
 */
async function visibleButtons(within: Locator, selector = 'button'): Promise<Button[]> {
  const all = await within.locator(selector).evaluateAll((elements) =>
    elements.map((e, index) => {
      const box = e.getBoundingClientRect();
      return {
        shown: box.width > 0 && box.height > 0 && !(e as HTMLButtonElement).disabled,
        name: (e.getAttribute('aria-label') ?? e.textContent ?? '').trim(),
        look: e.getAttribute('class') ?? '',
        index,
      };
    }),
  );
  return all.filter((b) => b.shown).map(({ name, look, index }) => ({ name, look, index }));
}

/** The names of the visible, enabled elements `selector` finds in `within` (dialog buttons, menu items). */
const visibleNames = async (within: Locator, selector: string) =>
  (await visibleButtons(within, selector)).map((b) => b.name);

/** Clicks the button of that name and look as the page now shows it; false when it is not there. */
async function clickButton(within: Locator, target: Button): Promise<boolean> {
  const now = (await visibleButtons(within)).find((b) => b.name === target.name && b.look === target.look);
  if (!now) return false;
  return within
    .locator('button')
    .nth(now.index)
    .click({ timeout: 2_000 })
    .then(() => true)
    .catch(() => false);
}

/** Confirms what a click opened: the first button of a dialog that is not a way out. */
async function confirmDialog(walk: Walk): Promise<void> {
  const dialog = walk.page.getByRole('dialog').last();
  if (!(await dialog.isVisible().catch(() => false))) return;
  const names = await visibleNames(dialog, 'button');
  const name = names.find((n) => n && !cancel.test(n));
  if (name) {
    walk.where = `${walk.where} → confirm "${name}"`;
    await dialog
      .getByRole('button', { name, exact: true })
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await settle(walk);
  }
}

/** Whether a dialog or a menu is open over the page. */
const overlayOpen = (page: Page) =>
  page
    .locator('[role=dialog], [role=menu]')
    .first()
    .isVisible()
    .catch(() => false);

/** Back to the page as it loaded, unless it still is (same address, nothing open over it). */
async function back(walk: Walk, url: string): Promise<void> {
  await walk.page.keyboard.press('Escape').catch(() => undefined);
  if (!(await showing(walk.page, url))) await open(walk, url);
}

/**
 * Clicks each kind of button of a page once, starting on that page as loaded (the walk has just
 * opened it and read its links: a second load per page took a third of the walk); answers how
 * many kinds there were.
 */
async function clickEverything(walk: Walk, url: string): Promise<number> {
  const { page } = walk;
  const main = page.locator('main');
  // Each kind of button once. A name with a number in it names one of a repeated group (the
  // month's days, the week's orders, "Copy order 12" and "Copy order 13"): the group is one kind,
  // told by its look (its class), so that the 15 clicks reach the page's other buttons too.
  const kinds = new Map<string, Button>();
  for (const button of await visibleButtons(main)) {
    const kind = /\d/.test(button.name) ? `look ${button.look}` : `name ${button.name}`;
    if (button.name && !skipped.test(button.name) && !kinds.has(kind)) kinds.set(kind, button);
  }
  for (const button of [...kinds.values()].slice(0, 15)) {
    await back(walk, url);
    walk.where = `${url} → ${button.name}`;
    if (!(await clickButton(main, button))) continue;
    await settle(walk);
    const items = [...new Set(await visibleNames(page.locator('body'), '[role=menuitem]'))].filter(Boolean);
    if (!items.length) {
      await confirmDialog(walk);
      continue;
    }
    for (const item of items) {
      await back(walk, url);
      walk.where = `${url} → ${button.name} → ${item}`;
      if (!(await clickButton(main, button))) continue;
      await page
        .getByRole('menuitem', { name: item, exact: true })
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      await settle(walk);
      await confirmDialog(walk);
    }
  }
  return kinds.size;
}

/** The links behind the header's menus (the avatar's administration items, the vacations). */
async function menuLinks(page: Page): Promise<string[]> {
  const links: string[] = [];
  for (const trigger of await page.locator('header [aria-haspopup]').all()) {
    if (!(await trigger.isVisible())) continue;
    await trigger.click();
    await page
      .getByRole('menu')
      .first()
      .waitFor({ timeout: 2_000 })
      .catch(() => undefined);
    links.push(
      ...(await page
        .locator('[role=menu] a[href^="/"]')
        .evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''))),
    );
    await page.keyboard.press('Escape');
  }
  return links;
}

/** One user's walk in a browser context of its own: the pages seen and what the server refused. */
async function walkAs(browser: Browser, baseURL: string, username: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  await sameClock(context);
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  const walk: Walk = { page, refused: [], where: 'sign-in', pending: new Set() };
  // The app's own requests (its scripts and its calls; not the map's tiles from elsewhere).
  const own = (url: string) => new URL(url).origin === new URL(baseURL).origin;
  page.on('request', (request) => {
    // The live board's stream never ends: it is not something under way (helpers.ts).
    if (own(request.url()) && !isLiveStream(request)) walk.pending.add(request);
  });
  const done = (request: Request) => {
    walk.pending.delete(request);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() === 403 && path.startsWith('/api/') && response.request().method() === 'GET')
      walk.refused.push(`GET ${path} (${walk.where})`);
  });
  // A page that asks before leaving unsaved work is left all the same.
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, username);
  await page.route('**/api/**', (route) => probe(walk, route));

  const seen = new Set<string>();
  const queue = ['/dashboard', '/account'];
  const pages: string[] = [];
  const buttons: Record<string, number> = {};
  while (queue.length && pages.length < 30) {
    const url = queue.shift()!;
    if (seen.has(pattern(url))) continue;
    seen.add(pattern(url));
    await open(walk, url);
    if (await page.getByText(denied).first().isVisible()) walk.refused.push(`page ${url} says no permission`);
    pages.push(url);
    const hrefs = pages.length === 1 ? await menuLinks(page) : [];
    hrefs.push(
      ...(await page
        .locator('a[href^="/"]')
        .evaluateAll((links) =>
          links
            .filter((a) => a.getBoundingClientRect().width > 0 || a.closest('nav'))
            .map((a) => a.getAttribute('href') ?? ''),
        )),
    );
    for (const href of hrefs) {
      if (href.startsWith('/api/')) {
        const answer = await page.request.head(href);
        if (answer.status() === 403) walk.refused.push(`link ${href} on ${url}`);
      } else if (href !== '/' && !href.startsWith('/logout') && !seen.has(pattern(href))) queue.push(href);
    }
    buttons[url] = await clickEverything(walk, url);
  }
  const perPage = Object.entries(buttons).map(([url, n]) => `${url}: ${n}`);
  console.log(`${username}: ${pages.length} pages, buttons per page: ${perPage.join(', ')}`);
  await context.close();
  return { username, pages, buttons, refused: walk.refused };
}

// One test per user, spread over the workers (mode parallel): on CI's workers each runs one
// walk while the other worker takes other specs. The owner is not walked: the owner holds every
// permission (contracts/src/permissions.ts; server test permissions.test.ts checks the demo owner),
// so no guard can refuse the owner anything — the walk took 2.6 of CI's minutes to find nothing.
test.describe.configure({ mode: 'parallel' });
for (const username of users.filter((u) => u !== 'owner')) {
  test(`${username} sees no action that the server refuses`, async ({ browser, baseURL }) => {
    test.setTimeout(600_000);
    const walk = await walkAs(browser, baseURL!, username);
    expect(walk.pages.length).toBeGreaterThan(2);
    // The walk read the pages once loaded: every user's order list has buttons (filters, paging).
    expect(walk.buttons['/orders'], 'buttons clicked on /orders').toBeGreaterThan(0);
    expect(walk.refused, `visited ${walk.pages.join(', ')}`).toEqual([]);
  });
}
