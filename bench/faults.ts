/**
 * npm run bench:faults — the faults of decision 0045 survived, measured (not in CI: about a minute).
 *
 * Two server processes on one durable PostgreSQL (fsync on, its own cluster), writers and readers
 * spread over both. Then, during the load: `kill -9` of process A (restarted 3 s later, as a
 * supervisor would), and a crash-restart of PostgreSQL (`pg_ctl stop -m immediate`, start again
 * 3 s later). Afterwards every write that was answered 2xx is looked up in the database.
 * Prints (and writes to bench/results/faults-<time>.md): writes acknowledged, found, lost (must be
 * 0), calls that hung past the client's timeout (must be 0), what /api/health said meanwhile and
 * how soon each process served again.
 *
 * Options (environment): FAULT_SECONDS (45), FAULT_PG_PORT (54355), FAULT_PORTS (3136,3137),
 * FAULT_WRITERS (4), FAULT_READERS (4).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import pg from 'pg';
import { createDemoDatabase, startCluster } from '../server/src/scale-out/cluster.ts';
import { HttpClient, type ServerProcess, startServer } from '../server/src/scale-out/processes.ts';

const seconds = Number(process.env.FAULT_SECONDS ?? 45);
const pgPort = Number(process.env.FAULT_PG_PORT ?? 54355);
const [portA, portB] = (process.env.FAULT_PORTS ?? '3136,3137').split(',').map(Number) as [number, number];
const writerCount = Number(process.env.FAULT_WRITERS ?? 4);
const readerCount = Number(process.env.FAULT_READERS ?? 4);
/** A call still unanswered after this has hung (the server's own limits are 5 s + 3 s). */
const hangMs = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
let t0 = now();
const at = () => ((now() - t0) / 1000).toFixed(1);
const log = (message: string) => console.log(`[${at()} s] ${message}`);

const servers = {} as Record<'A' | 'B', ServerProcess>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-faults-'));
log(`PostgreSQL (durable) on :${pgPort}`);
const cluster = startCluster(pgPort, { durable: true });
// Whatever happens, nothing this script started outlives it.
let cleanedUp = false;
process.once('exit', () => {
  if (cleanedUp) return;
  for (const server of Object.values(servers)) server.child.kill('SIGKILL');
  cluster.remove();
  fs.rmSync(tmp, { recursive: true, force: true });
});
const url = await createDemoDatabase(cluster);
const seeded = await (async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const warehouses = (await c.query<{ id: number }>('select id from warehouses order by id')).rows.map(
    (r) => r.id,
  );
  const orders = (await c.query<{ id: number }>('select id from orders order by id limit 10')).rows.map(
    (r) => r.id,
  );
  await c.end();
  return { warehouses, orders };
})();
const env = {
  DATABASE_URL: url,
  DATABASE_POOL_SIZE: '8',
  DATABASE_STATEMENT_TIMEOUT_MS: '5000',
  DATABASE_CONNECT_TIMEOUT_MS: '3000',
  DATA_DIR: path.join(tmp, 'data'),
  LOG_LEVEL: 'warn',
};
Object.assign(
  servers,
  Object.fromEntries(
    await Promise.all(
      (
        [
          ['A', portA],
          ['B', portB],
        ] as const
      ).map(async ([name, port]) => [name, await startServer({ port, env, readyMs: 180_000 })] as const),
    ),
  ),
);
log(`server A :${portA}, server B :${portB}`);

type Outcome = 'ok' | 'refused' | 'failed' | 'hung';
const counts = {
  writes: { sent: 0, acknowledged: 0, failed: 0 },
  reads: { sent: 0, ok: 0, failed: 0 },
  hung: 0,
  /** Health checks that took over 3 s (its own limit is 2 s; more is a starved event loop). */
  slowHealth: 0,
  servedByBWhileADead: 0,
};
const acknowledged = { drafts: [] as number[], customers: [] as string[] };
const slowest = { ms: 0, call: '' };
/** Why calls were not answered 2xx: `status call` (0 = no answer: the process was down). */
const failures = new Map<string, number>();
let aDead = false;
/** What is broken right now; failures are counted per phase. */
let phase: 'steady' | 'A dead or starting' | 'PostgreSQL down or recovering' = 'steady';
const failedIn = new Map<string, number>();
let running = true;
const run = Date.now().toString(36);

async function call(c: HttpClient, method: string, url: string, body?: unknown): Promise<[Outcome, unknown]> {
  const started = now();
  try {
    const answer = await c.request(method, url, body);
    const ms = now() - started;
    if (ms > slowest.ms) Object.assign(slowest, { ms, call: `${method} ${url.split('?')[0]}` });
    if (answer.status < 300) return ['ok', answer.body ? JSON.parse(answer.body) : null];
    const why = `${answer.status} ${method} ${url.split('?')[0]}`;
    failedIn.set(phase, (failedIn.get(phase) ?? 0) + 1);
    failures.set(why, (failures.get(why) ?? 0) + 1);
    return [answer.status < 500 ? 'refused' : 'failed', answer.status];
  } catch (error) {
    const why = `0 ${method} ${url.split('?')[0]}`;
    failedIn.set(phase, (failedIn.get(phase) ?? 0) + 1);
    failures.set(why, (failures.get(why) ?? 0) + 1);
    if ((error as Error).name === 'TimeoutError') {
      counts.hung++;
      return ['hung', null];
    }
    return ['failed', (error as Error).message];
  }
}

/** A user's session, signed in once, used on both processes (a proxy would spread them). */
type Session = { A: HttpClient; B: HttpClient };
async function session(username: string): Promise<Session> {
  // Signing in hashes a password (argon2): on a busy machine it may take long; not measured.
  const signIn = new HttpClient(servers.B.base, 120_000);
  if ((await signIn.login(username)) !== 200) throw new Error(`login of ${username} failed`);
  const b = signIn.at(servers.B.base);
  b.timeoutMs = hangMs;
  return { A: b.at(servers.A.base), B: b };
}
const sessions = new Map<string, Session>();
for (const username of ['owner', 'dispatcher', 'technician']) {
  sessions.set(username, await session(username));
}

async function writer(n: number) {
  const me = sessions.get(n % 2 ? 'owner' : 'dispatcher')!;
  for (let i = 0; running; i++) {
    const target = i % 2 ? 'A' : 'B';
    const c = me[target];
    counts.writes.sent++;
    if (i % 3 === 0) {
      // A new order (a draft with its order number), as the order form starts one.
      const [outcome, body] = await call(c, 'GET', '/api/order/add');
      if (outcome === 'ok') acknowledged.drafts.push((body as { id: number }).id);
      tally(outcome, target);
    } else {
      const lastName = `Porucha-${run}-${n}-${i}`;
      const [outcome] = await call(c, 'POST', '/api/customer/add', {
        firstName: 'Zkouška',
        lastName,
        phone: `7${String(n)}${String(i).padStart(7, '0')}`.slice(0, 9),
        email: '',
        address: 'Lipová 12',
        town: 'Polná',
        zip: '588 13',
        country: 'Česká republika',
        lat: 49.4875,
        lon: 15.7201,
        allow_duplicate: true,
      });
      if (outcome === 'ok') acknowledged.customers.push(lastName);
      tally(outcome, target);
    }
    // About 2 writes a second between the writers, as in the office.
    await sleep((writerCount / 2) * 1000 * (0.5 + Math.random()));
  }
}

function tally(outcome: Outcome, target: 'A' | 'B') {
  if (outcome === 'ok') counts.writes.acknowledged++;
  else counts.writes.failed++;
  if (outcome === 'ok' && target === 'B' && aDead) counts.servedByBWhileADead++;
}

async function reader(n: number) {
  const me = sessions.get(['technician', 'dispatcher', 'owner'][n % 3]!)!;
  const day = pragueDay();
  const calls = [
    '/api/orders?per_page=20&current_page=1',
    `/api/api/get-orders?warehouses=${seeded.warehouses.join(',')}&dates=${day}`,
    `/api/order/${seeded.orders[n % seeded.orders.length]}`,
    '/api/customers?per_page=20&current_page=1&name=Nov',
  ];
  for (let i = 0; running; i++) {
    const target = (i + n) % 2 ? 'A' : 'B';
    counts.reads.sent++;
    const [outcome] = await call(me[target], 'GET', calls[i % calls.length]!);
    if (outcome === 'ok') {
      counts.reads.ok++;
      if (target === 'B' && aDead) counts.servedByBWhileADead++;
    } else counts.reads.failed++;
    await sleep(250);
  }
}

/** /api/health of B every 250 ms: what it said while PostgreSQL was away. */
const health: { at: string; status: number; body: string }[] = [];
async function watchHealth() {
  while (running) {
    const started = now();
    const answer = await fetch(`${servers.B.base}/api/health`, { signal: AbortSignal.timeout(hangMs) })
      .then(async (r) => ({ status: r.status, body: await r.text() }))
      .catch((error: Error) => ({ status: 0, body: error.message }));
    if (answer.status === 0 && answer.body.includes('timeout')) counts.hung++;
    else if (now() - started > 3000) counts.slowHealth++;
    const last = health.at(-1);
    if (!last || last.status !== answer.status) health.push({ at: at(), ...answer });
    await sleep(250);
  }
}

async function until(check: () => Promise<boolean>, limitMs = 30_000): Promise<number> {
  const started = now();
  while (now() - started < limitMs) {
    if (await check().catch(() => false)) return now() - started;
    await sleep(100);
  }
  return Number.NaN;
}
const healthy = (base: string) => async () =>
  (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })).status === 200;

const events: string[] = [];
const note = (message: string) => {
  events.push(`${at()} s: ${message}`);
  log(message);
};

t0 = now();
log('load starts');
const work = [
  ...Array.from({ length: writerCount }, (_, n) => writer(n)),
  ...Array.from({ length: readerCount }, (_, n) => reader(n)),
  watchHealth(),
];
const share = seconds / 6;
await sleep(share * 1000);

note('kill -9 of server A');
phase = 'A dead or starting';
servers.A.child.kill('SIGKILL');
await servers.A.exited;
aDead = true;
await sleep(3000);
note('server A restarted');
const aStart = now();
servers.A = await startServer({ port: portA, env, readyMs: 180_000 });
aDead = false;
phase = 'steady';
note(`server A serves again after ${((now() - aStart) / 1000).toFixed(1)} s of start-up`);

await sleep(share * 1000);
note('PostgreSQL crashes (pg_ctl stop -m immediate)');
phase = 'PostgreSQL down or recovering';
cluster.down('immediate');
await sleep(3000);
cluster.up();
note('PostgreSQL started again (crash recovery)');
const reconnect = await Promise.all([healthy(servers.A.base), healthy(servers.B.base)].map((h) => until(h)));
phase = 'steady';
note(`both healthy again ${(Math.max(...reconnect) / 1000).toFixed(1)} s after PostgreSQL was back`);

const rest = seconds * 1000 - (now() - t0);
if (rest > 0) await sleep(rest);
running = false;
await Promise.all(work);

// Every acknowledged write, looked up.
const check = new pg.Client({ connectionString: url });
await check.connect();
const foundDrafts = (
  await check.query<{ n: number }>('select count(*)::int as n from orders where id = any($1::int[])', [
    acknowledged.drafts,
  ])
).rows[0]!.n;
const foundCustomers = (
  await check.query<{ n: number }>(
    'select count(distinct last_name)::int as n from customers where last_name = any($1::text[])',
    [acknowledged.customers],
  )
).rows[0]!.n;
await check.end();
const acked = acknowledged.drafts.length + acknowledged.customers.length;
const found = foundDrafts + foundCustomers;
const degraded = health.some((h) => h.status === 503 && h.body.includes('"degraded"'));

const report = `# Faults survived — ${new Date().toISOString()}

Two server processes (A :${portA}, B :${portB}) on one durable PostgreSQL (fsync on), ${writerCount}
writers (new orders and customers, about 2 a second) and ${readerCount} readers (list, calendar,
detail, customer search) over both, ${seconds} s; machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'},
load average at the end ${os.loadavg()[0]!.toFixed(1)}.

| what | count |
|---|---:|
| writes acknowledged (2xx) | ${acked} (orders ${acknowledged.drafts.length}, customers ${acknowledged.customers.length}) |
| found afterwards | ${found} |
| **lost** | **${acked - found}** |
| writes refused or failed (never acknowledged) | ${counts.writes.failed} |
| reads ok / failed | ${counts.reads.ok} / ${counts.reads.failed} |
| calls not answered 2xx, by phase | ${[...failedIn].map(([p, n]) => `${p}: ${n}`).join(', ')} |
| calls that hung past ${hangMs / 1000} s | ${counts.hung} |
| health checks answered but slower than 3 s | ${counts.slowHealth} |
| calls served by B while A was dead | ${counts.servedByBWhileADead} |
| slowest answered call | ${(slowest.ms / 1000).toFixed(2)} s (${slowest.call}) |
| /api/health said "degraded" while PostgreSQL was down | ${degraded ? 'yes' : 'no'} |

Events:
${events.map((e) => `- ${e}`).join('\n')}

Calls not answered 2xx (status, call: count; 0 = no answer): ${[...failures]
  .sort((x, y) => y[1] - x[1])
  .map(([why, n]) => `${why}: ${n}`)
  .join('; ')}

/api/health of B, each change: ${health.map((h) => `${h.at} s ${h.status}`).join(', ')}
`;
console.log(`\n${report}`);
const out = path.join(
  import.meta.dirname,
  'results',
  `faults-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}Z.md`,
);
fs.writeFileSync(out, report);
console.log(`written to ${out}`);

await Promise.all([servers.A.stop('SIGTERM'), servers.B.stop('SIGTERM')]);
cluster.remove();
fs.rmSync(tmp, { recursive: true, force: true });
cleanedUp = true;
process.exit(acked - found === 0 && counts.hung === 0 ? 0 : 1);
