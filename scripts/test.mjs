#!/usr/bin/env node
// npm test: everything, in order — types and lint, unit/integration/component tests on the
// embedded database, the server suite again on a real PostgreSQL, then the browser tests.
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
step('unit, integration and component tests (embedded PGlite)', () => run('npx', ['vitest', 'run']));

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
step('web vitals (Playwright, alone)', () => playwright('vitals', { E2E_WORKERS: '1' }));

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} ok, ${failed} failed`);
console.log(`Total ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed === 0 ? 0 : 1);
