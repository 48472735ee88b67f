// The entry of a JSON-query worker thread (json-queries.ts). Plain JavaScript: it needs only `pg`
// and zlib, so it starts under any loader. A task is one SQL query whose rows' `json` column, in
// order and joined, is an answer's JSON text (`empty` when there are no rows); the thread receives
// them, joins them and gzips them, so that the server's event loop never decodes, copies or
// compresses megabytes.
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { move } from 'piscina';

/** One small pool per connection string and options, made on the first task that names it. */
const pools = new Map();

function poolFor(connection) {
  const key = JSON.stringify(connection);
  let pool = pools.get(key);
  if (!pool) {
    pool = new pg.Pool({
      connectionString: connection.connectionString,
      options: connection.options,
      max: connection.max,
      connectionTimeoutMillis: connection.connectionTimeoutMillis,
      ...(connection.queryTimeout ? { query_timeout: connection.queryTimeout } : {}),
      // Idle connections close after a minute; a new one costs a few milliseconds.
      idleTimeoutMillis: 60_000,
      keepAlive: true,
      // What pg_stat_activity shows for these connections (and how a test sees the thread ran it).
      application_name: 'letokruh json worker',
    });
    // As in db/client.ts: a connection the server ends is replaced on the next query.
    pool.on('error', () => {});
    pools.set(key, pool);
  }
  return pool;
}

/**
 * Piscina's task function. Out: the answer gzipped, transferred (the event loop never sees the
 * plain bytes: answer-json.ts `JsonAnswer`); or, when the query fails, `{ failed }` with the
 * error's message and codes (an Error crossing the thread boundary would lose `code`, which the
 * server's error handler reads).
 */
export default async function run({ connection, text, values, empty }) {
  let rows;
  try {
    ({ rows } = await poolFor(connection).query({ text, values }));
  } catch (error) {
    const { message, code, errno, syscall, severity } = error ?? {};
    return { failed: { message: String(message ?? error), code, errno, syscall, severity } };
  }
  const gzip = gzipSync(rows.length === 0 ? empty : rows.map((row) => row.json).join(''), { level: 6 });
  // Its own ArrayBuffer, whole: a pooled one could not be transferred.
  return move(new Uint8Array(gzip.buffer.slice(gzip.byteOffset, gzip.byteOffset + gzip.byteLength)));
}
