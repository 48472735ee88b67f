import diagnostics from 'node:diagnostics_channel';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';
import { type AnswerScope, readVersion } from './answer-versions.ts';

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

  return {
    async get<T>(key: string, make: () => Promise<T>, options: AnswerOptions<T> = {}): Promise<T> {
      if (!entries) return make();
      const { bytes = sizeOf, knownVersion, scope } = options;
      const v = (scope ? null : await knownVersion) ?? (await readVersion(db, scope));
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
