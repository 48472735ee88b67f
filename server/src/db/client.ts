import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Queries take the database or an open transaction (fastify/demo's repository habit). */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** True when the embedded database folder was created by this open. */
  created: boolean;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export type OpenOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  inMemory?: boolean;
  /** An embedded database made by the caller (tests: in memory, from a template's tarball). */
  pglite?: PGlite;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

async function openPostgres(url: string): Promise<Database> {
  // No parallel workers for the app's queries (issue 9): under twenty users a parallel plan of a
  // list page costs three processes for one answer (a surname search: 23 ms of CPU instead of 7,
  // p95 159 → 106 ms at 20 clients). The month's sums opt in again (`withParallelWorkers`).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: '-c max_parallel_workers_per_gather=0',
  });
  // An idle connection the server ends (a restart, an administrator, a dropped test database)
  // is an 'error' event of the pool; unhandled, it would take the whole process down. The pool
  // replaces the connection on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  // Surface a dead server at start, not at the first request.
  await pool.query('select 1');
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    created: false,
    migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** An embedded PostgreSQL with the extensions the migrations use; in memory without a folder. */
export function newPglite(dataDir: string | undefined, loadDataDir?: Blob): PGlite {
  // One options object: `new PGlite(undefined, options)` would take the undefined folder for the
  // options and drop the second argument, so the in-memory database had no pg_trgm.
  return new PGlite({ dataDir, extensions: { pg_trgm, unaccent }, ...(loadDataDir ? { loadDataDir } : {}) });
}

async function openPglite(options: OpenOptions): Promise<Database> {
  let dir: string | undefined;
  let releaseLock = () => {};
  let created = true;
  if (!options.inMemory && !options.pglite) {
    dir = path.join(options.dataDir ?? './data', 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    created = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    releaseLock = takeLock(`${dir}.lock`);
  }
  const client = options.pglite ?? newPglite(dir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    created,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite has no lock between processes (STACK.md): a second server on the same folder would
 * corrupt it. The lock file holds the owner's pid; a lock whose process is gone is taken over.
 */
export function takeLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The embedded database ${path.dirname(file)} is in use by process ${pid}. Stop it, or set DATABASE_URL to use a PostgreSQL server.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `work` in a transaction that may use parallel workers again: for the few queries that read
 * a month of orders at once (the overviews' sums), where two workers halve the time alone.
 */
export async function withParallelWorkers<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 2`);
    return work(tx);
  });
}
