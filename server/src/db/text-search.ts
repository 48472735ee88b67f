import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A LIKE pattern's own characters (`\`, `%`, `_`) taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pattern "contains `text`", literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * Decision 0024: a text search that ignores accents and letter case, as people type at the counter
 * ("novak" finds "Novák", "ZIZKOV" finds "Žižkov"). `f_unaccent` is the immutable wrapper of
 * migration 0019, and the trigram indexes are built on `f_unaccent(column)`, so this exact
 * expression is what they serve: keep the column expression identical to the index's.
 */
export const textContains = (column: SQLWrapper, text: string): SQL =>
  sql`f_unaccent(${column}) ilike f_unaccent(${containsPattern(text)})`;

/**
 * The same search on a column that already holds its text folded (lower case, no accents), such
 * as orders.customer_name (migration 0020): only the pattern is folded, the rows are compared as
 * they are, and the column's plain trigram index serves it.
 */
export const foldedContains = (foldedColumn: SQLWrapper, text: string): SQL =>
  sql`${foldedColumn} like lower(f_unaccent(${containsPattern(text)}))`;
