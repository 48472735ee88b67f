import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../server/src/db/client.ts';

/** `--name value` and `--name=value` flags, with an environment fallback (BENCH_NAME). */
export function flags(argv = process.argv.slice(2)) {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) given.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) given.set(arg.slice(2), argv[++i]!);
    else given.set(arg.slice(2), 'true');
  }
  const envName = (name: string) => `BENCH_${name.toUpperCase().replace(/-/g, '_')}`;
  const raw = (name: string) => given.get(name) ?? process.env[envName(name)];
  return {
    given,
    string: (name: string, fallback: string) => raw(name) ?? fallback,
    optional: (name: string) => raw(name),
    int(name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
      const value = raw(name);
      if (value === undefined) return fallback;
      const n = Number(value.replace(/[_\s]/g, ''));
      if (!Number.isInteger(n) || n < min || n > max) {
        throw new Error(`--${name} must be a whole number between ${min} and ${max} (got "${value}")`);
      }
      return n;
    },
    bool: (name: string) => ['true', '1', 'yes'].includes(raw(name) ?? ''),
  };
}

/** The demo seed's generator: the same numbers on every machine. */
export { seededRandom as random } from '@letokruh/contracts/rules/seeded-random';

/** Index into cumulative weights. */
export function weighted(cumulative: number[], r: number): number {
  const total = cumulative[cumulative.length - 1]!;
  const x = r * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export const cumulate = (weights: number[]) => {
  let sum = 0;
  return weights.map((w) => (sum += w));
};

/**
 * One `insert … select * from unnest($1::type[], …)` per batch: one statement whatever the number
 * of rows, the same on PGlite and PostgreSQL, with the column types read from the drizzle schema.
 */
export async function insertColumns(db: DbOrTx, table: PgTable, data: Record<string, unknown[]>) {
  const config = getTableConfig(table);
  const names = Object.keys(data);
  const columns = names.map((name) => {
    const column = config.columns.find((c) => c.name === name);
    if (!column) throw new Error(`${config.name} has no column ${name}`);
    const type = column
      .getSQLType()
      .replace(/^bigserial$/, 'bigint')
      .replace(/^serial$/, 'integer');
    return { name, type };
  });
  const length = data[names[0]!]!.length;
  if (!length) return;
  for (const name of names) {
    if (data[name]!.length !== length)
      throw new Error(`${config.name}.${name}: ${data[name]!.length} ≠ ${length}`);
  }
  await db.execute(
    sql`insert into ${table} (${sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    )}) select * from unnest(${sql.join(
      columns.map((c) => sql`${sql.param(data[c.name])}::${sql.raw(c.type)}[]`),
      sql`, `,
    )})`,
  );
}

/** Column-wise batch: push rows, take the arrays when full. */
export class Batch<K extends string> {
  private data: Record<K, unknown[]>;
  size = 0;
  constructor(private readonly keys: readonly K[]) {
    this.data = Batch.empty(keys);
  }
  private static empty<K extends string>(keys: readonly K[]) {
    return Object.fromEntries(keys.map((k) => [k, [] as unknown[]])) as Record<K, unknown[]>;
  }
  push(row: Record<K, unknown>) {
    for (const k of this.keys) this.data[k].push(row[k]);
    this.size++;
  }
  take(): Record<K, unknown[]> {
    const out = this.data;
    this.data = Batch.empty(this.keys);
    this.size = 0;
    return out;
  }
}

/** A progress line on stderr: at most one a second (or a changed line on a terminal). */
export function progress(label: string, total: number) {
  const started = Date.now();
  let last = 0;
  const tty = process.stderr.isTTY;
  const line = (done: number) => {
    const seconds = (Date.now() - started) / 1000;
    const rate = done / Math.max(seconds, 0.001);
    const eta = rate > 0 ? (total - done) / rate : 0;
    const pct = total ? ((done / total) * 100).toFixed(1) : '100';
    return `${label}: ${done.toLocaleString('en')}/${total.toLocaleString('en')} (${pct} %), ${Math.round(rate).toLocaleString('en')}/s, ${seconds.toFixed(0)} s, ~${eta.toFixed(0)} s left`;
  };
  return {
    tick(done: number) {
      const now = Date.now();
      if (now - last < (tty ? 250 : 5000)) return;
      last = now;
      process.stderr.write(tty ? `\r${line(done)}\x1b[K` : `${line(done)}\n`);
    },
    end(done = total) {
      process.stderr.write(`${tty ? '\r' : ''}${line(done)}${tty ? '\x1b[K' : ''}\n`);
      return (Date.now() - started) / 1000;
    },
  };
}
