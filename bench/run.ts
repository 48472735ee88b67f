/**
 * `npm run bench`: the real server on a generated database, loaded with autocannon call
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
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { rowsOf } from '../server/src/db/rows.ts';
import { calls } from './lib/calls.ts';
import { freePort, root, startChild, type WholeRun } from './lib/child.ts';
import { flags } from './lib/common.ts';
import { runExport } from './lib/export.ts';
import { round } from './lib/machine.ts';
import { type MixedResult, runMixed } from './lib/mixed.ts';
import { pickWriteTargets, type WriteTargets } from './lib/mixed-writes.ts';
import { orderSortCalls } from './lib/order-sorts.ts';
import { type Params, pickParams } from './lib/params.ts';
import { type CallResult, type ExportResult, markdown } from './lib/report.ts';
import { runCall } from './lib/run-call.ts';
import { login, probeOnce, settle } from './lib/session.ts';

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
  // The report shows the answer cache on and off side by side (each its own server).
  cache: f.string('cache', process.env.ANSWER_CACHE_BYTES === '0' ? 'off' : 'both'),
  mixed: f.bool('mixed'),
  mixedSeconds: f.int('mixed-seconds', 60, 5, 600),
  readers: f.int('readers', 20, 0, 200),
  writeRate: f.int('write-rate', 2, 0, 50),
};
if (!['on', 'off', 'both'].includes(options.cache)) throw new Error('--cache: on, off or both');
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
    const exists = await rowsOf<unknown>(
      server.db,
      sql`select 1 from pg_database where datname = ${options.database}`,
    );
    if (!exists.length) {
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
    const result = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from orders`);
    return result[0]?.n ?? 0;
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
  const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trimEnd();
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
  let writeTargets: WriteTargets | null = null;
  try {
    params = await pickParams(database.db, { exportRows: options.exportRows, sample: options.sample });
    if (options.mixed) writeTargets = await pickWriteTargets(database.db, params);
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
  // The server's answer cache (calendar weeks, delivery notes, overviews): on as in production
  // (ANSWER_CACHE_BYTES of the bench's environment, or the server's default), off with 0; by
  // default both, one server after the other, side by side in the report.
  const answerCacheBytes =
    process.env.ANSWER_CACHE_BYTES && process.env.ANSWER_CACHE_BYTES !== '0'
      ? process.env.ANSWER_CACHE_BYTES
      : '';
  const modes: ('on' | 'off')[] = options.cache === 'both' ? ['on', 'off'] : [options.cache as 'on' | 'off'];
  const machineStart = {
    loadavg: os.loadavg().map((n) => round(n)),
    freeMemMiB: round(os.freemem() / MiB, 0),
  };

  const only = options.only ? new Set(options.only.split(',').map((s) => s.trim())) : null;
  const wanted = (name: string) => !only || only.has(name);
  const callOptions = { ...options, log };
  let deepPage = 1;

  /** One server with the cache on or off: its calls one by one (or the mixed load), its exports. */
  async function serverRun(cache: 'on' | 'off') {
    const results: CallResult[] = [];
    const exports: ExportResult[] = [];
    let mixed: MixedResult | null = null;
    log(`Starting the server (answer cache ${cache})…`);
    const port = await freePort();
    const cacheEnv: Record<string, string> =
      cache === 'off'
        ? { ANSWER_CACHE_BYTES: '0' }
        : answerCacheBytes
          ? { ANSWER_CACHE_BYTES: answerCacheBytes }
          : {};
    const server = await startChild({
      name: 'server',
      script: 'server/src/main.ts',
      env: { ...env, ...cacheEnv, PORT: String(port) },
      port,
      readyPath: '/api/health',
    });
    let serverLoop: WholeRun | null = null;
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
      const plain = calls(params, deepPage, options);
      if (options.mixed) {
        log(
          `Mixed load: ${options.readers} readers, ${options.calendarConnections} on the calendar week, ${options.writeRate} writes/s, ${options.mixedSeconds} s…`,
        );
        // An office that has been open a while: every answer asked once before the window opens.
        for (const call of plain) await probeOnce(server.base, call.paths[0]!, headers, options.slowLimit);
        await settle(server.base, '/api/health', options.slowLimit, log);
        mixed = await runMixed(server, plain, writeTargets!, headers, {
          seconds: options.mixedSeconds,
          readers: options.readers,
          calendarReaders: options.calendarConnections,
          writeRate: options.writeRate,
          timeoutSeconds: options.slowLimit,
          log,
        });
        log(
          `  writes p95 ${mixed.allWrites.p95} ms (${mixed.allWrites.requests}), cache hit rate ${mixed.cacheHits.hitRate}, loop max ${mixed.loop.maxMs} ms`,
        );
        return { cache, calls: results, exports, mixed, serverLoop: await server.stop() };
      }
      const sorted = await orderSortCalls({
        probe: (pathname) => probeOnce(server.base, pathname, headers),
        deepPage,
        perPage: options.perPage,
        warehouseId: params.calendar.warehouseId,
        wanted,
      });
      for (const call of [...plain, ...sorted.map((s) => ({ ...s, connections: options.connections }))]) {
        if (!wanted(call.name)) continue;
        log(`${call.label} (${call.connections} connections, ${options.duration} s)…`);
        results.push(await runCall(server, call, headers, callOptions));
      }
      if (wanted('export')) {
        for (let run = 1; run <= options.exportRuns; run++) {
          log(`XLSX export of ${params.exportRange.rows.toLocaleString('en')} orders, run ${run}…`);
          exports.push(
            await runExport(server, params, headers, run, {
              timeoutSeconds: options.exportTimeout,
              settle: () => settle(server.base, '/api/health', options.slowLimit, log),
              log,
            }),
          );
        }
      }
    } finally {
      serverLoop = await server.stop();
    }
    return { cache, calls: results, exports, mixed, serverLoop };
  }

  const runs: Awaited<ReturnType<typeof serverRun>>[] = [];
  for (const mode of modes) runs.push(await serverRun(mode));

  let ceiling: CallResult | null = null;
  if (wanted('ceiling')) {
    const listBytes =
      runs[0]?.calls.find((r) => r.name === 'orders_first_page')?.firstResponse ??
      runs[0]?.mixed?.calls.find((r) => r.name === 'orders_first_page')?.load?.bytesPerResponse;
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
        callOptions,
      );
    } finally {
      await bare.stop();
    }
  }
  const [main, ...others] = runs;
  const results = [...(main?.calls ?? []), ...(ceiling ? [ceiling] : [])];
  const exports = main?.exports ?? [];
  const serverLoop = main?.serverLoop ?? null;
  const trim = (r: CallResult) => ({ ...r, paths: r.paths.slice(0, 3), pathCount: r.paths.length });

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
    answerCache: main?.cache ?? 'on',
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
    calls: results.map(trim),
    exports,
    serverLoopWholeRun: serverLoop,
    // The same calls on a server with the other cache setting (side by side).
    otherRuns: others.map((r) => ({ ...r, calls: r.calls.map(trim) })),
    mixed: runs.flatMap((r) =>
      r.mixed ? [{ ...r.mixed, answerCache: r.cache, calls: r.mixed.calls.map(trim) }] : [],
    ),
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
