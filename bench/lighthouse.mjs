#!/usr/bin/env node
// Lighthouse's mobile preset (its default: an emulated mid-range phone, 4× CPU slowdown, slow 4G,
// simulated throttling) on /login, /driver (signed in as a driver) and /dashboard (signed in as the
// owner), against a server of its own on a fresh embedded database with the demo data, in Debian's
// Chromium. Writes bench/results/lighthouse-<time>.json and .md, and fails when /login or /driver
// misses its target (decision 0079): performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1.
//
//   npm run build && node bench/lighthouse.mjs            (LH_PORT=3420, LH_RUNS=3: median of runs)
//   LH_REPORTS=<dir> also keeps each run's full Lighthouse report there (its long tasks, its chunks),
//   and the trace it was computed from (<name>.trace.json).
//   LH_PAGES=/driver,/login measures only those pages.
//
// Lighthouse 12.2.3 runs on Node 20; later 12.x want Node 22.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.LH_PORT ?? 3420);
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const base = `http://127.0.0.1:${port}`;
const targets = { performance: 90, lcp: 2500, tbt: 200, cls: 0.1 };
const pages = [
  { name: '/login', path: '/', user: null, enforced: true },
  { name: '/driver', path: '/driver', user: 'driver', enforced: true },
  { name: '/dashboard', path: '/dashboard', user: 'owner', enforced: false },
].filter((p) => !process.env.LH_PAGES || process.env.LH_PAGES.split(',').includes(p.name));

if (!fs.existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
  console.error('web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', MAP_TILES_URL: '' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

/** The session cookies of a demo user (password "demo"), as a Cookie header (bench/lib/session.ts's way). */
async function cookiesOf(username) {
  const cookies = new Map();
  const keep = (answer) => {
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const first = await fetch(`${base}/api/health`);
  await first.arrayBuffer();
  keep(first);
  const csrf = cookies.get('csrftoken_new');
  const answer = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': csrf,
      cookie: `csrftoken_new=${csrf}`,
      origin: base,
    },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${username}: ${answer.status} ${await answer.text()}`);
  keep(answer);
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Puts the user's cookies (or none) into the browser's own jar: a Cookie header Lighthouse adds
 * would be replaced on the page's own calls. Lighthouse keeps cookies between runs (it clears the
 * HTTP cache, the service workers and the cache storage, not cookies).
 */
async function signInBrowser(chrome, cookie) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const tab = await browser.newPage();
    await tab.deleteCookie(...(await tab.cookies(base)));
    const pairs = (cookie ?? '').split('; ').filter(Boolean);
    await tab.setCookie(
      ...pairs.map((pair) => {
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: base };
      }),
    );
    await tab.close();
  } finally {
    await browser.disconnect();
  }
}

async function measure(chrome, page, cookie) {
  await signInBrowser(chrome, cookie);
  const result = await lighthouse(
    `${base}${page.path}`,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Each run cold, as a phone opening the app after a while.
      disableStorageReset: false,
    },
    // No config: Lighthouse's default is the mobile preset (Moto G Power, 4× CPU, slow 4G).
  );
  const lhr = result.lhr;
  if (process.env.LH_REPORTS) {
    const name = `${page.name.replace(/\W+/g, '') || 'root'}-${Date.now()}.json`;
    fs.mkdirSync(process.env.LH_REPORTS, { recursive: true });
    fs.writeFileSync(path.join(process.env.LH_REPORTS, name), JSON.stringify(lhr));
    // And the trace it was computed from (its main thread's tasks, for the DevTools' performance panel).
    const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
    if (trace)
      fs.writeFileSync(
        path.join(process.env.LH_REPORTS, name.replace(/\.json$/, '.trace.json')),
        JSON.stringify(trace),
      );
  }
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    formFactor: lhr.configSettings.formFactor,
    throttling: lhr.configSettings.throttling,
    throttlingMethod: lhr.configSettings.throttlingMethod,
    lighthouseVersion: lhr.lighthouseVersion,
    // Lighthouse's own measure of the host's CPU: the simulated phone's timings scale with it, so
    // runs of different hours compare only at a like index.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    error: lhr.runtimeError?.code ?? null,
  };
}

await waitForServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
  ],
});
const figures = [];
let failed = false;
try {
  for (const page of pages) {
    const cookie = page.user ? await cookiesOf(page.user) : null;
    const each = [];
    for (let i = 0; i < runs; i++) each.push(await measure(chrome, page, cookie));
    // A run Lighthouse could not finish (its runtimeError: no figures) is left out of the median.
    const done = each.filter((r) => !r.error && r.lcp);
    const pick = (key) => median((done.length ? done : each).map((r) => r[key]));
    const row = {
      page: page.name,
      runs: each.length,
      failedRuns: each.length - done.length,
      performance: pick('performance'),
      fcp: Math.round(pick('fcp')),
      lcp: Math.round(pick('lcp')),
      tbt: Math.round(pick('tbt')),
      cls: Math.round(pick('cls') * 1000) / 1000,
      si: Math.round(pick('si')),
      benchmarkIndex: pick('benchmarkIndex'),
      lcpElement: each.at(-1).lcpElement,
      finalUrl: each.at(-1).finalUrl,
      each: each.map((r) => ({
        performance: r.performance,
        lcp: Math.round(r.lcp),
        tbt: Math.round(r.tbt),
        cls: r.cls,
        benchmarkIndex: r.benchmarkIndex,
        ...(r.error ? { error: r.error } : {}),
      })),
    };
    row.met =
      row.performance >= targets.performance &&
      row.lcp <= targets.lcp &&
      row.tbt <= targets.tbt &&
      row.cls <= targets.cls;
    if (page.enforced && !row.met) failed = true;
    // Signed in means signed in: a page that fell back to login measured the wrong thing.
    if (page.user && !row.finalUrl.endsWith(page.path)) {
      failed = true;
      row.met = false;
      row.note = `ended at ${row.finalUrl}`;
    }
    figures.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  await chrome.kill();
  stop();
}

const first = figures;
const stamp = new Date()
  .toISOString()
  .replace(/:/g, '-')
  .replace(/\.\d+Z$/, 'Z');
const out = path.join(root, 'bench', 'results', `lighthouse-${stamp}`);
const meta = {
  tool: `lighthouse ${JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version}`,
  preset: 'mobile (default): emulated Moto G Power, 4× CPU slowdown, slow 4G, simulated throttling',
  browser: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  node: process.version,
  cpus: os.cpus().length,
  load: os.loadavg().map((l) => Math.round(l * 100) / 100),
  runs,
  targets,
};
fs.writeFileSync(`${out}.json`, `${JSON.stringify({ ...meta, pages: first }, null, 2)}\n`);
const lines = [
  `# Lighthouse, mobile preset (${stamp})`,
  '',
  `${meta.tool}, ${meta.preset}; ${meta.browser}, Node ${meta.node}, ${meta.cpus} cores, load ${meta.load.join(' / ')}; median of ${runs} runs; fresh embedded database with the demo data.`,
  '',
  '| page | performance | FCP ms | LCP ms | TBT ms | CLS | SI ms | host benchmark index | targets met | LCP element |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...first.map(
    (r) =>
      `| ${r.page} | ${r.performance} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.si} | ${r.benchmarkIndex} | ${r.met ? 'yes' : `no${r.note ? ` (${r.note})` : ''}`}${pages.find((p) => p.name === r.page).enforced ? '' : ' (not enforced)'} | ${(r.lcpElement ?? '').replace(/\|/g, '\\|').slice(0, 80)} |`,
  ),
  '',
  `Targets for /login and /driver: performance ≥ ${targets.performance}, LCP ≤ ${targets.lcp} ms, TBT ≤ ${targets.tbt} ms, CLS ≤ ${targets.cls}.`,
  '',
];
fs.writeFileSync(`${out}.md`, lines.join('\n'));
console.log(`written ${out}.json and .md`);
process.exit(failed ? 1 : 0);
