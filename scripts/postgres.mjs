// A private, throw-away PostgreSQL cluster for the tests: its own folder, port and trust auth on
// loopback, so nothing of the machine's own cluster is touched. As root, it runs as `postgres`.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRoot } from './lib.mjs';
import { postgresBinDir } from './system.mjs';

export function startTestPostgres(port = 54329) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-pg-'));
  const dataDir = path.join(dir, 'data');
  const asOwner = (command, args) => {
    const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  asOwner(`${bin}/initdb`, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  asOwner(`${bin}/pg_ctl`, [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop() {
      try {
        asOwner(`${bin}/pg_ctl`, ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
