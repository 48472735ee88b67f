import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { seedDemo } from '../db/seed/index.ts';

/**
 * A throw-away PostgreSQL cluster that a test can stop and start again (issue 16's faults), as
 * scripts/postgres.mjs starts the test suite's: its own folder and port, trust on loopback, run as
 * `postgres` when root. Null when the PostgreSQL binaries are not installed.
 */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const version = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(base, version, 'bin') : null;
}

export type Cluster = {
  url: string;
  /** The URL of another database on the same server. */
  urlOf(database: string, user?: string): string;
  /** `pg_ctl stop`: `immediate` is a crash (recovery from the WAL on the next start). */
  down(mode?: 'fast' | 'immediate'): void;
  up(): void;
  /** Stops the server and removes its folder. */
  remove(): void;
};

const isRoot = () => process.getuid?.() === 0;

export function startCluster(port: number, options: { durable?: boolean } = {}): Cluster {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-scale-pg-'));
  const dataDir = path.join(dir, 'data');
  const asOwner = (command: string, args: string[]) => {
    const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(cmd!, argv as string[], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  if (isRoot()) spawnSync('chown', ['postgres:postgres', dir]);
  asOwner(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  // A commit is written to the WAL before it is acknowledged either way, so a crash of PostgreSQL
  // (not of the machine) loses nothing acknowledged; durable adds the fsyncs a power cut needs.
  const speed = options.durable ? '' : ' -c fsync=off -c full_page_writes=off';
  const up = () =>
    asOwner(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100${speed}`,
      'start',
    ]);
  up();
  const urlOf = (database: string, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${database}`;
  const down = (mode: 'fast' | 'immediate' = 'fast') =>
    asOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
  return {
    url: urlOf('postgres'),
    urlOf,
    down,
    up,
    remove() {
      try {
        down('immediate');
      } catch {
        // already down
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A new database on the cluster, migrated and holding the demo data (accounts, warehouses …). */
export async function createDemoDatabase(cluster: Cluster, name = 'letokruh'): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = cluster.urlOf(name);
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.migrate();
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  return url;
}
