#!/usr/bin/env node
// npm test: everything, in order — types and lint, unit and component tests, the server suite on
// the embedded database (engine-sensitive files) and in full on a real PostgreSQL, then the
// browser tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureNodeModules, root, run } from './lib.mjs';
import { startTestPostgres } from './postgres.mjs';
import { ensureSystemPackages } from './system.mjs';

const started = Date.now();
const results = [];
const step = (name, fn, report) => {
  const t0 = Date.now();
  const status = fn();
  const failures = status === 0 || !report ? [] : readFailures(report);
  results.push({ name, ok: status === 0, seconds: ((Date.now() - t0) / 1000).toFixed(1), failures });
  return status === 0;
};

/**
 * CI keeps only the tail of the output, so the summary names the failed tests. Each test step
 * also writes a JSON report (vitest's and Playwright's own reporters) into test-results/.
 */
const reportDir = path.join(root, 'test-results', 'reports');
fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });
const vitestReport = (name) => {
  const file = path.join(reportDir, `${name}.json`);
  return { file, args: ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`] };
};
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 240);
function readFailures(file) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return ['(no report was written)'];
  }
  const out = [];
  if (Array.isArray(report.testResults)) {
    // vitest (Jest-shaped JSON)
    for (const suite of report.testResults) {
      const where = path.relative(root, suite.name);
      const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) out.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (failed.length === 0 && suite.status === 'failed') out.push(`${where}: ${firstLine(suite.message)}`);
    }
  } else if (Array.isArray(report.suites)) {
    // Playwright
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'expected' || test.status === 'skipped') continue;
          const last = test.results?.at(-1);
          const label = test.status === 'flaky' ? 'flaky' : 'failed';
          out.push(
            `${label}: ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`,
          );
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of report.suites) walk(suite, []);
    for (const error of report.errors ?? []) out.push(`error: ${firstLine(error.message)}`);
  }
  return out.length > 0 ? out : ['(the step failed outside any test; see its output above)'];
}

ensureNodeModules();
ensureSystemPackages();

/**
 * The browser tests' servers start from one embedded database, migrated and seeded with the demo
 * data once (`npm run db:seed`) while the check runs, and copied into each server's DATA_DIR
 * (e2e/playwright.config.ts, E2E_SEEDED_DIR): four servers (three workers, then the vitals spec)
 * each migrated and seeded their own before. Should it fail, each server seeds its own as before.
 */
const pragueToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Prague' }).format(new Date());
const seededOn = pragueToday();
const seededDir = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-e2e-seeded-'));
process.on('exit', () => fs.rmSync(seededDir, { recursive: true, force: true }));

/** Runs a command beside the steps, its output in `logFile`; resolves whether it succeeded. */
function inBackground(command, args, logFile, env = {}) {
  return new Promise((resolve) => {
    const log = fs.openSync(logFile, 'w');
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log); // the child writes to its own copy
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}
const seeding = inBackground(
  process.execPath,
  ['--import', 'tsx', 'server/src/db/cli.ts', 'seed'],
  path.join(seededDir, 'seed.log'),
  { DATA_DIR: path.join(seededDir, 'data'), LOG_LEVEL: 'warn' },
);

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
  'src/modules/bank/bank.test.ts',
  'src/modules/customers/customers.test.ts',
  'src/modules/customers/customer-duplicates.test.ts',
  'src/modules/import/import.test.ts',
  'src/modules/spreadsheets/spreadsheets.test.ts',
  'src/modules/orders/calendar/calendar-week.test.ts',
  'src/modules/orders/steps/drafts.test.ts',
  'src/modules/orders/list/order-sort.test.ts',
  'src/modules/orders/orders.test.ts',
  'src/modules/orders/stored-total.test.ts',
  'src/modules/stats/day-sums.test.ts',
  'src/modules/stats/stats.test.ts',
  'src/modules/stock/stock.test.ts',
  'src/scale-out/',
];
const unitReport = vitestReport('unit');
step(
  'unit, integration and component tests (embedded PGlite)',
  () =>
    run('npx', [
      'vitest',
      'run',
      '--project',
      'contracts',
      '--project',
      'web',
      '--project',
      'web-scripts',
      ...unitReport.args,
    ]),
  unitReport.file,
);
const embeddedReport = vitestReport('server-pglite');
step(
  'server tests on the embedded PGlite (engine-sensitive files)',
  () =>
    run('npx', [
      'vitest',
      'run',
      '--project',
      'server',
      ...embeddedServerTests.map((f) => `server/${f}`),
      ...embeddedReport.args,
    ]),
  embeddedReport.file,
);

/**
 * The web app is built for the browser tests while the server suite runs on PostgreSQL, whose
 * tests leave the cores partly idle (decision 0099); no server test reads web/dist.
 */
const buildLog = path.join(seededDir, 'build.log');
const building = inBackground('npm', ['run', 'build', '-w', 'web'], buildLog);

let pg = null;
const external = process.env.TEST_DATABASE_URL;
const postgresReport = vitestReport('server-postgres');
step(
  'server tests on PostgreSQL',
  () => {
    try {
      if (!external) pg = startTestPostgres();
      const url = external ?? pg.url;
      // Three workers: with two, the cores stood partly idle while tests waited for PostgreSQL
      // and for the server processes they start (decision 0099).
      return run('npx', ['vitest', 'run', '--project', 'server', '--maxWorkers=3', ...postgresReport.args], {
        env: { ...process.env, TEST_DATABASE_URL: url },
      });
    } catch (error) {
      console.error(error);
      return 1;
    } finally {
      pg?.stop();
    }
  },
  postgresReport.file,
);

const built = await building;
process.stdout.write(fs.readFileSync(buildLog, 'utf8'));
if (!built)
  results.push({ name: 'the web build (its output is above)', ok: false, seconds: '–', failures: [] });
// The specs on three workers on CI, then the web-vitals spec alone on one (e2e/playwright.config.ts).
const playwrightReport = (project) => path.join(reportDir, `playwright-${project}.json`);
// The demo data is laid out around its day: seeded before midnight, it is not today's.
const seeded =
  (await seeding) && pragueToday() === seededOn ? { E2E_SEEDED_DIR: path.join(seededDir, 'data') } : {};
if (!seeded.E2E_SEEDED_DIR)
  console.warn(
    `No seeded database for the browser tests (seeding failed, see ${path.join(seededDir, 'seed.log')}, or it was seeded on another day): each server seeds its own.`,
  );
const playwright = (project, env = {}) =>
  run(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', project, '--reporter=list,json'],
    {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport(project), ...seeded, ...env },
    },
  );
if (built) {
  step('end-to-end tests (Playwright, Chromium)', () => playwright('app'), playwrightReport('app'));
  // Three loads and their median: one load's LCP moved by 0.5 s from run to run on CI.
  step(
    'web vitals (Playwright, alone)',
    () => playwright('vitals', { E2E_WORKERS: '1', VITALS_RUNS: '5' }),
    playwrightReport('vitals'),
  );
}

console.log('\nSummary');
for (const r of results) {
  console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
  for (const failure of r.failures.slice(0, 20)) console.log(`      ${failure}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} ok, ${failed} failed`);
console.log(`Total ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed === 0 ? 0 : 1);
