#!/usr/bin/env node
// Total Blocking Time measured in Chromium itself at 4× CPU (DevTools' throttling), beside
// Lighthouse's simulated figure (bench/lighthouse.mjs). Lighthouse runs the page unthrottled with
// its tracing on and multiplies every task by 4, so on a busy machine its TBT moves by hundreds of
// milliseconds between runs. Here each build is loaded in turn, signed in as the driver, traced with
// the CPU slowed 4×, and the main thread's tasks after the first contentful paint count for what
// they take over 50 ms. Builds are compared alternately, run by run (decision 0104).
//   npm run build && node bench/throttled-tbt.mjs                    (TBT_RUNS=8, TBT_PAGE=/driver)
//   TBT_DISTS=web/dist,/tmp/old/web/dist node bench/throttled-tbt.mjs (one server per build)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';

const root = path.resolve(import.meta.dirname, '..');
const runs = Math.max(1, Number(process.env.TBT_RUNS ?? 8));
const pagePath = process.env.TBT_PAGE ?? '/driver';
const dists = (process.env.TBT_DISTS ?? 'web/dist').split(',').map((d) => path.resolve(root, d));

const servers = dists.map((dist, i) => {
  const port = 3430 + i;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-tbt-')),
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      MAP_TILES_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { dist, base: `http://127.0.0.1:${port}`, child, tbt: [] };
});
process.on('exit', () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
});

for (const s of servers) {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error(`the server of ${s.dist} did not start`);
    if (
      await fetch(`${s.base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Blocking time after the first contentful paint in a trace of the page's main thread. */
function blockingTime(events) {
  const threads = new Map();
  for (const e of events)
    if (e.name === 'thread_name' && e.args.name === 'CrRendererMain') threads.set(`${e.pid}:${e.tid}`, 0);
  for (const e of events)
    if (threads.has(`${e.pid}:${e.tid}`))
      threads.set(`${e.pid}:${e.tid}`, threads.get(`${e.pid}:${e.tid}`) + 1);
  const main = [...threads].sort((a, b) => b[1] - a[1])[0][0];
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && `${e.pid}:${e.tid}` === main)?.ts;
  if (fcp === undefined) return null;
  let blocking = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || `${e.pid}:${e.tid}` !== main) continue;
    const over = (e.ts + e.dur - Math.max(e.ts, fcp)) / 1000 - 50;
    if (over > 0) blocking += over;
  }
  return Math.round(blocking);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const viewport = { width: 390, height: 844 };
try {
  for (let run = 0; run < runs; run++) {
    for (const s of servers) {
      const api = await browser.newContext({ baseURL: s.base });
      const page0 = await api.newPage();
      await page0.goto('/');
      await page0.getByLabel(/^Uživatelské jméno/).fill('driver');
      await page0.getByLabel(/^Heslo/).fill('demo');
      await page0.keyboard.press('Enter');
      await page0.waitForURL(/\/driver$/);
      const storageState = await api.storageState();
      await api.close();
      const context = await browser.newContext({
        baseURL: s.base,
        storageState,
        viewport,
        serviceWorkers: 'block',
      });
      await context.addInitScript(() => localStorage.setItem('lang', 'cs'));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const file = path.join(os.tmpdir(), `letokruh-tbt-${process.pid}.json`);
      await browser.startTracing(page, {
        path: file,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
      });
      await page.goto(pagePath);
      // The takeover is over once the page has been quiet: no task of 50 ms for 3 s.
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            let timer = setTimeout(resolve, 3000);
            new PerformanceObserver(() => {
              clearTimeout(timer);
              timer = setTimeout(resolve, 3000);
            }).observe({ type: 'longtask' });
          }),
      );
      await browser.stopTracing();
      const tbt = blockingTime(JSON.parse(fs.readFileSync(file, 'utf8')).traceEvents);
      fs.rmSync(file, { force: true });
      await context.close();
      s.tbt.push(tbt);
      console.log(`${path.relative(root, s.dist) || s.dist} run ${run + 1}: TBT ${tbt} ms`);
    }
  }
} finally {
  await browser.close();
}
const median = (xs) => {
  const sorted = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};
for (const s of servers)
  console.log(
    JSON.stringify({ build: s.dist, page: pagePath, cpu: 4, runs: s.tbt, medianTbt: median(s.tbt) }),
  );
