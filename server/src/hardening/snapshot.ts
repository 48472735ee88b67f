import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Tables a request may write without changing what the app holds (sessions, failed logins). */
const bookkeeping = new Set(['sessions', 'login_throttle']);

/**
 * A fingerprint of every table of the public schema: its row count and an md5 of its rows in a
 * fixed order. Two snapshots differ exactly in the tables something wrote to.
 */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  ).map((t) => t.name);
  const result: Record<string, string> = {};
  for (const table of tables.filter((t) => !bookkeeping.has(t))) {
    const [row] = rowsOf<{ n: number; digest: string | null }>(
      await db.execute(
        sql`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.identifier(table)} t`,
      ),
    );
    result[table] = `${row?.n}:${row?.digest ?? ''}`;
  }
  return result;
}

/** The tables whose fingerprint differs between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
