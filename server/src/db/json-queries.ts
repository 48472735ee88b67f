import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type JsonAnswer, jsonAnswer } from '../plugins/answer-json.ts';
import { lazyWorkerPool } from '../worker-pool.ts';
import type { DbOrTx } from './client.ts';
import { rowsOf } from './rows.ts';

/**
 * Answers whose JSON text PostgreSQL writes (decision 0049: the calendar week, the largest answer)
 * are fetched in a worker thread (json-worker.mjs). On the event loop the driver decoded those
 * bytes into strings, the answer encoded them back and the parser copied them while they arrived:
 * with five users asking at once the loop had no free turn for long (decision 0049 has the
 * figures). The thread runs the query on its own small pool (same URL and settings as the Db's),
 * joins the rows and hands back their gzip, transferred, not copied.
 *
 * On the embedded PGlite (one process, no second connection possible), or inside a transaction,
 * the query runs on the Db as before.
 */
export type JsonQueries = {
  /**
   * The answer is the text column `json` of `query`'s rows, joined in their order (PostgreSQL
   * builds no megabyte string: each copy of one holds the loop, decision 0049); `empty` when
   * there are no rows.
   */
  answer(db: DbOrTx, query: SQL, empty: string): Promise<JsonAnswer>;
  /**
   * Starts the thread and its first connection (a listening server, so that its first calendar does
   * not wait for them: most of its time, bench/results/2026-11-29-comment-figures.md). Failures are
   * ignored.
   */
  warm(db: DbOrTx): Promise<void>;
  close(): Promise<void>;
};

export type JsonQueryOptions = {
  /** Worker threads (default 1: the work is PostgreSQL's; the thread only decodes and gzips). */
  threads?: number;
  /** Connections, and queries at once, per thread (default 4). */
  perThread?: number;
  /** Queries waiting beyond those; more are refused with 503 (default 64). */
  maxQueue?: number;
};

type WorkerConnection = {
  connectionString: string | undefined;
  options: string | undefined;
  max: number;
  connectionTimeoutMillis: number | undefined;
  queryTimeout: number | undefined;
};
type Failure = { failed: { message: string; code?: string; errno?: number; syscall?: string } };

const dialect = new PgDialect();

export function createJsonQueries(options: JsonQueryOptions = {}): JsonQueries {
  const threads = options.threads ?? 1;
  const perThread = options.perThread ?? 4;
  const maxQueue = options.maxQueue ?? 64;
  // Once started, one thread stays (a few MB): starting it again slowed the first calendar after a
  // quiet minute (bench/results/2026-11-29-comment-figures.md). More threads end after
  // a minute idle.
  const pool = lazyWorkerPool({
    filename: new URL('./json-worker.mjs', import.meta.url),
    name: 'JSON query',
    minThreads: 1,
    maxThreads: threads,
    concurrentTasksPerWorker: perThread,
    maxQueue,
    busy: 'Too many large answers being built: try again shortly',
  });

  return {
    async answer(db, query, empty) {
      const client = (db as { $client?: unknown }).$client;
      // Closing (a stopping server still answers what it took): on the Db, no new thread.
      if (pool.closing || !(client instanceof pg.Pool)) {
        const rows = await rowsOf<{ json: string }>(db, query);
        return jsonAnswer(rows.length === 0 ? empty : rows.map((row) => row.json).join(''));
      }
      const settings = client.options as pg.PoolConfig & { query_timeout?: number };
      const connection: WorkerConnection = {
        connectionString: settings.connectionString,
        options: settings.options,
        max: perThread,
        connectionTimeoutMillis: settings.connectionTimeoutMillis,
        queryTimeout: settings.query_timeout,
      };
      const { sql: text, params: values } = dialect.sqlToQuery(query);
      const out = await pool.run<Uint8Array | Failure>({ connection, text, values, empty });
      if (!(out instanceof Uint8Array)) {
        // The driver's error as the server's error handler knows it (codes such as 57014, ECONNREFUSED).
        throw Object.assign(new Error(out.failed.message), out.failed);
      }
      return { gzip: Buffer.from(out.buffer, out.byteOffset, out.byteLength) };
    },
    async warm(db) {
      await this.answer(db, sql`select '' as json`, '').catch(() => {});
    },
    close: () => pool.close(),
  };
}
