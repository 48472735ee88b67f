import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { outboxOf } from './outbox';

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * Three workers on CI's two cores (decision 0099: with two, the cores stood partly idle while
 * tests waited for pages, answers and timers), one locally unless
 * E2E_WORKERS says otherwise. Each worker has a server and a fresh
 * embedded database of its own (demo data, demo accounts, nothing left over) on port + its index
 * (`e2e/test.ts` points `baseURL` there), so specs never share data. `npm test` runs the
 * web-vitals spec (project "vitals") alone after all the others, so that no other browser shares
 * the cores while it measures.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? (process.env.CI ? 3 : 1)));
process.env.E2E_BASE_PORT = String(port);
const root = path.resolve(import.meta.dirname, '..');
// Under `npm run test:e2e:days` this process and the server run with libfaketime preloaded;
// Chromium does not start under it, so it gets the environment without it (and its pages the
// moved clock through Playwright's clock: e2e/test.ts).
const browserEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined && entry[0] !== 'LD_PRELOAD' && !entry[0].startsWith('FAKETIME'),
  ),
);

const dataDirs = Array.from({ length: workers }, () =>
  fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-e2e-')),
);
/**
 * `npm test` seeds one embedded database for all the servers of its browser steps
 * (scripts/test.mjs, E2E_SEEDED_DIR): each server starts on a copy of it, which its start finds
 * migrated and seeded. Without it each server migrates and seeds its own.
 */
const seeded = process.env.E2E_SEEDED_DIR;
const serverCommand = (dataDir: string) =>
  seeded && fs.existsSync(seeded)
    ? `cp -R '${seeded}/.' '${dataDir}' && node --import tsx server/src/main.ts`
    : 'node --import tsx server/src/main.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers,
  // One retry on CI: a test that passes only on its retry is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  // Workers share the cores with their servers and browsers: a test gets more time with each
  // worker (up to three), and so does every wait for a state.
  timeout: 30_000 * Math.min(workers, 3),
  expect: { timeout: 5_000 * Math.min(workers, 3) },
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'letokruh-e2e-results'),
  projects: [
    { name: 'app', testIgnore: 'performance.spec.ts' },
    // Run on its own after the others (scripts/test.mjs): nothing else uses the cores meanwhile.
    { name: 'vitals', testMatch: 'performance.spec.ts' },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // The installable app's service worker (domain.md §2.11) would precache the whole build in every
    // test's fresh browser: only e2e/pwa.spec.ts lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      env: browserEnv,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: serverCommand(dataDirs[index]!),
    cwd: root,
    url: `http://127.0.0.1:${port + index}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port + index),
      DATA_DIR: dataDirs[index]!,
      LOG_LEVEL: 'warn',
      OLD_SYSTEM_URL: 'https://old.letokruh.example/',
      // Map tiles from the test server itself, where they do not exist: maps must cope, and the
      // browser never reaches the internet.
      MAP_TILES_URL: '/api/no-tiles/{z}/{x}/{y}.png',
      OUTBOX_DIR: outboxOf(port + index),
    },
  })),
});
