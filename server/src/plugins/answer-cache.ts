import diagnostics from 'node:diagnostics_channel';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip, gunzip, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { yieldToLoop } from '../event-loop.ts';
import { mayWrite, routeKeyOf } from './auth.ts';

/**
 * Heavy answers cached under the data version (decision 0020; the sequence `data_version`, see
 * db/schema/cache.ts).
 *
 * Every change made through the API draws the next version after its transaction committed and
 * before its answer leaves, so a client that changed something and asks again never gets the
 * answer from before. A reader takes the version first and then reads: whatever commits in
 * between draws a newer version, and the answer stored under the older one is never served
 * again. Concurrent readers of one key and version wait for one computation. The memory is
 * bounded (least recently used answers go first); `ANSWER_CACHE_BYTES=0` turns caching off.
 */
export type AnswerCache = {
  /**
   * The cached answer of `key` at the current version of what it reads (`scope`), or `make()`'s,
   * then kept.
   */
  get<T>(key: string, make: () => Promise<T>, options?: AnswerOptions<T>): Promise<T>;
  /**
   * Draws a new data version: everything cached so far is stale. `orders`: only the answers that
   * read the orders with no narrower scope (the narrower scopes are raised by triggers, migration
   * 0034).
   */
  bump(what?: 'all' | 'orders'): Promise<void>;
  stats(): { hits: number; misses: number; entries: number; bytes: number };
};

/**
 * Decision 0050: what an answer reads of the orders, when it is narrower than all of them; it is then
 * kept across writes of other orders. Everything else it reads is under the data version.
 * - `days`: the orders of these delivery days, of these warehouses (null: of any);
 * - `order`: one order with its lines.
 */
export type AnswerScope = { days: string[]; warehouses: readonly number[] | null } | { order: number };

export type AnswerOptions<T> = {
  /** The size of an answer that is not a string or a Buffer. */
  bytes?: (value: T) => number;
  /**
   * The version when the caller already read it in a statement of its own (`dataVersionColumn`,
   * read before the answer is made; only for answers with no `scope`): one round trip less.
   */
  knownVersion?: Promise<string | null>;
  scope?: AnswerScope;
};

type Entry = { version: string; value: unknown; bytes: number };

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

/**
 * Each lookup told to whoever listens (the bench's loop probe counts the hit rate in its
 * measuring windows; nothing listens in production, and an unheard channel costs one check).
 * The message: `{ hit, key }`, the key's first word the route's declared path (`answerKey`).
 */
export const answerCacheChannel = diagnostics.channel('letokruh:answer-cache');
const told = (hit: boolean, key: string) => {
  if (answerCacheChannel.hasSubscribers) answerCacheChannel.publish({ hit, key });
};

const sizeOf = (value: unknown): number =>
  typeof value === 'string' ? value.length * 2 : Buffer.isBuffer(value) ? value.length : 1024;

export function createAnswerCache(db: Db, maxBytes: number): AnswerCache {
  const entries =
    maxBytes > 0
      ? new LRUCache<string, Entry>({
          maxSize: maxBytes,
          // An answer larger than a quarter of the memory is not kept (it would push out the rest).
          maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
          sizeCalculation: (e) => e.bytes + 100,
        })
      : null;
  const running = new Map<string, Promise<unknown>>();
  let hits = 0;
  let misses = 0;

  const version = async (scope?: AnswerScope) => {
    const column = scope ? scopedVersion(scope) : dataVersionColumn;
    const result = await rowsOf<{ v: string }>(db, sql`select ${column} as v`);
    return String(result[0]?.v);
  };

  return {
    async get<T>(key: string, make: () => Promise<T>, options: AnswerOptions<T> = {}): Promise<T> {
      if (!entries) return make();
      const { bytes = sizeOf, knownVersion, scope } = options;
      const v = (scope ? null : await knownVersion) ?? (await version(scope));
      const cached = entries.get(key);
      if (cached?.version === v) {
        hits++;
        told(true, key);
        return cached.value as T;
      }
      const runKey = `${v}\n${key}`;
      const pending = running.get(runKey);
      if (pending) {
        hits++;
        told(true, key);
        return pending as Promise<T>;
      }
      misses++;
      told(false, key);
      const computing = make();
      running.set(runKey, computing);
      try {
        const value = await computing;
        entries.set(key, { version: v, value, bytes: bytes(value) });
        return value;
      } finally {
        running.delete(runKey);
      }
    },
    async bump(what = 'all') {
      await db.execute(
        what === 'orders' ? sql`select nextval('orders_version')` : sql`select nextval('data_version')`,
      );
    },
    stats: () => ({ hits, misses, entries: entries?.size ?? 0, bytes: entries?.calculatedSize ?? 0 }),
  };
}

/**
 * Decision 0044: writes that change no table a cached answer reads. Stock changes (product_stock,
 * stock_ledger) and price lists (product_prices): the calendar, delivery notes, overviews and list
 * totals read the orders with their own lines' prices, never the stock or the price list. They
 * draw no version, so the office's stock and price work leaves the cached answers alone
 * (answer-scopes.test.ts reads every kind of cached answer after each of them against a fresh
 * one). A new cached answer that reads these tables must take its route off this list.
 */
export const answerNeutralWrites = new Set([
  'PUT /api/update_stock/:warehouseId/:productId',
  'PUT /api/product/:id/change_price',
]);

/**
 * Decision 0050: the routes that write only orders, their lines and tables no cached answer reads
 * (stock, the audit log, edit locks). They draw the orders' version, not the data version: the
 * answers scoped to days or to one order (`AnswerScope`) then stay cached unless the triggers of
 * migration 0034 raised their scope. answer-scopes.test.ts reads every kind of cached answer after
 * each of them against a fresh one. A route that also writes customers, products, warehouses,
 * users or settings (the customer step, for one) must not be here.
 */
export const orderWrites = new Set([
  'GET /api/order/add',
  'GET /api/order/:id/copy',
  'DELETE /api/order/:id/discard',
  'DELETE /api/order/:id/delete',
  'PUT /api/order/:id/restore',
  'PUT /api/order/:id/done',
  'PUT /api/order/:id/undone',
  'PUT /api/order/:id/collect_revenue',
  'PUT /api/order/:id/return_revenue',
  'PUT /api/order/:id/:itemId/prepared',
  'PUT /api/order/:id/reschedule',
  'POST /api/order/:id/items',
  'POST /api/order/:id/intern',
]);

/**
 * Draws a new version for every request that may have changed data: the unsafe methods and the
 * domain.md's writing GETs (`writingGets`, route keys such as `GET /api/order/add`, as the framework
 * matched them), unless it was refused (4xx: nothing was written) or it is one of
 * `answerNeutralWrites`; the orders' version for `orderWrites`, the data version for every other
 * (deny by default). Runs in onSend, before the answer leaves.
 */
export function registerDataVersion(
  app: FastifyInstance,
  cache: AnswerCache,
  writingGets: Set<string>,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = routeKeyOf(request);
    const writes = mayWrite(request, writingGets) && !answerNeutralWrites.has(route);
    if (writes && (reply.statusCode < 400 || reply.statusCode >= 500)) {
      await cache.bump(orderWrites.has(route) ? 'orders' : 'all');
    }
    return payload;
  });
}

/**
 * JSON kept gzipped only: every browser accepts gzip, and the few clients that do not get it
 * inflated in zlib's thread pool. The cache holds many more answers than with the plain bytes
 * beside, and the calendar week's thread (db/json-queries.ts) hands the event loop a tenth of the
 * bytes: megabyte buffers arriving many times a second made V8 collect its old generation, which
 * held the event loop (figures: bench/results/2026-11-29-comment-figures.md).
 */
export type JsonAnswer = { gzip: Buffer };

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * JSON text as a cached answer: compressed once, in zlib's thread pool (a calendar week's text
 * shrinks to a tenth or less, which is what the browser then downloads and parses).
 */
export async function jsonAnswer(text: string): Promise<JsonAnswer> {
  return { gzip: await gzipAsync(Buffer.from(text), { level: 6 }) };
}

export const jsonAnswerBytes = (a: JsonAnswer) => a.gzip.length;

/** What the key of a route's answer is derived from (a FastifyRequest, as the framework matched it). */
export type AnswerRequest = {
  routeOptions: { url?: string | undefined };
  params: unknown;
  query: unknown;
};

/** What an answer's key takes beyond the route's declared path and its validated params and query. */
export type AnswerKeyOptions = {
  /**
   * Query fields whose arrays are sets (their order and repeats mean nothing, such as the
   * calendar's warehouses and dates): sorted and without repeats in the key.
   */
  sets?: readonly string[];
  /**
   * What the answer reads of the request, when it is not its params and query as they came (the
   * order list's total: its filters, not its page); then in the key instead of them.
   */
  keyParts?: unknown;
  /** Whatever else the answer depends on: today's (Prague) date, the caller's own warehouses. */
  also?: unknown;
};

export type CachedAnswerOptions<T> = AnswerOptions<T> & AnswerKeyOptions;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byValue = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : byText(String(a), String(b));

/** JSON with every object's keys in order: the same value is the same text. */
const canonicalJson = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => byText(a, b)))
      : v,
  );

/**
 * The cache key of a route's answer, derived one way for every route: the route's declared path
 * (its first word, which the bench's loop probe counts hits by), then the canonical JSON of the
 * validated params and query (or `keyParts`) and `also`.
 */
export function answerKey(request: AnswerRequest, options: AnswerKeyOptions = {}): string {
  const { sets = [], keyParts, also } = options;
  let parts: unknown = keyParts;
  if (keyParts === undefined) {
    const query = { ...(request.query as Record<string, unknown> | undefined) };
    for (const name of sets) {
      const values = query[name];
      if (Array.isArray(values)) query[name] = [...new Set(values)].sort(byValue);
    }
    parts = { params: request.params ?? {}, query };
  }
  return `${request.routeOptions.url} ${canonicalJson({ parts, also: also ?? null })}`;
}

/**
 * The one way a route reaches the answer cache: `make()`'s answer, cached under `answerKey` with
 * the cache's own options (`bytes`, `knownVersion`, `scope`).
 */
export function cachedAnswer<T>(
  answers: AnswerCache,
  request: AnswerRequest,
  make: () => Promise<T>,
  options: CachedAnswerOptions<T> = {},
): Promise<T> {
  const { sets, keyParts, also, ...cacheOptions } = options;
  return answers.get(answerKey(request, { sets, keyParts, also }), make, cacheOptions);
}

/**
 * `make()`'s value as the route's zod serializer would write it (parsed by `schema`, so unknown
 * keys are dropped, then JSON), as a JSON answer.
 */
export const parsedJson =
  (schema: { parse(value: unknown): unknown }, make: () => Promise<unknown>) =>
  async (): Promise<JsonAnswer> =>
    jsonAnswer(JSON.stringify(schema.parse(await make())));

/** `cachedAnswer` of a JSON answer (`jsonAnswer`, `parsedJson`, `slicedJsonAnswer`), sent by `sendJson`. */
export async function cachedJson(
  answers: AnswerCache,
  request: FastifyRequest,
  reply: unknown,
  make: () => Promise<JsonAnswer>,
  options: Omit<CachedAnswerOptions<JsonAnswer>, 'bytes'> = {},
) {
  const body = await cachedAnswer(answers, request, make, { ...options, bytes: jsonAnswerBytes });
  return sendJson(request, reply, body);
}

/**
 * `{ [field]: items }` as a gzipped answer, the items coming a slice at a time (each parsed by
 * `itemSchema`) with the event loop free in between: a calendar week of thousands of whole orders
 * is megabytes of JSON. Each slice goes to a gzip stream as its own bytes (compressed in zlib's thread
 * pool) and is dropped, so neither the whole text nor all the orders exist at once: joining the
 * text and `Buffer.from` of it held the loop far over its bound, and five such weeks' objects at once
 * made V8's full collections as long.
 */
export async function slicedJsonAnswer(
  field: string,
  slices: AsyncIterable<unknown[]>,
  itemSchema: { parse(value: unknown): unknown },
): Promise<JsonAnswer> {
  const zip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  zip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = finished(zip);
  const write = async (text: string) => {
    if (!zip.write(Buffer.from(text))) await once(zip, 'drain');
  };
  try {
    await write(`{${JSON.stringify(field)}:[`);
    let first = true;
    for await (const items of slices) {
      if (items.length === 0) continue;
      const parts: string[] = [];
      for (const item of items) parts.push(JSON.stringify(itemSchema.parse(item)));
      await write((first ? '' : ',') + parts.join(','));
      first = false;
      await yieldToLoop();
    }
    zip.end(']}');
    await done;
  } catch (error) {
    // A failed read or a bad item: the stream goes, the error is the answer's.
    zip.destroy();
    await done.catch(() => {});
    throw error;
  }
  return { gzip: Buffer.concat(chunks) };
}

/**
 * Whether an Accept-Encoding header takes gzip (RFC 9110 §12.5.3, read by `negotiator`): `gzip` or
 * `*` with a weight above 0; `gzip;q=0` refuses it. The old alias `x-gzip`, which no browser sends,
 * counts as a coding of its own.
 */
export const acceptsGzip = (header: string | string[] | undefined): boolean =>
  new Negotiator({
    headers: { 'accept-encoding': header === undefined ? undefined : String(header) },
  }).encodings(['gzip']).length > 0;

/** Sends a cached JSON answer gzipped, or inflated for a client that does not accept gzip. */
export async function sendJson(request: FastifyRequest, reply: unknown, body: JsonAnswer) {
  const answer = (reply as FastifyReply)
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding');
  const accepts = acceptsGzip(request.headers['accept-encoding']);
  return accepts
    ? answer.header('content-encoding', 'gzip').send(body.gzip)
    : answer.send(await gunzipAsync(body.gzip));
}
