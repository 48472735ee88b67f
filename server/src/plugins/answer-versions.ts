import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * Decision 0050: what an answer reads of the orders, when it is narrower than all of them; it is then
 * kept across writes of other orders. Everything else it reads is under the data version.
 * - `days`: the orders of these delivery days, of these warehouses (null: of any);
 * - `order`: one order with its lines.
 */
export type AnswerScope = { days: string[]; warehouses: readonly number[] | null } | { order: number };

/** A sequence's last value as text (`-` after it when none was drawn yet). */
const lastOf = (sequence: 'data_version' | 'orders_version') =>
  sql`(select last_value::text || case when is_called then '' else '-' end from ${sql.identifier(sequence)})`;
const globalVersion = lastOf('data_version');

/**
 * The current version of everything an answer with no narrower scope reads, as a column of any
 * statement: the data version and the orders' version (text; the sequences' last values).
 */
export const dataVersionColumn = sql<string>`(${globalVersion} || '.' || ${lastOf('orders_version')})`;

/** The version of a scoped answer: the data version and its scope's (migration 0034). */
function scopedVersion(scope: AnswerScope) {
  if ('order' in scope) {
    // Every change of a row writes a new row version (xmin): the order's and its lines', in order
    // (a line taken away changes the list as one added does).
    return sql<string>`(${globalVersion} || ':' || coalesce((select xmin::text from orders where id = ${scope.order}), '-')
      || ':' || coalesce((select string_agg(xmin::text, ',' order by id) from order_items where order_id = ${scope.order}), ''))`;
  }
  const scopes = scope.days.flatMap((day) =>
    scope.warehouses ? scope.warehouses.map((w) => `day:${w}:${day}`) : [`day:*:${day}`],
  );
  // Each day's version only grows, so their sum changes exactly when one of them does.
  return sql<string>`(${globalVersion} || ':' || (select coalesce(sum(version), 0)::text from data_scopes where scope = any(string_to_array(${scopes.join(',')}, ','))))`;
}

/** The current version of what an answer reads: its scope's, or with none the data version's. */
export async function readVersion(db: DbOrTx, scope?: AnswerScope): Promise<string> {
  const column = scope ? scopedVersion(scope) : dataVersionColumn;
  const result = await rowsOf<{ v: string }>(db, sql`select ${column} as v`);
  return String(result[0]?.v);
}
