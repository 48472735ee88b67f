#!/usr/bin/env node
// npm test: everything, in order — types and lint, unit and component tests, the server suite on
// the embedded database (engine-sensitive files) and in full on a real PostgreSQL, then the
// browser tests.
import { ensureNodeModules, ensureWebBuild, run } from './lib.mjs';
import { startTestPostgres } from './postgres.mjs';
import { ensureSystemPackages } from './system.mjs';

const started = Date.now();
const results = [];
const step = (name, fn) => {
  const t0 = Date.now();
  const status = fn();
  results.push({ name, ok: status === 0, seconds: ((Date.now() - t0) / 1000).toFixed(1) });
  return status === 0;
};

ensureNodeModules();
ensureSystemPackages();

step('types and lint (npm run check)', () => run('npm', ['run', 'check']));
/**
 * The server suite runs in full on PostgreSQL (next step). On the embedded PGlite it runs the files
 * whose SQL can differ by engine: migrations, triggers, the search extensions, locks, SQL-built
 * JSON, backup, several processes. The browser tests run the whole app on PGlite too. Twice in
 * full, the server suite took 1 800 of CI's 3 155 s; `npx vitest run` still runs it all on PGlite.
 */
const embeddedServerTests = [
  'src/db/',
  'src/app.test.ts',
  'src/hardening/concurrency.test.ts',
  'src/modules/customers/customers.test.ts',
  'src/modules/customers/customer-duplicates.test.ts',
  'src/modules/orders/calendar-week.test.ts',
  'src/modules/orders/drafts.test.ts',
  'src/modules/orders/order-sort.test.ts',
  'src/modules/orders/orders.test.ts',
  'src/modules/orders/stored-total.test.ts',
  'src/modules/stats/day-sums.test.ts',
  'src/modules/stats/stats.test.ts',
  'src/modules/stock/stock.test.ts',
  'src/scale-out/',
];
step('unit, integration and component tests (embedded PGlite)', () =>
  run('npx', ['vitest', 'run', '--project', 'contracts', '--project', 'web', '--project', 'web-scripts']),
);
step('server tests on the embedded PGlite (engine-sensitive files)', () =>
  run('npx', ['vitest', 'run', '--project', 'server', ...embeddedServerTests.map((f) => `server/${f}`)]),
);

let pg = null;
const external = process.env.TEST_DATABASE_URL;
step('server tests on PostgreSQL', () => {
  try {
    if (!external) pg = startTestPostgres();
    const url = external ?? pg.url;
    return run('npx', ['vitest', 'run', '--project', 'server'], {
      env: { ...process.env, TEST_DATABASE_URL: url },
    });
  } catch (error) {
    console.error(error);
    return 1;
  } finally {
    pg?.stop();
  }
});

ensureWebBuild({ force: true });
// The specs on two workers on CI, then the web-vitals spec alone on one (e2e/playwright.config.ts).
const playwright = (project, env = {}) =>
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', project], {
    env: { ...process.env, ...env },
  });
step('end-to-end tests (Playwright, Chromium)', () => playwright('app'));
// Three loads and their median: one load's LCP moved by 0.5 s from run to run on CI.
step('web vitals (Playwright, alone)', () => playwright('vitals', { E2E_WORKERS: '1', VITALS_RUNS: '3' }));

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} ok, ${failed} failed`);
console.log(`Total ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed === 0 ? 0 : 1);
