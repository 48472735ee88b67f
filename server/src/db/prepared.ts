import type { DbOrTx } from './client.ts';

/**
 * A read of a fixed shape, its SQL built once per database handle (`sql.placeholder` for the
 * values) and sent as a named prepared statement. Drizzle built the order detail's seven-join
 * select anew for every request; a transaction's handle prepares its own (it lives one transaction).
 */
export function preparedRead<Q extends { prepare(name: string): unknown }>(
  name: string,
  build: (db: DbOrTx) => Q,
): (db: DbOrTx) => ReturnType<Q['prepare']> {
  const kept = new WeakMap<DbOrTx, ReturnType<Q['prepare']>>();
  return (db) => {
    let prepared = kept.get(db);
    if (!prepared) {
      prepared = build(db).prepare(name) as ReturnType<Q['prepare']>;
      kept.set(db, prepared);
    }
    return prepared;
  };
}
