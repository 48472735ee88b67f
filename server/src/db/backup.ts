import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { Storage } from '../plugins/storage.ts';
import { newPglite, takeLock } from './client.ts';

/**
 * Backups (decision 0020). The embedded database: the app must be stopped (its lock file says so); the
 * database is opened and closed once, so PostgreSQL inside PGlite writes a clean checkpoint, then
 * its folder and the uploaded files go into one .tar.gz. A PostgreSQL server: pg_dump's custom
 * format, restored by pg_restore, with the uploaded files beside it in `<name>.files.tar.gz` (so are
 * the files of an S3 bucket, decision 0045: read from it into the archive, written back on restore; a
 * restore adds and overwrites objects, it deletes none).
 */
const parts = ['pgdata', 'files'] as const;

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').replace('Z', '');

/**
 * The files archive beside a database backup whose files are not inside it (a PostgreSQL dump, or
 * any backup with `FILE_STORE=s3`): `x.dump` or `x.tar.gz` → `x.files.tar.gz`.
 */
export const filesArchiveOf = (backupFile: string) =>
  `${backupFile.replace(/\.(dump|tar\.gz)$/, '')}.files.tar.gz`;

/** Copies every stored file into `folder` (its key as the relative path). Answers how many. */
async function exportFiles(files: Storage, folder: string): Promise<number> {
  let count = 0;
  for await (const key of files.list()) {
    const data = await files.get(key);
    if (!data) continue;
    const target = path.join(folder, ...key.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, data);
    count++;
  }
  return count;
}

/** Writes every file under `folder` into the store under its relative path. Answers how many. */
async function importFiles(files: Storage, folder: string): Promise<number> {
  if (!fs.existsSync(folder)) return 0;
  let count = 0;
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    await files.write(path.relative(folder, full).split(path.sep).join('/'), fs.readFileSync(full));
    count++;
  }
  return count;
}

/** Every stored file into one .tar.gz (under `files/`). */
export async function backupFiles(files: Storage, outFile: string): Promise<{ file: string; count: number }> {
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(outFile)), '.files-'));
  try {
    const count = await exportFiles(files, path.join(staging, 'files'));
    const present = fs.existsSync(path.join(staging, 'files')) ? ['files'] : [];
    await tar.create({ gzip: true, file: `${outFile}.part`, cwd: staging, portable: true }, present);
    fs.renameSync(`${outFile}.part`, outFile);
    return { file: outFile, count };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The files of a `backupFiles` archive back into the store. */
export async function restoreFiles(files: Storage, archive: string): Promise<number> {
  const staging = fs.mkdtempSync(path.join(path.dirname(path.resolve(archive)), '.files-'));
  try {
    await tar.extract({ file: archive, cwd: staging, strict: true });
    return await importFiles(files, path.join(staging, 'files'));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export async function backupEmbedded(dataDir: string, outFile?: string): Promise<string> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`No embedded database in ${pgdata}`);
  const release = takeLock(`${pgdata}.lock`);
  try {
    const client = newPglite(pgdata);
    await client.waitReady;
    await client.query('checkpoint');
    await client.close();
    const file = path.resolve(outFile ?? path.join(dataDir, 'backups', `letokruh-${stamp()}.tar.gz`));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const present = parts.filter((p) => fs.existsSync(path.join(dataDir, p)));
    await tar.create({ gzip: true, file: `${file}.part`, cwd: dataDir, portable: true }, [...present]);
    fs.renameSync(`${file}.part`, file);
    return file;
  } finally {
    release();
  }
}

/**
 * Replaces the embedded database and files with those of a backup. What was there is moved aside
 * to `before-restore-<time>/` (never deleted), so a wrong restore can be undone by hand.
 */
export async function restoreEmbedded(dataDir: string, archive: string): Promise<{ keptAside: string }> {
  if (!fs.existsSync(archive)) throw new Error(`No backup at ${archive}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const pgdata = path.join(dataDir, 'pgdata');
  const release = takeLock(`${pgdata}.lock`);
  const staging = fs.mkdtempSync(path.join(dataDir, 'restore-'));
  try {
    await tar.extract({ file: archive, cwd: staging, strict: true });
    if (!fs.existsSync(path.join(staging, 'pgdata', 'PG_VERSION'))) {
      throw new Error(`${archive} is not a Letokruh backup (no pgdata/PG_VERSION inside)`);
    }
    // The backup opens before anything is moved: a broken archive leaves the data as it was.
    const check = newPglite(path.join(staging, 'pgdata'));
    await check.waitReady;
    await check.query('select count(*) from orders');
    await check.close();
    const keptAside = path.join(dataDir, `before-restore-${stamp()}`);
    fs.mkdirSync(keptAside);
    for (const part of parts) {
      const current = path.join(dataDir, part);
      if (fs.existsSync(current)) fs.renameSync(current, path.join(keptAside, part));
      const restored = path.join(staging, part);
      if (fs.existsSync(restored)) fs.renameSync(restored, current);
    }
    return { keptAside };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

function pgTool(name: string): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(base, v, 'bin', name)).find((p) => fs.existsSync(p));
  return found ?? name;
}

function runTool(name: string, args: string[]): void {
  const result = spawnSync(pgTool(name), args, { encoding: 'utf8' });
  if (result.error)
    throw new Error(`${name} could not run (${result.error.message}); install Debian's postgresql-client`);
  if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr.trim()}`);
}

export function backupPostgres(databaseUrl: string, outFile?: string): string {
  const file = path.resolve(outFile ?? path.join('backups', `letokruh-${stamp()}.dump`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}.part`, databaseUrl]);
  fs.renameSync(`${file}.part`, file);
  return file;
}

/** Into an empty database, or over this app's own (`--clean --if-exists` drops what it restores). */
export function restorePostgres(databaseUrl: string, file: string): void {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  runTool('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}
