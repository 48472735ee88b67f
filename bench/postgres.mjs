// A private PostgreSQL cluster for the benchmarks, as scripts/postgres.mjs starts one for the
// tests (own folder and port, trust on loopback, run as `postgres` when root), but kept between
// runs so that a generated million orders survive: node bench/postgres.mjs start | stop | status.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isRoot } from '../scripts/lib.mjs';
import { postgresBinDir } from '../scripts/system.mjs';

const port = Number(process.env.BENCH_PG_PORT ?? 54339);
const dir = process.env.BENCH_PG_DIR ?? '/tmp/letokruh-bench-pg';
const dataDir = path.join(dir, 'data');
const bin = postgresBinDir();
if (!bin) {
  console.error("PostgreSQL binaries not found: apt-get install postgresql (see README 'npm test').");
  process.exit(1);
}

function asOwner(command, args) {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  return { ok: result.status === 0, out: `${result.stdout}${result.stderr}` };
}
const must = (command, args) => {
  const r = asOwner(command, args);
  if (!r.ok) throw new Error(`${command} failed: ${r.out}`);
  return r.out;
};

const action = process.argv[2] ?? 'status';
if (action === 'start') {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(dir, { recursive: true });
    if (isRoot()) spawnSync('chown', ['postgres:postgres', dir]);
    must(`${bin}/initdb`, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  }
  if (!asOwner(`${bin}/pg_ctl`, ['-D', dataDir, 'status']).ok) {
    // The tests' settings (no fsync: the data is throw-away) plus a server-sized buffer cache.
    must(`${bin}/pg_ctl`, [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=1GB -c max_connections=50`,
      'start',
    ]);
  }
  console.log(`postgres://postgres@127.0.0.1:${port}/postgres`);
} else if (action === 'stop') {
  const r = asOwner(`${bin}/pg_ctl`, ['-D', dataDir, '-m', 'fast', 'stop']);
  console.log(r.ok ? 'stopped' : r.out.trim());
} else if (action === 'destroy') {
  asOwner(`${bin}/pg_ctl`, ['-D', dataDir, '-m', 'immediate', 'stop']);
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`removed ${dir}`);
} else {
  const r = asOwner(`${bin}/pg_ctl`, ['-D', dataDir, 'status']);
  console.log(r.ok ? `running on 127.0.0.1:${port} (${dataDir})` : 'not running');
}
