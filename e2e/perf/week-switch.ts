// Decision 0026, "the calendar under load": how long after a click on "next week" the first order of
// that week is on screen, at the bench's busiest week, in headless Chromium.
//
//   node --import tsx e2e/perf/week-switch.ts --base http://127.0.0.1:3215 \
//     --database-url postgres://postgres@127.0.0.1:54339/cal_20k --runs 7
//
// The server must already run on a copy of a bench database (signing in writes a session:
//   createdb -h 127.0.0.1 -p 54339 -U postgres -T bench cal_20k   (seconds; bench_1m: about 10 s)
//   SEED_DEMO=never NODE_ENV=production LOG_LEVEL=warn PORT=3215 \
//     DATABASE_URL=postgres://postgres@127.0.0.1:54339/cal_20k node --import tsx server/src/main.ts
// after `npm run build`; see bench/README.md). With
// --database-url the busiest warehouse and week are read from it (one SELECT, nothing written);
// otherwise give --warehouse and --week (its Monday). Each run opens a fresh tab on the week
// before, waits until it is drawn, then clicks "next" and times, inside the page, from the click
// to the frame after the first order block of the busy week is laid out (or, for a week with a
// day of more than 60 orders, which the week view summarises, the first driver's summary block).
//   warm: the neighbouring week was prefetched, as the dashboard does once a week is drawn;
//   cold: its prefetch is made to fail, so the switch waits out the 500 ms of domain.md §1.9, asks the
//         server and draws (what a jump to a week not loaded before costs).
// The server's answer cache (ANSWER_CACHE_BYTES) is as in production: warm after the first run.
import { chromium, type Page } from '@playwright/test';
import pg from 'pg';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const base = args.get('base') ?? 'http://127.0.0.1:3215';
const user = args.get('user') ?? 'owner';
const password = args.get('password') ?? 'demo';
const runs = Number(args.get('runs') ?? 5);

const day = (d: string, n: number) => {
  const x = new Date(`${d}T12:00:00Z`);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
};

async function busiest(): Promise<{ warehouse: number; monday: string; orders: number }> {
  const url = args.get('database-url');
  if (!url)
    return { warehouse: Number(args.get('warehouse')), monday: args.get('week')!, orders: Number.NaN };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select warehouse_id, to_char(date_trunc('week', expected_delivery_date), 'YYYY-MM-DD') as monday,
              count(*)::int as n
         from orders where not hidden and expected_delivery_time is not null and warehouse_id is not null
        group by 1, 2 order by 3 desc limit 1`,
    );
    return { warehouse: rows[0].warehouse_id, monday: rows[0].monday, orders: rows[0].n };
  } finally {
    await client.end();
  }
}

/** Milliseconds from the click on "next" to the frame after an order of `monday`'s week is laid out. */
function timeSwitch(page: Page, monday: string): Promise<number> {
  const selector = Array.from(
    { length: 7 },
    (_, i) =>
      `.fc-timegrid-col[data-date="${day(monday, i)}"] .fc-event.order-block, ` +
      `.fc-daygrid-day[data-date="${day(monday, i)}"] .fc-event.summary-block`,
  ).join(', ');
  // A string, not a function: tsx would wrap the function's inner arrows in its __name helper,
  // which the page does not have.
  return page.evaluate(`new Promise((resolve) => {
    const next = document.querySelector('button[aria-label="Další"]');
    const t0 = performance.now();
    next.click();
    function check() {
      const el = document.querySelector(${JSON.stringify(selector)});
      if (el && el.getBoundingClientRect().height > 0)
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
      else requestAnimationFrame(check);
    }
    requestAnimationFrame(check);
  })`) as Promise<number>;
}

const target = await busiest();
const before = day(target.monday, -7);
const ordersOfBusy = (url: string | URL) =>
  String(url).includes('/get-orders') && String(url).includes(`dates=${target.monday}`);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const signIn = await context.newPage();
await signIn.goto(`${base}/`);
await signIn.locator('input').first().fill(user);
await signIn.locator('input[type=password]').fill(password);
await signIn.keyboard.press('Enter');
await signIn.waitForURL(/dashboard/);
await signIn.close();
await context.addInitScript(
  ([warehouse, date]) => {
    localStorage.setItem('lang', 'cs');
    sessionStorage.setItem(
      'dashboard:state',
      JSON.stringify({ warehouses: [warehouse], date, view: 'week', orderId: null }),
    );
  },
  [target.warehouse, before] as const,
);

const results: Record<'warm' | 'cold', number[]> = { warm: [], cold: [] };
for (let run = 0; run < runs; run++) {
  for (const kind of ['cold', 'warm'] as const) {
    const page = await context.newPage();
    if (kind === 'cold') await page.route(ordersOfBusy, (route) => route.abort());
    const prefetched = page.waitForResponse((r) => ordersOfBusy(r.url()) && r.ok(), { timeout: 60_000 });
    const failed = page.waitForEvent('requestfailed', {
      predicate: (r) => ordersOfBusy(r.url()),
      timeout: 60_000,
    });
    await page.goto(`${base}/dashboard?view=week&date=${before}`);
    await page.locator('.fc-event.order-block, .fc-event.summary-block').first().waitFor({ timeout: 60_000 });
    await (kind === 'warm' ? prefetched : failed);
    if (kind === 'cold') {
      // The query retries once a second later (retry: 1): that one must fail too.
      await page.waitForTimeout(1500);
      await page.unroute(ordersOfBusy);
      void prefetched.catch(() => {});
    } else void failed.catch(() => {});
    await page.waitForTimeout(300);
    const ms = await timeSwitch(page, target.monday);
    results[kind].push(Math.round(ms));
    console.log(`${kind} run ${run + 1}: ${Math.round(ms)} ms`);
    await page.close();
  }
}
await browser.close();

const summary = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, max: sorted.at(-1)!, runs: xs };
};
console.log(
  JSON.stringify(
    {
      base,
      warehouse: target.warehouse,
      week: target.monday,
      orders: target.orders,
      warm: summary(results.warm),
      cold: summary(results.cold),
    },
    null,
    2,
  ),
);
