import { ErrorCode } from '@letokruh/contracts/errors';
import {
  firstDirection,
  type OrderSort,
  orderSorts,
  type SortDirection,
  sortDirections,
} from '@letokruh/contracts/order-sort';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { orders } from '../../../db/schema/index.ts';
import { AppError } from '../../../plugins/errors.ts';

/**
 * A sort key: the expression (the same text as in its index of migrations 0022 and 0025, so the planner
 * walks that index), how it travels in a cursor (as text, exact: microseconds, accents) and how the
 * text is read back; the columns it is made of.
 */
type Key = {
  expr: SQL;
  columns: AnyPgColumn[];
  valid: (text: string) => boolean;
  read: (text: string) => SQL;
};

const isDay = (t: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(t) && new Date(`${t}T00:00:00Z`).toISOString().startsWith(t);
const keys = {
  day: {
    expr: sql`${orders.expectedDeliveryDate}`,
    columns: [orders.expectedDeliveryDate],
    valid: isDay,
    read: (t) => sql`${t}::date`,
  },
  // An order without a time comes last in its day.
  clock: {
    expr: sql`coalesce(${orders.expectedDeliveryTime}, '24:00'::time)`,
    columns: [orders.expectedDeliveryTime],
    valid: (t) => /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$|^24:00:00$/.test(t),
    read: (t) => sql`${t}::time`,
  },
  created: {
    expr: sql`${orders.createdAt}`,
    columns: [orders.createdAt],
    // PostgreSQL's own text of a timestamptz; the zone is in it, so reading it back is exact.
    valid: (t) =>
      /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(t) &&
      isDay(t.slice(0, 10)),
    read: (t) => sql`${t}::timestamptz`,
  },
  // The folded name (migration 0020: lower case, no accents) in byte order: the same on PGlite
  // (no ICU) and PostgreSQL whatever the database's collation.
  customer: {
    expr: sql`(${orders.customerName} collate "C")`,
    columns: [orders.customerName],
    valid: (t) => t.length <= 400,
    read: (t) => sql`(${t}::text collate "C")`,
  },
  // What the customer pays (migration 0025: kept by triggers); numeric's own text reads back exact.
  total: {
    expr: sql`${orders.priceWithVat}`,
    columns: [orders.priceWithVat],
    valid: (t) => /^\d{1,12}\.\d{2}$/.test(t),
    read: (t) => sql`${t}::numeric`,
  },
  // The stages the list's badges show (web orderStage): open, done, cancelled.
  stage: {
    expr: sql`(case when ${orders.hidden} then 2 when ${orders.done} then 1 else 0 end)`,
    columns: [orders.hidden, orders.done],
    valid: (t) => /^[012]$/.test(t),
    read: (t) => sql`${t}::int`,
  },
} satisfies Record<string, Key>;

/**
 * A stretch of the list: its rows (`where`), walked along `keys` then the id, all one way. A
 * stretch of expected delivery days also says which days it holds (`days`, on any day column), so
 * that its size may be read from the kept counts per day (migration 0047) instead of counted.
 */
export type Segment = {
  where: SQL | undefined;
  keys: Key[];
  direction: SortDirection;
  days?: (day: SQL | AnyPgColumn) => SQL;
};

/** A stretch of the list by its expected delivery day. */
const byDays = (days: (day: SQL | AnyPgColumn) => SQL, keys: Key[], direction: SortDirection): Segment => ({
  where: days(orders.expectedDeliveryDate),
  days,
  keys,
  direction,
});

/**
 * The stretches of each sort, in the order they are shown. Expected delivery ascending is what a
 * dispatcher plans from: today onwards soonest first, then orders with no date yet (they still
 * need one), then the past, latest first. Descending is the plain calendar backwards, undated last.
 */
export function segmentsOf(sort: OrderSort, direction: SortDirection, today: string): Segment[] {
  const one = (k: Key[]): Segment[] => [{ where: undefined, keys: k, direction }];
  switch (sort) {
    case 'expected_delivery': {
      const dated = [keys.day, keys.clock];
      const undated = byDays((day) => sql`${day} is null`, [keys.clock], 'desc');
      if (direction === 'desc') return [byDays((day) => sql`${day} is not null`, dated, direction), undated];
      return [
        byDays((day) => sql`${day} >= ${today}::date`, dated, 'asc'),
        undated,
        byDays((day) => sql`${day} < ${today}::date`, dated, 'desc'),
      ];
    }
    case 'created':
      return one([keys.created]);
    case 'customer':
      return one([keys.customer]);
    case 'total':
      return one([keys.total]);
    case 'state':
      return one([keys.stage]);
  }
}

/** Where a page after `cursor` starts: the rows past its last row, in the segment's direction. */
export function afterCondition(segment: Segment, cursor: Cursor): SQL {
  const mine = sql.join([...segment.keys.map((k) => k.expr), sql`${orders.id}`], sql`, `);
  const theirs = sql.join(
    [...segment.keys.map((k, i) => k.read(cursor.k[i] as string)), sql`${cursor.i}::int`],
    sql`, `,
  );
  return segment.direction === 'asc' ? sql`(${mine}) > (${theirs})` : sql`(${mine}) < (${theirs})`;
}

export const orderBy = (segment: Segment): SQL[] =>
  [...segment.keys.map((k) => k.expr), sql`${orders.id}`].map((e) =>
    segment.direction === 'asc' ? sql`${e} asc` : sql`${e} desc`,
  );

/** The columns the keys are made of (a page reads them alone, then makes its keys' text). */
export const keyColumns = (segment: Segment): AnyPgColumn[] => [
  ...new Set(segment.keys.flatMap((k) => k.columns)),
];

/** The keys of a row as text, selected beside its id to write the next cursor. */
export const keyTexts = (segment: Segment): SQL<string[]> =>
  sql<string[]>`array[${sql.join(
    segment.keys.map((k) => sql`(${k.expr})::text`),
    sql`, `,
  )}]::text[]`;

/** The opaque `after` token: the sort it belongs to, the segment, the last row's keys and id. */
const cursorSchema = z.object({
  s: z.enum(orderSorts),
  d: z.enum(sortDirections),
  g: z.number().int().min(0).max(2),
  k: z.array(z.string()).max(3),
  i: z.number().int().positive().max(2147483647),
});
export type Cursor = z.infer<typeof cursorSchema>;

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

const refuse = (why: string) => new AppError(400, ErrorCode.invalidInput, `after: ${why}`, ['after']);

/** Reads an `after` token for this sort; anything not written by this list answers 400. */
export function decodeCursor(
  token: string,
  sort: OrderSort,
  direction: SortDirection,
  segments: Segment[],
): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw refuse('not a next_after token');
  }
  const cursor = cursorSchema.safeParse(parsed);
  if (!cursor.success) throw refuse('not a next_after token');
  const { s, d, g, k } = cursor.data;
  if (s !== sort || d !== direction) throw refuse('the token belongs to another sort');
  const segment = segments[g];
  if (
    !segment ||
    segment.keys.length !== k.length ||
    !segment.keys.every((key, n) => key.valid(k[n] as string))
  ) {
    throw refuse('not a next_after token');
  }
  return cursor.data;
}

export const directionOf = (sort: OrderSort, direction: SortDirection | undefined): SortDirection =>
  direction ?? firstDirection[sort];
