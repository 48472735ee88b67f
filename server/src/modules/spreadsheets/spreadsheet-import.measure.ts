// domain.md §2.14: 10 000 customers (and 10 000 products with prices) from the office's
// spreadsheet, through the app's own routes (app.inject, the worker thread included): upload,
// preview, import, undo, each timed, and the event loop's worst stall while they run.
//   node --import tsx server/src/modules/spreadsheets/spreadsheet-import.measure.ts                 (PGlite in memory)
//   node --import tsx server/src/modules/spreadsheets/spreadsheet-import.measure.ts --admin-url postgres://postgres@127.0.0.1:55432/postgres
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { storageFor } from '../../plugins/storage.ts';
import { client } from '../../test/build.ts';
import { createServerDatabase } from '../../test/server-database.ts';
import {
  cp1250,
  csvText,
  customerHeader,
  customerRows,
  productHeader,
  productRows,
  uploadForm,
  xlsxOf,
} from '../../test/spreadsheets.ts';

const { values } = parseArgs({
  options: { 'admin-url': { type: 'string' }, rows: { type: 'string', default: '10000' } },
});
const rows = Number(values.rows);
const adminUrl = values['admin-url'];

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'letokruh-sheets-measure-'));
const server = adminUrl ? await createServerDatabase(adminUrl, undefined) : undefined;
const databaseUrl = server?.url;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true });
await database.migrate();
await seedDemo(database.db);
const config = loadConfig({
  DATA_DIR: dataDir,
  WEB_DIST: path.join(dataDir, 'no-web'),
  LOG_LEVEL: 'silent',
  ALLOWED_HOSTS: 'localhost:80',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const app = await buildApp({
  context: { config, db: database.db, listen: database.listen, storage: storageFor(config) },
});
await app.ready();
const owner = client(app);
await owner.get('/api/auth/user');
await owner.post('/api/auth/login', { username: 'owner', password: 'demo' });
// As the page does when it opens: its first call starts the worker thread while a file is chosen.
await owner.get('/api/spreadsheets');
await new Promise((resolve) => setTimeout(resolve, 3000));

/** Times `work` while watching the loop (a 1 ms histogram and a 5 ms interval probe). */
async function timed<T>(work: () => Promise<T>) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let last = performance.now();
  let probe = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    probe = Math.max(probe, now - last - 5);
    last = now;
  }, 5);
  histogram.enable();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(timer);
  histogram.disable();
  return { result, ms, stallMs: Math.max(probe, histogram.max / 1e6 - 1) };
}

const expectStatus = (answer: { statusCode: number; body: string }, status: number) => {
  if (answer.statusCode !== status) throw new Error(`${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body);
};

async function run(kind: 'customers' | 'products', format: 'csv' | 'xlsx') {
  const table =
    kind === 'customers'
      ? [customerHeader, ...customerRows(rows, 20_000)]
      : [productHeader, ...productRows(rows)];
  const bytes = format === 'csv' ? cp1250(csvText(table)) : await xlsxOf(table, { numbers: true });
  const form = await uploadForm(kind, bytes, `${kind}.${format}`);
  const steps: Record<string, { ms: number; stallMs: number }> = {};
  const total = await timed(async () => {
    const upload = await timed(async () =>
      expectStatus(await owner.post('/api/spreadsheet/upload', form.payload, { headers: form.headers }), 201),
    );
    steps.upload = upload;
    const { item, mapping } = upload.result;
    const preview = await timed(async () =>
      expectStatus(await owner.post(`/api/spreadsheet/${item.id}/preview`, { mapping, per_page: 20 }), 200),
    );
    steps.preview = preview;
    const imported = await timed(async () =>
      expectStatus(await owner.post(`/api/spreadsheet/${item.id}/import`, { mapping }), 200),
    );
    steps.import = imported;
    return { preview: preview.result, imported: imported.result.item, id: item.id };
  });
  const undo = await timed(async () =>
    expectStatus(await owner.post(`/api/spreadsheet/${total.result.id}/undo`), 200),
  );
  steps.undo = undo;
  const kb = Math.round(bytes.length / 1024);
  const line = Object.entries(steps)
    .map(([k, s]) => `${k} ${(s.ms / 1000).toFixed(2)} s (stall ${s.stallMs.toFixed(0)} ms)`)
    .join(', ');
  console.log(
    `${kind} ${format} ${kb} KiB, ${rows} rows: upload→import ${(total.ms / 1000).toFixed(2)} s, worst stall ${total.stallMs.toFixed(0)} ms; ${line}; ` +
      `valid ${total.result.preview.valid}, duplicates ${total.result.preview.duplicates}, imported ${total.result.imported.imported}`,
  );
}

try {
  console.log(
    `engine: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await run('customers', 'csv');
  await run('customers', 'xlsx');
  await run('products', 'xlsx');
} finally {
  await app.close();
  await database.close();
  await server?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
