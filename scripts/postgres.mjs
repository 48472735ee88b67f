// The one throw-away PostgreSQL cluster of the project: its own folder and port, trust on loopback,
// run as `postgres` when root, so nothing of the machine's own cluster is touched. The test suite,
// the bench (kept between runs in a folder of its own) and the tests of several processes (which
// stop and start it, or crash it) all start theirs here. Types: postgres.d.mts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRoot } from './lib.mjs';
import { postgresBinDir } from './system.mjs';

/**
 * Data nobody keeps: no fsync. A commit still reaches the WAL before it is acknowledged, so a crash
 * of PostgreSQL alone (not of the machine) loses nothing acknowledged; `noWait` gives that up too.
 */
const fast = '-c fsync=off -c full_page_writes=off';
export const noWait = '-c synchronous_commit=off';

export const postgresInstalled = () => postgresBinDir() !== null;

/**
 * A cluster on `port`. `dir`: a folder kept between runs (created and initialised when empty);
 * otherwise a new temporary one, removed by `remove()`. `durable`: the fsyncs a power cut needs.
 * `settings`: more `-c name=value` flags. `start: false` leaves it stopped.
 */
export function postgresCluster(port, { dir, durable = false, settings = '', start = true } = {}) {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error("PostgreSQL binaries not found: apt-get install postgresql (see README 'npm test')");
  const folder = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-pg-'));
  const dataDir = path.join(folder, 'data');
  const asOwner = (command, args) => {
    const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    return { ok: result.status === 0, out: `${result.stdout}${result.stderr}` };
  };
  const must = (command, args) => {
    const result = asOwner(command, args);
    if (!result.ok) throw new Error(`${command} failed: ${result.out}`);
  };
  const running = () => asOwner(`${bin}/pg_ctl`, ['-D', dataDir, 'status']).ok;
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(folder, { recursive: true });
    if (isRoot()) spawnSync('chown', ['postgres:postgres', folder]);
    must(`${bin}/initdb`, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  }
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 ${durable ? '' : fast} ${settings}`;
  const up = () => {
    if (!running())
      must(`${bin}/pg_ctl`, ['-D', dataDir, '-l', path.join(folder, 'log'), '-w', '-o', options, 'start']);
  };
  const down = (mode = 'fast') => must(`${bin}/pg_ctl`, ['-D', dataDir, '-m', mode, '-w', 'stop']);
  const urlOf = (database, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${database}`;
  if (start) up();
  return {
    url: urlOf('postgres'),
    dataDir,
    urlOf,
    up,
    down,
    running,
    /** Stops the server at once and removes its folder. */
    remove() {
      try {
        if (running()) down('immediate');
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/** The test suite's cluster (scripts/test.mjs): a new one, removed by `stop()`. */
export function startTestPostgres(port = 54329) {
  const cluster = postgresCluster(port, { settings: noWait });
  return { url: cluster.url, stop: () => cluster.remove() };
}
