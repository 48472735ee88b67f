import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * The rows of a raw SQL statement. Both drivers (node-postgres and PGlite) answer `{ rows }`, but
 * Drizzle types `execute`'s answer per driver, so raw SQL is read through this one door and its
 * row type is named once, at the call.
 */
export async function rowsOf<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
