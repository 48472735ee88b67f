// Decision 0047: LCP and INP of the dashboard on the demo data, in headless Chromium, with the
// server the other browser tests start (fresh embedded database, demo accounts). The dashboard is
// loaded cold (empty cache, signed in) and clicked through: weeks on and back, an order's overlay
// opened and closed, the ids and a warehouse toggled. The figures go to the console and to
// test-results/web-vitals.json (VITALS_OUT to change it).
//
// What is enforced (decision 0101):
// - the login page within its 250 KiB of gzipped JavaScript;
// - the targets, LCP within 1.5 s and INP within 100 ms, on the median of the runs (unthrottled);
//   slowed (VITALS_CPU_SLOWDOWN), LCP is held to 6 s and INP only reported.
//   The LCP element was once an order's block (decision 0047); since the week draws its header
//   first it is the week's title. The test also reports when the week's first card was drawn.
// Options: VITALS_RUNS=5 measures five times and records the median (npm test does so on CI);
// VITALS_CPU_SLOWDOWN=4 slows the CPU as a mid-range phone would (Chromium's CPU throttling);
// VITALS_STRICT=0 only reports an INP over the target (a machine under heavy load).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { clickableBlock, trackNetwork } from './helpers';
import { installVitals, readInp, readPageTimings } from './perf/vitals';
import { type Browser, expect, type Page, type Request, type Response, sameClock, test } from './test';

const out =
  process.env.VITALS_OUT ?? path.resolve(import.meta.dirname, '..', 'test-results', 'web-vitals.json');
const KiB = 1024;
const runs = Math.max(1, Number(process.env.VITALS_RUNS ?? 1));
const cpuSlowdown = Math.max(1, Number(process.env.VITALS_CPU_SLOWDOWN ?? 1));
const strict = process.env.VITALS_STRICT !== '0';
/** Waits for the page generously: a busy machine or a slowed CPU must not fail the figures. */
const soon = expect.configure({ timeout: 15_000 * cpuSlowdown });
const round = (n: number | null) => (n === null ? null : Math.round(n));

/**
 * Resolves once the page has had no request in flight for 300 ms (waitForLoadState('networkidle')
 * answers at once after the first load, so it cannot wait for what a click fetches; nor does it
 * leave out the live board's stream, which never ends).
 */
const quietNetwork = (page: Page) => trackNetwork(page, 300);

/** Lets the browser paint and report the Event Timing entries of what just happened. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 50))));

/** The login page in a fresh context: what JavaScript it fetches; then signs in and keeps the cookies. */
async function loginPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  await sameClock(context);
  await context.addInitScript(() => localStorage.setItem('lang', 'cs'));
  await installVitals(context);
  const page = await context.newPage();
  const scripts: { url: string; raw: number; gzip: number; transferred: number }[] = [];
  const pending: Promise<void>[] = [];
  // Once the user types on the login page, the frame of the page after sign-in and its
  // chunks are asked for (decision 0092): not what the login page needs, so not counted.
  const forTheNextPage = new Set<Request>();
  let frameAsked = false;
  page.on('request', (request) => {
    if (/\/app-frame-[^/]*\.js$/.test(new URL(request.url()).pathname)) frameAsked = true;
    if (frameAsked) forTheNextPage.add(request);
  });
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script' || forTheNextPage.has(response.request())) return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        scripts.push({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: zlib.gzipSync(body).length,
          transferred: sizes.responseBodySize,
        });
      })(),
    );
  };
  page.on('response', onResponse);
  await page.goto('/');
  await soon(page.getByLabel(/^Uživatelské jméno/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Only the login page's scripts: what signing in loads next is the dashboard's.
  page.off('response', onResponse);
  await Promise.all(pending);
  const timings = await readPageTimings(page);
  const loginScripts = [...scripts];

  await page.getByLabel(/^Uživatelské jméno/).fill('dispatcher');
  await page.getByLabel(/^Heslo/).fill('demo');
  await page.keyboard.press('Enter');
  await soon(page).toHaveURL(/\/dashboard$/);
  const storageState = await context.storageState();
  await context.close();
  const sum = (key: 'raw' | 'gzip' | 'transferred') =>
    Math.round((loginScripts.reduce((s, c) => s + c[key], 0) / KiB) * 10) / 10;
  return {
    storageState,
    login: {
      lcp: round(timings.lcp),
      lcpElement: timings.lcpElement,
      scripts: loginScripts.length,
      jsKiB: { raw: sum('raw'), gzip: sum('gzip'), transferred: sum('transferred') },
    },
  };
}

/** The dashboard loaded cold (empty cache, signed in), then clicked through as a dispatcher would. */
async function dashboard(browser: Browser, baseURL: string, cpuSlowdown: number) {
  const { storageState, login } = await loginPage(browser, baseURL);
  const context = await browser.newContext({ baseURL, storageState });
  await sameClock(context);
  await context.addInitScript(() => localStorage.setItem('lang', 'cs'));
  await installVitals(context);
  // When the dispatcher first sees an order: the first card of the week put into the page.
  await context.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('.week-card')) return;
      (window as unknown as { __firstCard: number }).__firstCard = performance.now();
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  let requests = 0;
  page.on('request', () => requests++);
  const idle = quietNetwork(page);

  await page.goto('/dashboard');
  await soon(page.getByTestId('week-calendar')).toBeVisible();
  // The week's orders drawn: the figures and the clicks below are of the calendar as the
  // dispatcher sees it, not of an empty grid (before decision 0047 the first request went 1 s after
  // the page opened, so LCP was read and the weeks clicked before any order was drawn).
  await soon(page.locator('.week-card').first()).toBeVisible();
  await idle();
  const title = page.getByTestId('calendar-title');
  await soon(title).toHaveText(/\d+\. týden/);
  const timings = await readPageTimings(page);
  const firstCard = await page.evaluate(
    () => (window as unknown as { __firstCard?: number }).__firstCard ?? null,
  );
  const loadRequests = requests;

  // The interactions: a week on and back, today; an order's overlay opened and closed twice
  // (button, Escape); the ids shown and hidden; a warehouse off and on again.
  const steps: string[] = [];
  const weekStep = async (name: string) => {
    const before = await title.textContent();
    await page.getByRole('button', { name, exact: true }).click();
    await soon(title).not.toHaveText(before ?? '');
    await idle();
    await settle(page);
    steps.push(name);
  };
  await weekStep('Další');
  await weekStep('Předchozí');
  await weekStep('Další');
  await page.getByRole('button', { name: 'Dnes', exact: true }).click();
  await idle();
  await settle(page);
  steps.push('Dnes');

  // The demo data has about eight orders a working day around today: this week shows some.
  const blocks = page.locator('.week-card');
  await soon(blocks.first()).toBeVisible();
  for (const close of ['button', 'Escape'] as const) {
    // Not simply the first block: on a busy day it can lie under an overlapping one.
    const { block, position } = await clickableBlock(blocks);
    await block.click({ position });
    const overlay = page.getByRole('dialog');
    await soon(overlay).toBeVisible();
    await idle();
    await settle(page);
    if (close === 'button') await overlay.getByRole('button', { name: 'Zavřít' }).click();
    else await page.keyboard.press('Escape');
    await soon(overlay).toBeHidden();
    await settle(page);
    steps.push(`order overlay open, close by ${close}`);
  }
  const ids = page.getByRole('checkbox', { name: 'Zobrazit čísla' });
  await ids.check();
  await settle(page);
  await ids.uncheck();
  await settle(page);
  steps.push('ids on, off');
  const warehouse = page.getByRole('checkbox', { name: 'Sklad Třebíč' });
  await warehouse.uncheck();
  await idle();
  await settle(page);
  await warehouse.check();
  await idle();
  await settle(page);
  steps.push('warehouse off, on');

  const { inp, reports } = await readInp(page);
  await context.close();
  return {
    cpuSlowdown,
    login,
    dashboard: {
      ttfb: round(timings.ttfb),
      fcp: round(timings.fcp),
      domContentLoaded: round(timings.domContentLoaded),
      load: round(timings.load),
      lcp: round(timings.lcp),
      lcpElement: timings.lcpElement,
      firstCard: round(firstCard),
      requests: loadRequests,
      steps,
      // web-vitals' INP of the interactions above, and what it says made the longest one long.
      inp: inp?.value ?? null,
      inpAttribution: inp,
      inpReports: reports,
    },
  };
}

function record(name: string, figures: object) {
  const all = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
  all[name] = {
    measuredAt: new Date().toISOString(),
    chromium: test.info().project.use.browserName,
    ...figures,
  };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`web vitals, ${name} (written to ${out}):\n${JSON.stringify(figures, null, 2)}`);
}

const median = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)]! : null;
};

test("dashboard web vitals on the demo data: LCP, INP, the login page's JavaScript", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(runs * 40_000 * cpuSlowdown);
  const measured = [];
  for (let i = 0; i < runs; i++) measured.push(await dashboard(browser, baseURL!, cpuSlowdown));
  const lcp = median(measured.map((m) => m.dashboard.lcp));
  const inpMedian = median(measured.map((m) => m.dashboard.inp));
  const firstCard = median(measured.map((m) => m.dashboard.firstCard));
  const loginGzip = measured[0]!.login.jsKiB.gzip;
  record(cpuSlowdown > 1 ? `cpu-${cpuSlowdown}x` : 'unthrottled', {
    runs,
    summary: {
      loginJsGzipKiB: loginGzip,
      dashboardLcpMs: lcp,
      dashboardInpMs: inpMedian,
      firstCardMs: firstCard,
    },
    measured,
  });
  test.info().annotations.push({
    type: 'web vitals',
    description: `login JS ${loginGzip} KiB gzip; dashboard LCP ${lcp} ms, INP ${inpMedian} ms, first order card ${firstCard} ms (median of ${runs})`,
  });

  expect(loginGzip).toBeLessThanOrEqual(250);
  // Every run went through its eight steps and web-vitals measured an INP of them.
  expect(measured.every((m) => m.dashboard.steps.length >= 8 && m.dashboard.inp !== null)).toBe(true);
  expect(lcp).not.toBeNull();
  // The targets, not looser bounds (see the top of this file).
  expect(lcp!).toBeLessThanOrEqual(cpuSlowdown > 1 ? 6000 : 1500);
  if (strict && cpuSlowdown === 1) expect(inpMedian!).toBeLessThanOrEqual(100);
  else if (inpMedian! > 100)
    console.warn(`INP ${inpMedian} ms is over the 100 ms target (slowed or VITALS_STRICT=0: not failed)`);
});
