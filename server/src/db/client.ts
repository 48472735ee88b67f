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
  /**
   * The connection of the list, calendar and overview queries: a read-only one to a replica when
   * `readUrl` was given, otherwise `db` itself.
   */
  readDb: Db;
  engine: 'pglite' | 'postgres';
  /** True when the embedded database folder was created by this open. */
  created: boolean;
  migrate(): Promise<void>;
  /** Hears NOTIFY on a channel, from any process (see `Listen`). */
  listen: Listen;
  close(): Promise<void>;
};

/**
 * Calls `notice` with the payload of every notification on `channel` (a NOTIFY, from any process,
 * after its transaction committed) and `hearing` whenever hearing starts or stops: while it is
 * false a notification may be missed. PostgreSQL: a connection of its own, outside the pool, connected
 * again a second after it is lost. Answers a function that stops listening.
 */
export type Listen = (
  channel: string,
  handlers: { notice(payload: string): void; hearing(on: boolean): void },
) => Promise<() => Promise<void>>;

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export type OpenOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  inMemory?: boolean;
  /** An embedded database made by the caller (tests: in memory, from a template's tarball). */
  pglite?: PGlite;
  /** PostgreSQL only: a read-only connection for the heavy reads (`DATABASE_READ_URL`). */
  readUrl?: string | undefined;
  /** PostgreSQL only: the pool's bounds; the defaults suit the command-line tools. */
  pool?: PoolBounds;
};

export type PoolBounds = {
  /** Connections per pool (`DATABASE_POOL_SIZE`). */
  size?: number;
  /** `statement_timeout` of each connection, 0 = none. */
  statementTimeoutMs?: number;
  /** How long a query waits for a connection before failing. */
  connectTimeoutMs?: number;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.readUrl, options.pool ?? {});
  return openPglite(options);
}

/** The migrations' session advisory lock: processes started together migrate one after another. */
const migrateLockKey = 1_601_601;

function newPool(url: string, bounds: PoolBounds, readOnly: boolean): pg.Pool {
  const statementTimeout = bounds.statementTimeoutMs ?? 0;
  // No parallel workers for the app's queries (decision 0020): under twenty users a parallel plan of a
  // list page costs three processes for one answer, and more CPU and latency than one (figures:
  // bench/results/2026-11-29-comment-figures.md). The month's sums opt in again
  // (`withParallelWorkers`).
  const settings = ['-c max_parallel_workers_per_gather=0'];
  if (readOnly) settings.push('-c default_transaction_read_only=on');
  if (statementTimeout > 0) {
    // Decision 0045: no request waits on the database for ever; a transaction left open by a stuck
    // client is ended too, so that it holds no locks.
    settings.push(`-c statement_timeout=${statementTimeout}`);
    settings.push(`-c idle_in_transaction_session_timeout=${statementTimeout}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: bounds.size ?? 10,
    options: settings.join(' '),
    // A server that went away fails the query after this, instead of leaving it queued.
    connectionTimeoutMillis: bounds.connectTimeoutMs ?? 0,
    // A server that stops answering (a cut network) is noticed by the client too.
    ...(statementTimeout > 0 ? { query_timeout: statementTimeout + 5_000 } : {}),
    keepAlive: true,
  });
  // An idle connection the server ends (a restart, an administrator, a dropped test database)
  // is an 'error' event of the pool; unhandled, it would take the whole process down. The pool
  // replaces the connection on the next query, so the server reconnects by itself.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  return pool;
}

async function openPostgres(url: string, readUrl: string | undefined, bounds: PoolBounds): Promise<Database> {
  const pool = newPool(url, bounds, false);
  const readPool = readUrl ? newPool(readUrl, bounds, true) : undefined;
  // Surface a dead server at start, not at the first request.
  await pool.query('select 1');
  await readPool?.query('select 1');
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    readDb: readPool ? (drizzleNodePg(readPool, { schema }) as unknown as Db) : db,
    engine: 'postgres',
    created: false,
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrateLockKey]);
        // An index built on a million orders may take longer than a request may.
        await client.query('set statement_timeout = 0');
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
      } finally {
        await client.query('reset statement_timeout').catch(() => undefined);
        await client.query('select pg_advisory_unlock($1)', [migrateLockKey]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await readPool?.end();
      await pool.end();
    },
  };
}

async function listenPostgres(
  url: string,
  channel: string,
  handlers: Parameters<Listen>[1],
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (client: pg.Client) => {
    if (current === client) current = null;
    handlers.hearing(false);
    void client.end().catch(() => undefined);
    if (!stopped && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, 1_000);
    }
  };
  const connect = async () => {
    // Keepalive probes after 10 s idle: a cut network is noticed, not only a closed connection.
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notice(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch {
      lost(client);
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    handlers.hearing(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    handlers.hearing(false);
    await current?.end().catch(() => undefined);
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
    readDb: db,
    engine: 'pglite',
    created,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    async listen(channel, handlers) {
      const stop = await client.listen(channel, (payload) => handlers.notice(payload));
      handlers.hearing(true);
      return async () => {
        handlers.hearing(false);
        await stop();
      };
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite has no lock between processes (domain.md §3.4): a second server on the same folder would
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

/**
 * Whether `db` is the embedded PGlite, which runs each statement on the server's own thread (a
 * long statement holds every request meanwhile), rather than a PostgreSQL server's pool.
 */
export const isEmbedded = (db: Db): boolean => !((db as { $client?: unknown }).$client instanceof pg.Pool);
