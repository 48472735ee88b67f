// The entry of a JSON-query worker thread (json-query-pool.ts). Plain JavaScript: it needs only
// `pg` and zlib, so it starts under any loader. A task is one SQL query whose single row's `json`
// column is an answer's whole JSON text; the thread receives it, turns it into bytes and gzips
// them, so that the server's event loop never decodes, copies or compresses megabytes.
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
      // Connections close after a few idle seconds, long before the thread's own idle end.
      idleTimeoutMillis: 5_000,
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
 * Piscina's task function. Out: one transferred buffer, [raw length (u32 LE)][raw][gzip]; or,
 * when the query fails, `{ failed }` with the error's message and codes (an Error crossing the
 * thread boundary would lose `code`, which the server's error handler reads).
 */
export default async function run({ connection, text, values }) {
  let json;
  try {
    const result = await poolFor(connection).query({ text, values });
    json = result.rows[0]?.json;
  } catch (error) {
    const { message, code, errno, syscall, severity } = error ?? {};
    return { failed: { message: String(message ?? error), code, errno, syscall, severity } };
  }
  if (typeof json !== 'string') return { failed: { message: 'The query gave no json column' } };
  const raw = Buffer.from(json);
  const gzip = gzipSync(raw, { level: 6 });
  const out = new Uint8Array(4 + raw.length + gzip.length);
  new DataView(out.buffer).setUint32(0, raw.length, true);
  out.set(raw, 4);
  out.set(gzip, 4 + raw.length);
  return move(out);
}
