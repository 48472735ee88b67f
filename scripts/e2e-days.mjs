#!/usr/bin/env node
// npm run test:e2e:days [-- 2027-03-28 …]: the browser tests with the clock moved to hard days —
// both DST changes, a month end, a Sunday, New Year's Day — and today. The test runner and the
// server run with Debian's libfaketime preloaded (a fixed offset, so every process agrees and time
// runs on); Chromium gets the same time through Playwright's clock (e2e/test.ts). Each day starts
// a fresh demo database seeded around that day. Prints a table of the days with pass/fail and time.
import fs from 'node:fs';
import { ensureNodeModules, ensureWebBuild, isRoot, run } from './lib.mjs';

const library = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const days = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['2027-03-28', '2026-10-25', '2026-11-30', '2027-02-28', '2026-11-29', '2027-01-01', 'today'];

ensureNodeModules();
if (!fs.existsSync(library)) {
  const command = 'apt-get update && apt-get install -y --no-install-recommends faketime';
  if (
    !isRoot() ||
    run('sh', ['-c', command], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }) !== 0
  ) {
    console.error(`\nThis needs Debian's faketime package:\n\n  sudo sh -c '${command}'\n`);
    process.exit(1);
  }
}
ensureWebBuild();

const results = [];
for (const day of days) {
  const env = { ...process.env };
  if (day !== 'today') {
    // 09:30 in Prague (the CET/CEST offset of that day), as a dispatcher's morning.
    const noonUtc = new Date(`${day}T12:00:00Z`);
    const pragueNoon = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Prague',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(noonUtc);
    const offsetHours = Number(pragueNoon) - 12;
    const target = Date.parse(`${day}T09:30:00Z`) - offsetHours * 3_600_000;
    const seconds = Math.round((target - Date.now()) / 1000);
    Object.assign(env, {
      LD_PRELOAD: library,
      FAKETIME: `${seconds >= 0 ? '+' : ''}${seconds}`,
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    });
  }
  console.log(`\n=== ${day} ===`);
  const t0 = Date.now();
  const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { env });
  results.push({ day, ok: status === 0, seconds: Math.round((Date.now() - t0) / 1000) });
}
console.log('\n| day | result | seconds |\n|---|---|--:|');
for (const r of results) console.log(`| ${r.day} | ${r.ok ? 'pass' : 'FAIL'} | ${r.seconds} |`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
