import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A statement's text built once per key (decision 0072). Drizzle builds a query's text anew from
 * its objects on every run; for the order list's page that cost more CPU than PostgreSQL spent
 * planning it (figures: bench/results/2026-11-29-comment-figures.md). The text and its
 * parameters are kept per key, and each run hands Drizzle only the text's pieces and the same
 * parameters.
 *
 * This keeps no answer, only how a statement is written: the key must name everything the
 * statement is built from (the filters, the sort, the day, the page), so that two requests of one
 * key would build the same text with the same parameters. Bounded: the oldest key goes first.
 */
const dialect = new PgDialect();
const kept = new Map<string, SQL>();
const most = 2000;

export function builtOnce(key: string, build: () => SQL): SQL {
  const found = kept.get(key);
  if (found) return found;
  const built = build();
  const { sql: text, params } = dialect.sqlToQuery(built);
  // The text between the parameters ($1, $2, … in order, each once, as Drizzle numbers them).
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as string;
    if (i % 2 === 0) chunks.push(sql.raw(piece));
    else if (Number(piece) === (i + 1) / 2) chunks.push(sql`${sql.param(params[Number(piece) - 1])}`);
    else return built; // a "$n" Drizzle did not write (inside a literal): not kept
  }
  if ((pieces.length - 1) / 2 !== params.length) return built;
  const again = sql.join(chunks);
  if (kept.size >= most) kept.delete(kept.keys().next().value as string);
  kept.set(key, again);
  return again;
}
