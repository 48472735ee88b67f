import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { newPglite, openDatabase } from '../db/client.ts';
import { seedDemo } from '../db/seed/index.ts';

/**
 * Vitest's global setup for the server project: the migrated database with the demo data is made
 * once per run, and every test file starts from a copy of it instead of migrating and seeding
 * again (decision 0042: migrating and seeding for every file was a large share of CI's time). On PostgreSQL
 * the copy is `CREATE DATABASE … TEMPLATE`, on PGlite a data-folder tarball (`loadDataDir`).
 * The migrations themselves are still run from nothing by db/migration-0016.test.ts,
 * db/migration-0029.test.ts and db/backup.test.ts.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database's name; PGlite: the path of the data-folder tarball. */
    dbTemplate: { engine: 'postgres'; name: string } | { engine: 'pglite'; file: string } | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `lt_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    await seedDemo(database.db);
    await database.close();
    project.provide('dbTemplate', { engine: 'postgres', name });
    return () => adminQuery(adminUrl, `drop database if exists ${name}`);
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'letokruh-template-'));
  const file = path.join(dir, 'pgdata.tar');
  const client = newPglite(undefined);
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  await seedDemo(database.db);
  const dump = await client.dumpDataDir('none');
  await fs.writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', { engine: 'pglite', file });
  return () => fs.rm(dir, { recursive: true, force: true });
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
