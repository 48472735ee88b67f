import { listTotalCap } from '@letokruh/contracts/common';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';
import { rowsOf } from './rows.ts';

/**
 * Counts the rows of a list up to `cap` + 1 (decision 0020): "10 000+" is all a person needs of a huge
 * list, and an exact count of a million orders would read them all. `query` selects the list's
 * rows with its filters (any columns); only whether a row exists is counted.
 */
export async function cappedCount(db: DbOrTx, query: PgSelect, cap = listTotalCap): Promise<number> {
  const limited = query.limit(cap + 1).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  return Number(row?.n ?? 0);
}

/** The same for a list written as raw SQL: `from` is everything after `select 1`. */
export async function cappedCountSql(db: DbOrTx, from: SQL, cap = listTotalCap): Promise<number> {
  const result = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 ${from} limit ${cap + 1}) capped`,
  );
  return Number(result[0]?.n ?? 0);
}

/**
 * `column = any($1)` with the ids as one array parameter: `inArray` writes one parameter per id,
 * and building a query of 500 parameters cost more than running it (the exports and the
 * calendar read their orders 200–500 ids at a time).
 */
export const idIn = (column: SQL.Aliased | AnyPgColumn, ids: number[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::int[])`;
