import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/**
 * Which of `ids` stand in `column` (optionally where `also` holds): "is this record used there?"
 * for many records in one statement, served by the column's index.
 */
export async function idsAmong(
  db: DbOrTx,
  column: AnyPgColumn,
  ids: number[],
  also?: SQL,
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct ${column} as id from ${column.table}
        where ${column} = any(${sql.param(ids)}::int[])${also ? sql` and ${also}` : sql``}`,
  );
  return rows.map((r) => Number(r.id));
}
