import type { FeedKind } from '@letokruh/contracts/calendar-feeds';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { subjectHeld } from '../../plugins/feed-holders.ts';

/** SQL of the calendar feeds (domain.md §2.10, migration 0041). */

export type FeedRow = {
  id: number;
  kind: FeedKind;
  driver_id: number | null;
  warehouse_id: number | null;
  created_at: Date;
  created_by: number;
  creator_name: string | null;
  last_fetched_at: Date | null;
};

const feedColumns = sql`f.id, f.kind, f.driver_id, f.warehouse_id, f.created_at, f.created_by,
  f.last_fetched_at, nullif(trim(u.first_name || ' ' || u.last_name), '') as creator_name`;

/** The active feeds of a driver and of some warehouses. */
export function findActiveFeeds(
  db: DbOrTx,
  subjects: { driverId: number | null; warehouseIds: number[] },
): Promise<FeedRow[]> {
  return rowsOf<FeedRow>(
    db,
    sql`select ${feedColumns} from calendar_feeds f left join users u on u.id = f.created_by
        where f.revoked_at is null
          and ((f.kind = 'driver' and f.driver_id = ${subjects.driverId ?? 0})
            or (f.kind = 'warehouse' and f.warehouse_id = any(${sql.param(subjects.warehouseIds)}::int[])))`,
  );
}

/** An active feed by its id. */
export async function findActiveFeed(db: DbOrTx, id: number): Promise<FeedRow | undefined> {
  const [row] = await rowsOf<FeedRow>(
    db,
    sql`select ${feedColumns} from calendar_feeds f left join users u on u.id = f.created_by
        where f.id = ${id} and f.revoked_at is null`,
  );
  return row;
}

export type FeedSubjectKey = { kind: FeedKind; subjectId: number };
const subjectColumn = (kind: FeedKind, table?: 'o') =>
  sql.raw(`${table ? `${table}.` : ''}${kind === 'driver' ? 'driver_id' : 'warehouse_id'}`);

/**
 * A new link for a driver or a warehouse: the active one (if any) is revoked and the new one
 * inserted in one transaction (the partial unique index holds one active link per subject).
 */
export async function replaceFeed(
  db: Db,
  subject: FeedSubjectKey,
  tokenHash: string,
  userId: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const column = subjectColumn(subject.kind);
    await rowsOf(
      tx,
      sql`update calendar_feeds set revoked_at = now(), revoked_by = ${userId}
          where kind = ${subject.kind} and ${column} = ${subject.subjectId} and revoked_at is null`,
    );
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into calendar_feeds (kind, ${column}, token_hash, created_by)
          values (${subject.kind}, ${subject.subjectId}, ${tokenHash}, ${userId}) returning id`,
    );
    return Number(row!.id);
  });
}

/** Revokes an active feed; false when it was revoked meanwhile. */
export async function revokeFeed(db: DbOrTx, id: number, userId: number): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update calendar_feeds set revoked_at = now(), revoked_by = ${userId}
        where id = ${id} and revoked_at is null returning id`,
  );
  return rows.length > 0;
}

export type ServedFeed = {
  id: number;
  kind: FeedKind;
  subject_id: number;
  subject_name: string;
};

/** While these hold a feed answers; otherwise it is paused and works again once they hold again. */
const makerAndSubjectActive = sql`maker.is_active
  and (f.kind <> 'driver' or d.is_active) and (f.kind <> 'warehouse' or not w.hidden)`;

const subjectJoins = sql`join users maker on maker.id = f.created_by
  left join users d on d.id = f.driver_id
  left join warehouses w on w.id = f.warehouse_id`;

const subjectName = sql`coalesce(w.name, nullif(trim(d.first_name || ' ' || d.last_name), ''), d.username)`;

/**
 * The feed a secret opens: active, its maker still an active user, a driver feed's driver active
 * and a warehouse feed's warehouse in use (not hidden), its subject still held. Anything else
 * opens nothing.
 */
export async function findServedFeed(
  db: DbOrTx,
  tokenHash: string,
  unscoped: readonly string[],
): Promise<ServedFeed | undefined> {
  const [row] = await rowsOf<ServedFeed>(
    db,
    sql`select f.id, f.kind, coalesce(f.driver_id, f.warehouse_id) as subject_id, ${subjectName} as subject_name
        from calendar_feeds f ${subjectJoins}
        where f.token_hash = ${tokenHash} and f.revoked_at is null
          and ${makerAndSubjectActive} and ${subjectHeld(unscoped)}`,
  );
  return row && { ...row, id: Number(row.id), subject_id: Number(row.subject_id) };
}

export type FeedOverviewRow = FeedRow & {
  subject_name: string;
  user_name: string;
  works: boolean;
};

/**
 * Every active feed, for the owner (decision 0073): the user it is for (the driver, or who made a
 * warehouse's), its subject, when and by whom it was made, when a calendar last fetched it, and
 * whether it answers now. `userId`: only the feeds for or made by that user.
 */
export function findAllActiveFeeds(
  db: DbOrTx,
  unscoped: readonly string[],
  userId: number | null,
): Promise<FeedOverviewRow[]> {
  return rowsOf<FeedOverviewRow>(
    db,
    sql`select f.id, f.kind, f.driver_id, f.warehouse_id, f.created_at, f.created_by, f.last_fetched_at,
          nullif(trim(maker.first_name || ' ' || maker.last_name), '') as creator_name,
          ${subjectName} as subject_name,
          coalesce(nullif(trim(maker.first_name || ' ' || maker.last_name), ''), maker.username) as user_name,
          (${makerAndSubjectActive} and ${subjectHeld(unscoped)}) as works
        from calendar_feeds f ${subjectJoins}
        where f.revoked_at is null
          and (${userId}::int is null or f.driver_id = ${userId} or f.created_by = ${userId})
        order by f.kind, ${subjectName}, f.id`,
  );
}

/** Notes a calendar app's fetch, at most once in five minutes (a phone may poll often). */
export async function touchFeed(db: DbOrTx, id: number): Promise<void> {
  await rowsOf(
    db,
    sql`update calendar_feeds set last_fetched_at = now()
        where id = ${id} and (last_fetched_at is null or last_fetched_at < now() - interval '5 minutes')`,
  );
}

/**
 * The orders a feed shows (domain.md §2.10): saved orders (no drafts), not cancelled, of the driver
 * or of the warehouse, delivered on the Prague days `from`..`to`; by delivery, then id. Each with
 * its mark: the row versions (`xmin`) of the order, its lines and of every row its events show
 * (customer, warehouse, car, driver, products). An update of any of them writes a new row version,
 * so an order's events kept under its mark are as it is now (decision 0073).
 */
export async function findFeedOrders(
  db: DbOrTx,
  feed: FeedSubjectKey,
  days: { from: string; to: string },
  limit: number,
): Promise<{ id: number; mark: string }[]> {
  const column = subjectColumn(feed.kind, 'o');
  const rows = await rowsOf<{ id: number; mark: string }>(
    db,
    sql`select o.id, concat_ws(':', o.xmin, c.xmin, w.xmin, car.xmin, d.xmin,
          (select string_agg(i.xmin::text || '.' || p.xmin::text, ',' order by i.id)
             from order_items i join products p on p.id = i.product_id where i.order_id = o.id)) as mark
        from orders o
          left join customers c on c.id = o.customer_id
          left join warehouses w on w.id = o.warehouse_id
          left join cars car on car.id = o.car_id
          left join users d on d.id = o.driver_id
        where ${column} = ${feed.subjectId}
          and o.expected_delivery_date between ${days.from}::date and ${days.to}::date
          and o.draft_touched_at is null and o.customer_id is not null and not o.hidden
        order by o.expected_delivery_date, coalesce(o.expected_delivery_time, '24:00'::time), o.id
        limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), mark: r.mark }));
}

/** A user's name as the feeds show it: first and last name, else the username. */
export async function findUserName(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`select coalesce(nullif(trim(first_name || ' ' || last_name), ''), username) as name
        from users where id = ${id}`,
  );
  return row?.name;
}
