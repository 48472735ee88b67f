/**
 * `npm run bench` (issue 9): the real server on a generated database, loaded with autocannon call
 * by call (20 connections, 5 for the calendar), the 100 000-row XLSX export timed on its own, and a
 * bare Fastify route on the same database as the framework's ceiling. Everything on 127.0.0.1,
 * every run bounded in time and in requests. Results: bench/results/<timestamp>.json and .md.
 *
 *   npm run bench                                   # the bench PostgreSQL cluster, database "bench"
 *   npm run bench -- --generate 1000000             # generate it first when it is empty
 *   npm run bench -- --database-url postgres://…    # any generated PostgreSQL database
 *   npm run bench -- --data-dir /tmp/bench-data     # a generated PGlite folder
 *
 * See bench/README.md for every flag.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { foldText } from '@letokruh/contracts/rules/text';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { type Child, freePort, root, startChild, type WholeRun } from './lib/child.ts';
import { flags } from './lib/common.ts';
import { runExport } from './lib/export.ts';
import { assertLoopback, load } from './lib/load.ts';
import { machineWindow, round } from './lib/machine.ts';
import { orderSortCalls } from './lib/order-sorts.ts';
import { type Params, pickParams } from './lib/params.ts';
import { type CallResult, type ExportResult, markdown, type Target } from './lib/report.ts';

const f = flags();
const options = {
  databaseUrl: f.optional('database-url'),
  dataDir: f.optional('data-dir'),
  database: f.string('database', 'bench'),
  generate: f.int('generate', 0, 0, 50_000_000),
  duration: f.int('duration', 10, 1, 300),
  warmup: f.int('warmup', 2, 0, 60),
  connections: f.int('connections', 20, 1, 200),
  calendarConnections: f.int('calendar-connections', 5, 1, 200),
  maxRequests: f.int('max-requests', 100_000, 100, 5_000_000),
  perPage: f.int('per-page', 10, 10, 1000),
  sample: f.int('sample', 200, 1, 10_000),
  exportRows: f.int('export-rows', 100_000, 1, 10_000_000),
  exportRuns: f.int('export-runs', 1, 0, 10),
  exportTimeout: f.int('export-timeout', 120, 5, 1800),
  slowLimit: f.int('slow-limit', 120, 10, 1800),
  only: f.optional('only'),
  out: f.string('out', path.join(root, 'bench/results')),
  note: f.optional('note') ?? '',
  render: f.optional('render'),
};
if (options.databaseUrl && options.dataDir) throw new Error('Give --database-url or --data-dir, not both');

const log = (line: string) => process.stderr.write(`${line}\n`);
const redact = (url: string) => url.replace(/:[^:@/]*@/, ':***@');
const MiB = 1024 * 1024;

/** The database to bench: given, or the bench cluster (started if need be) and its database. */
async function target(): Promise<{ databaseUrl?: string; dataDir?: string; label: string }> {
  if (options.dataDir)
    return { dataDir: path.resolve(options.dataDir), label: path.resolve(options.dataDir) };
  if (options.databaseUrl) return { databaseUrl: options.databaseUrl, label: redact(options.databaseUrl) };
  const started = spawnSync(process.execPath, [path.join(root, 'bench/postgres.mjs'), 'start'], {
    encoding: 'utf8',
  });
  if (started.status !== 0)
    throw new Error(`bench/postgres.mjs start failed:\n${started.stderr}${started.stdout}`);
  const admin = started.stdout.trim().split('\n').pop()!;
  if (!/^[a-z0-9_]+$/.test(options.database)) throw new Error('--database: lower-case letters, digits and _');
  const server = await openDatabase({ databaseUrl: admin });
  try {
    const exists = (await server.db.execute(
      sql`select 1 from pg_database where datname = ${options.database}`,
    )) as unknown as { rows: unknown[] };
    if (!exists.rows.length) {
      log(`Creating database ${options.database} on the bench cluster`);
      await server.db.execute(sql.raw(`create database ${options.database}`));
    }
  } finally {
    await server.close();
  }
  const url = admin.replace(/\/[^/]*$/, `/${options.database}`);
  return { databaseUrl: url, label: url };
}

async function countOrders(where: { databaseUrl?: string; dataDir?: string }): Promise<number> {
  const database = await openDatabase(where);
  try {
    await database.migrate();
    const result = (await database.db.execute(sql`select count(*)::int as n from orders`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]?.n ?? 0;
  } finally {
    await database.close();
  }
}

/** Runs bench/generate.ts on the target; answers its summary line. */
async function generate(where: { databaseUrl?: string; dataDir?: string }, orders: number) {
  const args = ['--import', 'tsx', path.join(root, 'bench/generate.ts'), '--orders', String(orders)];
  if (where.databaseUrl) args.push('--database-url', where.databaseUrl);
  else args.push('--data-dir', where.dataDir!);
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`The generator failed (${code})`);
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
}

/** Session and CSRF cookies of the demo owner: a GET for the CSRF cookie, then the login. */
async function login(base: string): Promise<Record<string, string>> {
  assertLoopback(base);
  const cookies = new Map<string, string>();
  const keep = (answer: Response) => {
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  };
  const first = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
  await first.arrayBuffer();
  keep(first);
  const csrf = cookies.get('csrftoken_new');
  if (!csrf) throw new Error('No csrftoken_new cookie from GET /api/health');
  const answer = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': csrf,
      cookie: `csrftoken_new=${csrf}`,
      origin: base,
    },
    body: JSON.stringify({ username: 'owner', password: 'demo' }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await answer.text();
  if (!answer.ok) throw new Error(`Login as owner failed: ${answer.status} ${body}`);
  keep(answer);
  if (!cookies.get('sessionid')) throw new Error('No sessionid cookie after login');
  return {
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrftoken': cookies.get('csrftoken_new')!,
    // As every browser asks: the server gzips the answers it caches (the calendar week).
    'accept-encoding': 'gzip, deflate, br',
  };
}

type Call = {
  name: string;
  label: string;
  paths: string[];
  connections: number;
  target: Target;
};

function calls(p: Params, deepPage: number): Call[] {
  const q = (params: Record<string, string | number | string[]>) => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      for (const one of Array.isArray(v) ? v : [v]) s.append(k, String(one));
    }
    return s.toString();
  };
  const page = { current_page: 1, per_page: options.perPage };
  const list: Target = { kind: 'latency', p95: 100, p99: 250 };
  const c = options.connections;
  return [
    {
      name: 'orders_first_page',
      label: 'order list, first page',
      paths: [`/api/orders?${q(page)}`],
      connections: c,
      target: list,
    },
    {
      name: 'orders_name_filter',
      label: 'order list, name filter',
      paths: p.surnames.map((name) => `/api/orders?${q({ ...page, name })}`),
      connections: c,
      target: list,
    },
    {
      // Issue 14: typed without accents and in lower case, as at the counter ("novakova").
      name: 'orders_name_unaccented',
      label: 'order list, name without accents',
      paths: p.surnames.map((name) => `/api/orders?${q({ ...page, name: foldText(name) })}`),
      connections: c,
      target: list,
    },
    {
      name: 'orders_deep_page',
      label: `order list, page ${deepPage.toLocaleString('en')}`,
      paths: [`/api/orders?${q({ ...page, current_page: deepPage })}`],
      connections: c,
      target: { ...list, asFastAs: 'orders_first_page' },
    },
    {
      name: 'order_detail',
      label: 'order detail',
      paths: p.orderIds.map((id) => `/api/order/${id}`),
      connections: c,
      target: list,
    },
    {
      name: 'customers_by_phone',
      label: 'customer search, phone',
      paths: p.phones.map((phone) => `/api/customers?${q({ ...page, phone })}`),
      connections: c,
      target: list,
    },
    {
      name: 'customers_by_name',
      label: 'customer search, name',
      paths: p.fullNames.map((fullName) => `/api/customers?${q({ ...page, fullName })}`),
      connections: c,
      target: list,
    },
    {
      name: 'customers_by_name_unaccented',
      label: 'customer search, name without accents',
      paths: p.fullNames.map((fullName) => `/api/customers?${q({ ...page, fullName: foldText(fullName) })}`),
      connections: c,
      target: list,
    },
    {
      // Issue 16: the lean week the web calendars ask for (view=calendar).
      name: 'calendar_week',
      label: 'calendar week, one warehouse',
      paths: [
        `/api/api/get-orders?${q({ warehouses: p.calendar.warehouseId, dates: p.calendar.dates, view: 'calendar' })}`,
      ],
      connections: options.calendarConnections,
      target: { kind: 'latency', p95: 250 },
    },
    {
      // The whole orders as before (old clients, the printed day sheet), to compare.
      name: 'calendar_week_full',
      label: 'calendar week, whole orders',
      paths: [`/api/api/get-orders?${q({ warehouses: p.calendar.warehouseId, dates: p.calendar.dates })}`],
      connections: options.calendarConnections,
      target: { kind: 'none' },
    },
    {
      name: 'stats_month_warehouses',
      label: 'stats of a month, by warehouse',
      paths: [`/api/stats_by_warehouses?${q({ from: p.month.from, to: p.month.to })}`],
      connections: c,
      target: { kind: 'none' },
    },
    {
      name: 'stats_month_products',
      label: 'stats of a month, by product',
      paths: [`/api/stats_for_products?${q({ from: p.month.from, to: p.month.to })}`],
      connections: c,
      target: { kind: 'none' },
    },
    {
      name: 'delivery_note',
      label: 'delivery note PDF',
      paths: p.noteIds.map(
        (id) => `/api/order/${id}/get_delivery_note?${q({ supplier: p.supplierId, language: 'cs' })}`,
      ),
      connections: c,
      target: { kind: 'latency', p95: 100 },
    },
    {
      // Issue 13: drawn in the PDF worker pool, so the loop stays free (judged like every call).
      name: 'delivery_notes_merged',
      label: `merged delivery notes, ${p.mergeIds.length} orders`,
      paths: [
        `/api/download_multiple_delivery_notes?${q({ orders: p.mergeIds.join(','), supplier: p.supplierId, language: 'cs' })}`,
      ],
      connections: 2,
      target: { kind: 'none' },
    },
  ];
}

/** One plain GET: status, type and size, before a call is loaded (a wrong parameter shows here). */
async function probeOnce(base: string, pathname: string, headers: Record<string, string>) {
  const started = performance.now();
  const answer = await fetch(`${base}${pathname}`, {
    headers,
    signal: AbortSignal.timeout(options.slowLimit * 1000),
  });
  const body = Buffer.from(await answer.arrayBuffer());
  return {
    status: answer.status,
    type: answer.headers.get('content-type') ?? '',
    bytes: body.length,
    ms: round(performance.now() - started),
    body,
  };
}

/**
 * Waits until the server has worked off what the last call left (autocannon closes its sockets at
 * the end, the server still runs the queries they asked for): /api/health, one `select 1` through
 * the same pool, answering within 50 ms. At most `--slow-limit` seconds.
 */
async function settle(base: string, readyPath: string) {
  const deadline = Date.now() + options.slowLimit * 1000;
  while (Date.now() < deadline) {
    const started = performance.now();
    try {
      const answer = await fetch(`${base}${readyPath}`, {
        signal: AbortSignal.timeout(options.slowLimit * 1000),
      });
      await answer.arrayBuffer();
      if (performance.now() - started < 50) return;
    } catch {
      // timed out: try again until the deadline
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`  the server is still busy after ${options.slowLimit} s; going on`);
}

async function runCall(server: Child, call: Call, headers: Record<string, string>): Promise<CallResult> {
  await settle(server.base, call.name === 'ceiling' ? '/ready' : '/api/health');
  // The request alone is measured too: it is the cold one (nothing cached yet), and no request may
  // hold the event loop for more than 50 ms, cold or not.
  const { result: check, loop: aloneLoop } = await server.measure(() =>
    probeOnce(server.base, call.paths[0]!, headers).catch((error: Error) => ({
      status: 0,
      type: '',
      bytes: 0,
      ms: Number.NaN,
      body: Buffer.from(String(error.message)),
    })),
  );
  if (check.status !== 200) {
    log(`  ${call.name}: ${check.status} ${check.body.toString().slice(0, 300)}`);
    return { ...call, error: `GET ${call.paths[0]} answered ${check.status}`, firstResponse: check.bytes };
  }
  if (options.warmup && check.ms < 1000) {
    // Not counted; then the server works off what the warm-up left. A call slower than a second
    // alone is warm after its first request, and a warm-up would only queue minutes of work.
    await load({
      base: server.base,
      paths: call.paths,
      connections: call.connections,
      durationSeconds: options.warmup,
      maxRequests: Math.max(call.connections, Math.floor(options.maxRequests / 10)),
      headers,
    });
    await settle(server.base, call.name === 'ceiling' ? '/ready' : '/api/health');
  }
  let machine = machineWindow();
  let { result, loop } = await server.measure(() =>
    load({
      base: server.base,
      paths: call.paths,
      connections: call.connections,
      durationSeconds: options.duration,
      maxRequests: options.maxRequests,
      headers,
    }),
  );
  if (result.requests < 2 * call.connections) {
    // Too slow for the duration to collect answers (autocannon drops the ones still on their way
    // at the end): two requests per connection instead, each waited for, within a longer bound.
    log(
      `  ${call.name}: ${result.requests} answers in ${options.duration} s; measuring ${2 * call.connections} requests instead`,
    );
    await settle(server.base, call.name === 'ceiling' ? '/ready' : '/api/health');
    machine = machineWindow();
    ({ result, loop } = await server.measure(() =>
      load({
        base: server.base,
        paths: call.paths,
        connections: call.connections,
        durationSeconds: options.slowLimit,
        maxRequests: options.maxRequests,
        amount: 2 * call.connections,
        headers,
        timeoutSeconds: options.slowLimit,
      }),
    ));
  }
  const m = machine();
  log(
    `  ${call.name}: one request alone ${check.ms} ms; loaded: ${result.requests} responses, ${result.reqPerSec} req/s, p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms, loop max ${loop.maxMs} ms, machine ${m.machineBusyPercent} % busy`,
  );
  return {
    ...call,
    load: result,
    loop,
    machine: m,
    firstResponse: check.bytes,
    firstMs: check.ms,
    aloneLoop,
    contentType: check.type,
  };
}

/** `--render results.json`: writes the markdown table of an earlier run again (after a report change). */
function render(file: string) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Parameters<typeof markdown>[0];
  const table = markdown(report);
  fs.writeFileSync(file, `${JSON.stringify({ ...report, verdicts: table.verdicts }, null, 2)}\n`);
  fs.writeFileSync(file.replace(/\.json$/, '.md'), table.text);
  process.stdout.write(table.text);
}

async function main() {
  if (options.render) return render(options.render);
  const startedAt = new Date();
  // The code measured: HEAD when the server starts, and whether server/ or contracts/ differed from it.
  const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
  const commit = git('rev-parse', '--short', 'HEAD');
  const uncommitted = git('status', '--porcelain', '--', 'server', 'contracts')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  const where = await target();
  log(`Database: ${where.label}`);
  let generated: Record<string, unknown> | null = null;
  const existing = await countOrders(where);
  if (options.generate) {
    if (existing > 0) {
      log(
        `--generate ${options.generate}: the database already holds ${existing} orders, generation skipped`,
      );
    } else {
      log(`Generating ${options.generate} orders first…`);
      generated = await generate(where, options.generate);
    }
  } else if (existing === 0) {
    throw new Error(
      'The database holds no orders: add --generate 1000000 (or npm run bench:generate -- … first)',
    );
  }

  const database = await openDatabase(where);
  let params: Params;
  try {
    params = await pickParams(database.db, { exportRows: options.exportRows, sample: options.sample });
  } finally {
    await database.close();
  }
  log(
    `${params.orders.toLocaleString('en')} orders, ${params.customers.toLocaleString('en')} customers; calendar ${params.calendar.dates[0]}… warehouse ${params.calendar.warehouseId} (${params.calendar.orders} orders); month ${params.month.from}…${params.month.to} (${params.month.orders} orders); export ${params.exportRange.from}…${params.exportRange.to} (${params.exportRange.rows} rows)`,
  );

  const dataDir = where.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-bench-files-'));
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    SEED_DEMO: 'never',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
  };
  if (where.databaseUrl) env.DATABASE_URL = where.databaseUrl;
  // The server's answer cache (calendar weeks, delivery notes, overviews): on by default as in
  // production; ANSWER_CACHE_BYTES=0 in the bench's environment measures every answer cold.
  const answerCacheBytes = process.env.ANSWER_CACHE_BYTES ?? '';
  if (answerCacheBytes) env.ANSWER_CACHE_BYTES = answerCacheBytes;
  const machineStart = {
    loadavg: os.loadavg().map((n) => round(n)),
    freeMemMiB: round(os.freemem() / MiB, 0),
  };

  const only = options.only ? new Set(options.only.split(',').map((s) => s.trim())) : null;
  const wanted = (name: string) => !only || only.has(name);
  const results: CallResult[] = [];
  const exports: ExportResult[] = [];
  let serverLoop: WholeRun | null = null;
  let deepPage = 1;

  log('Starting the server…');
  const port = await freePort();
  const server = await startChild({
    name: 'server',
    script: 'server/src/main.ts',
    env: { ...env, PORT: String(port) },
    port,
    readyPath: '/api/health',
  });
  try {
    const headers = await login(server.base);
    // The deep page: the middle of the whole list, as far as the list lets a user jump.
    const first = await probeOnce(
      server.base,
      `/api/orders?current_page=1&per_page=${options.perPage}`,
      headers,
    );
    const total = first.status === 200 ? (JSON.parse(first.body.toString()) as { total: number }).total : 0;
    deepPage = Math.max(1, Math.floor(total / options.perPage / 2));
    const sorted = await orderSortCalls({
      probe: (pathname) => probeOnce(server.base, pathname, headers),
      deepPage,
      perPage: options.perPage,
      warehouseId: params.calendar.warehouseId,
      wanted,
    });
    for (const call of [
      ...calls(params, deepPage),
      ...sorted.map((s) => ({ ...s, connections: options.connections })),
    ]) {
      if (!wanted(call.name)) continue;
      log(`${call.label} (${call.connections} connections, ${options.duration} s)…`);
      results.push(await runCall(server, call, headers));
    }
    if (wanted('export')) {
      for (let run = 1; run <= options.exportRuns; run++) {
        log(`XLSX export of ${params.exportRange.rows.toLocaleString('en')} orders, run ${run}…`);
        exports.push(
          await runExport(server, params, headers, run, {
            timeoutSeconds: options.exportTimeout,
            settle: () => settle(server.base, '/api/health'),
            log,
          }),
        );
      }
    }
  } finally {
    serverLoop = await server.stop();
  }

  let ceiling: CallResult | null = null;
  if (wanted('ceiling')) {
    const listBytes = results.find((r) => r.name === 'orders_first_page')?.firstResponse;
    log('Starting the bare Fastify app (framework ceiling)…');
    const cport = await freePort();
    const bare = await startChild({
      name: 'ceiling',
      script: 'bench/lib/ceiling.ts',
      env: { ...env, PORT: String(cport) },
      port: cport,
      readyPath: '/ready',
    });
    try {
      // As many rows as make the same size as the order list's first page.
      let limit = options.perPage;
      if (listBytes) {
        const probe = await probeOnce(bare.base, `/ceiling?limit=${limit}`, {});
        limit = Math.min(1000, Math.max(1, Math.round((limit * listBytes) / Math.max(probe.bytes, 1))));
      }
      log(`bare Fastify route, ${limit} rows (${options.connections} connections, ${options.duration} s)…`);
      ceiling = await runCall(
        bare,
        {
          name: 'ceiling',
          label: `bare Fastify, one indexed query (${limit} rows)`,
          paths: [`/ceiling?limit=${limit}`],
          connections: options.connections,
          target: { kind: 'none' },
        },
        {},
      );
    } finally {
      await bare.stop();
    }
    results.push(ceiling);
  }

  const finishedAt = new Date();
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    commit,
    uncommitted,
    note: options.note,
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model ?? '',
      memoryMiB: round(os.totalmem() / MiB, 0),
      node: process.version,
      start: machineStart,
      end: { loadavg: os.loadavg().map((n) => round(n)), freeMemMiB: round(os.freemem() / MiB, 0) },
    },
    database: {
      engine: where.databaseUrl ? 'postgres' : 'pglite',
      target: where.label,
      orders: params.orders,
      customers: params.customers,
      generated,
    },
    answerCache: (answerCacheBytes === '0' ? 'off' : 'on') as 'off' | 'on',
    options: { ...options, databaseUrl: options.databaseUrl ? redact(options.databaseUrl) : undefined },
    params: {
      deepPage,
      perPage: options.perPage,
      orderIds: params.orderIds.length,
      surnames: params.surnames.length,
      calendar: params.calendar,
      month: params.month,
      exportRange: params.exportRange,
      supplierId: params.supplierId,
    },
    calls: results.map((r) => ({ ...r, paths: r.paths.slice(0, 3), pathCount: r.paths.length })),
    exports,
    serverLoopWholeRun: serverLoop,
  };
  const table = markdown(report);
  fs.mkdirSync(options.out, { recursive: true });
  const stamp = startedAt
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  const jsonFile = path.join(options.out, `${stamp}.json`);
  const mdFile = path.join(options.out, `${stamp}.md`);
  fs.writeFileSync(jsonFile, `${JSON.stringify({ ...report, verdicts: table.verdicts }, null, 2)}\n`);
  fs.writeFileSync(mdFile, table.text);
  if (!where.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`\n${table.text}\n`);
  log(`Written: ${path.relative(root, jsonFile)}, ${path.relative(root, mdFile)}`);
}

await main();
