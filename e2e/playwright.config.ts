import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database for every run: demo data, demo accounts, nothing left over.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-e2e-'));
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

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // One retry on CI: a test that passes only on its retry is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'letokruh-e2e-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
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
  webServer: {
    command: `node --import tsx server/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OLD_SYSTEM_URL: 'https://old.letokruh.example/',
      // Map tiles from the test server itself, where they do not exist: maps must cope, and the
      // browser never reaches the internet.
      MAP_TILES_URL: '/api/no-tiles/{z}/{x}/{y}.png',
    },
  },
});
