import { randomBytes } from 'node:crypto';
import {
  type ActiveFeed,
  type FeedCreate,
  type FeedKind,
  type FeedOverview,
  type FeedSubject,
  feedTokenPattern,
} from '@letokruh/contracts/calendar-feeds';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import type { Db, DbOrTx } from '../../db/client.ts';
import { hasFunction, type SessionUser } from '../../plugins/access.ts';
import { hashToken } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { unscopedFunctions } from '../../plugins/warehouse-scope.ts';
import { loadOrders } from '../orders/index.ts';
import { listOwnWarehouses } from '../warehouses/warehouses.service.ts';
import * as q from './calendar-feeds.queries.ts';
import { type FeedLanguage, feedCalendarOf, feedText, orderEventsText } from './feed-ics.ts';
import { createFeedTexts, type FeedTexts } from './feed-texts.ts';

/**
 * Calendar feeds (domain.md §2.10, decision 0063). Who manages which feed: a user with the driver
 * function their own driver feed (nobody else's); a user with `change_warehouse` the feeds of the
 * warehouses in their lane (owners and dispatchers: all of them; a warehouseman: those they are
 * assigned to). Anything else is answered as unknown (404).
 */

/** The feed's days: a week back (what was just delivered) to 60 days ahead, Prague days. */
export const feedDaysBack = 7;
export const feedDaysAhead = 60;
/** At most this many orders in one feed (a warehouse's two months fit many times over). */
export const feedOrderLimit = 2000;

type Subject = { kind: FeedKind; subject_id: number; subject_name: string };

/** The feeds a user may manage, in the order the account page shows them. */
async function manageableSubjects(db: DbOrTx, user: SessionUser): Promise<Subject[]> {
  const subjects: Subject[] = [];
  if (hasFunction(user, 'driver')) {
    const name = await q.findUserName(db, user.id);
    subjects.push({ kind: 'driver', subject_id: user.id, subject_name: name ?? user.username });
  }
  if (user.permissions.has('change_warehouse')) {
    const { items } = await listOwnWarehouses(db, user);
    for (const w of items) subjects.push({ kind: 'warehouse', subject_id: w.id, subject_name: w.name });
  }
  return subjects;
}

const toActiveFeed = (row: q.FeedRow): ActiveFeed => ({
  id: Number(row.id),
  created_at: new Date(row.created_at).toISOString(),
  created_by: row.creator_name === null ? null : { id: Number(row.created_by), name: row.creator_name },
  last_fetched_at: row.last_fetched_at === null ? null : new Date(row.last_fetched_at).toISOString(),
});

const subjectIdOf = (row: q.FeedRow) => Number(row.kind === 'driver' ? row.driver_id : row.warehouse_id);

/** GET /calendar_feeds: the user's feeds with their active links. */
export async function listFeeds(db: DbOrTx, user: SessionUser): Promise<{ items: FeedSubject[] }> {
  const subjects = await manageableSubjects(db, user);
  if (!subjects.length) return { items: [] };
  const rows = await q.findActiveFeeds(db, {
    driverId: subjects.some((s) => s.kind === 'driver') ? user.id : null,
    warehouseIds: subjects.filter((s) => s.kind === 'warehouse').map((s) => s.subject_id),
  });
  const active = new Map(rows.map((r) => [`${r.kind}:${subjectIdOf(r)}`, toActiveFeed(r)]));
  return {
    items: subjects.map((s) => ({ ...s, feed: active.get(`${s.kind}:${s.subject_id}`) ?? null })),
  };
}

async function requireSubject(db: DbOrTx, user: SessionUser, kind: FeedKind, subjectId: number) {
  const subject = (await manageableSubjects(db, user)).find(
    (s) => s.kind === kind && s.subject_id === subjectId,
  );
  // Another user's driver feed, a warehouse outside one's lane, a hidden one: all unknown.
  if (!subject) throw notFound('Calendar feed not found');
  return subject;
}

/** The feed's address on this server; `token` is 32 random bytes in base64url. */
export const feedPath = (token: string) => `/api/feeds/${token}.ics`;

const toOverview = (row: q.FeedOverviewRow): FeedOverview => ({
  ...toActiveFeed(row),
  kind: row.kind,
  subject_id: subjectIdOf(row),
  subject_name: row.subject_name,
  user: { id: Number(row.created_by), name: row.user_name },
  works: row.works,
});

/** GET /calendar_feeds/all (the owner, decision 0073): every active link, or one user's. */
export async function listAllFeeds(db: DbOrTx, userId: number | null = null) {
  return { items: (await q.findAllActiveFeeds(db, unscopedFunctions, userId)).map(toOverview) };
}

/** DELETE /calendar_feeds/all/{id}/revoke (the owner): any active link stops at once. */
export async function revokeAnyFeed(db: DbOrTx, actor: SessionUser, id: number) {
  if (!(await q.revokeFeed(db, id, actor.id))) throw notFound('Calendar feed not found');
  return listAllFeeds(db);
}

/** POST /calendar_feed/add: a new secret link; the one before (if any) stops working. */
export async function createFeed(db: Db, user: SessionUser, body: FeedCreate) {
  const subject = await requireSubject(db, user, body.kind, body.subject_id);
  const token = randomBytes(32).toString('base64url');
  const id = await q.replaceFeed(
    db,
    { kind: body.kind, subjectId: body.subject_id },
    hashToken(token),
    user.id,
  );
  const row = await q.findActiveFeed(db, id);
  if (!row) throw notFound('Calendar feed not found'); // revoked in the same instant by another call
  return { id, item: { ...subject, feed: toActiveFeed(row) }, path: feedPath(token) };
}

/** DELETE /calendar_feed/{id}/revoke: the link stops working at once. */
export async function revokeFeed(db: DbOrTx, user: SessionUser, id: number) {
  const row = await q.findActiveFeed(db, id);
  if (!row) throw notFound('Calendar feed not found');
  const subject = await requireSubject(db, user, row.kind, subjectIdOf(row));
  if (!(await q.revokeFeed(db, id, user.id))) throw notFound('Calendar feed not found');
  return { item: { ...subject, feed: null } };
}

/**
 * The feed a file name opens, or null (unknown, revoked, lapsed, odd spelling: the caller answers
 * 404 and says no more). `rawPath` is the path as sent: the secret has one spelling only, no
 * percent-encoding, no trailing slash. A calendar app's fetch is noted on the feed.
 */
export async function servedFeed(db: DbOrTx, file: string, rawPath: string): Promise<q.ServedFeed | null> {
  const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
  if (!feedTokenPattern.test(token) || rawPath !== feedPath(token)) return null;
  const feed = await q.findServedFeed(db, hashToken(token), unscopedFunctions);
  if (!feed) return null;
  await q.touchFeed(db, feed.id);
  return feed;
}

/** The Prague days a feed shows on `today`: a week back to 60 days ahead. */
export function feedDays(today = pragueDay(new Date())): { from: string; to: string } {
  return { from: addDays(today, -feedDaysBack), to: addDays(today, feedDaysAhead) };
}

/**
 * What a feed's text reads of the orders (the answer cache keeps it while none of these changes,
 * decision 0073): the orders of its days, of its warehouse (a driver's: of any warehouse).
 */
export function feedScope(feed: q.ServedFeed, days = feedDays()) {
  const count = feedDaysBack + feedDaysAhead + 1;
  return {
    days: Array.from({ length: count }, (_, i) => addDays(days.from, i)),
    warehouses: feed.kind === 'warehouse' ? [feed.subject_id] : null,
  };
}

/**
 * The iCalendar text of a served feed and its name. The events of an order whose mark is as when
 * they were last written come from `texts`; only the others are read and written (decision 0073).
 */
export async function feedFile(
  db: DbOrTx,
  feed: q.ServedFeed,
  origin: string | null,
  lang: FeedLanguage = 'cs',
  days = feedDays(),
  texts: FeedTexts = createFeedTexts(0),
): Promise<{ ics: string; name: string }> {
  const rows = await q.findFeedOrders(
    db,
    { kind: feed.kind, subjectId: feed.subject_id },
    days,
    feedOrderLimit,
  );
  const keyOf = (id: number) => `${lang}|${origin ?? ''}|${id}`;
  const events = new Map<number, string>();
  const missing: number[] = [];
  for (const row of rows) {
    const kept = texts.get(keyOf(row.id), row.mark);
    if (kept === undefined) missing.push(row.id);
    else events.set(row.id, kept);
  }
  const marks = new Map(rows.map((r) => [r.id, r.mark]));
  for (const order of await loadOrders(db, missing)) {
    const text = orderEventsText(order, { origin, lang });
    // Read after its mark: it is at least as new as the mark, and kept under it.
    texts.set(keyOf(order.id), marks.get(order.id)!, text);
    events.set(order.id, text);
  }
  const name = `Letokruh – ${feed.subject_name}`;
  const ordered = rows.flatMap((r) => {
    const text = events.get(r.id);
    return text === undefined ? [] : [text];
  });
  return { ics: feedText(feedCalendarOf(name, lang), ordered), name };
}
