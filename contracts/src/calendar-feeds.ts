import { z } from 'zod';

/**
 * Calendar feeds (domain.md §2.10, decision 0063): a private iCalendar URL per driver (their own
 * deliveries) and per warehouse (its deliveries) that a phone's calendar app subscribes to.
 * The URL's secret is shown once, when a link is made; the server keeps only its hash.
 */

const id = z.number().int().positive().max(2147483647);

export const feedKinds = ['driver', 'warehouse'] as const;
export type FeedKind = (typeof feedKinds)[number];

/** The active link of a feed: when and by whom it was made, when a calendar last fetched it. */
export const activeFeedSchema = z.object({
  id,
  created_at: z.string(),
  created_by: z.object({ id, name: z.string() }).nullable(),
  last_fetched_at: z.string().nullable(),
});
export type ActiveFeed = z.infer<typeof activeFeedSchema>;

/** A feed the user may manage: their own driver feed, or a warehouse's; `feed` null: no link now. */
export const feedSubjectSchema = z.object({
  kind: z.enum(feedKinds),
  subject_id: id,
  subject_name: z.string(),
  feed: activeFeedSchema.nullable(),
});
export type FeedSubject = z.infer<typeof feedSubjectSchema>;

export const feedListAnswerSchema = z.object({ items: z.array(feedSubjectSchema) });

/** POST /calendar_feed/add: a new link for a driver (only oneself) or a warehouse. */
export const feedCreateSchema = z.strictObject({
  kind: z.enum(feedKinds),
  subject_id: id,
});
export type FeedCreate = z.infer<typeof feedCreateSchema>;

/**
 * The new link: `path` is the feed's address on this server (`/api/feeds/<secret>.ics`), shown
 * this once; the web app puts its own origin in front of it.
 */
export const feedCreatedAnswerSchema = z.object({
  /** The new feed's id (the audit row names it). */
  id,
  item: feedSubjectSchema.extend({ feed: activeFeedSchema }),
  path: z.string(),
});

export const feedRevokedAnswerSchema = z.object({ item: feedSubjectSchema });

/**
 * GET /calendar_feeds/all (the owner, decision 0073): every active link, whoever it is for. `user`
 * is who it serves (the driver, or who made a warehouse's); `works` false: it answers 404 now (its
 * maker or driver deactivated, its warehouse hidden) and works again once they are back.
 */
export const feedOverviewSchema = activeFeedSchema.extend({
  kind: z.enum(feedKinds),
  subject_id: id,
  subject_name: z.string(),
  user: z.object({ id, name: z.string() }),
  works: z.boolean(),
});
export type FeedOverview = z.infer<typeof feedOverviewSchema>;

export const feedOverviewQuerySchema = z.object({
  /** Only the feeds of this user: their driver feed and the feeds they made. */
  user: z.coerce.number().int().positive().max(2147483647).optional(),
});

export const feedOverviewAnswerSchema = z.object({ items: z.array(feedOverviewSchema) });

/** The feed file's path parameter: `<secret>.ics`, checked by the handler (404 for anything else). */
export const feedFileParamSchema = z.object({ file: z.string() });

/** The feed's texts: Czech, or English for a reader of the app in English. */
export const feedQuerySchema = z.object({ lang: z.enum(['cs', 'en']).default('cs') });

/** 32 random bytes in base64url, as the feed's URL carries them. */
export const feedTokenPattern = /^[A-Za-z0-9_-]{43}$/;
