import { LRUCache } from 'lru-cache';
import type { SessionRow } from './sessions.ts';

/**
 * Decision 0055: the sessions read by this process, so that a request does not ask the database who is
 * calling. That statement (the session, its user, the user's functions and permissions) was half
 * the cost of a list page with the answer cache off (decision 0055 has the figures).
 *
 * A kept session is right only while nothing it read has changed. Whatever may change it (a
 * session ended, a user edited, deactivated or deleted, functions or permissions changed) is told
 * by triggers of migration 0039 on the channel `authChannel`, from whichever process or hand wrote
 * it, and every process forgets everything it kept. Besides:
 * - a process forgets everything before it answers a write of its own (the caller's next request
 *   is read afresh even before the notification came back);
 * - nothing is kept while the process does not hear the channel (not yet connected, connection
 *   lost): every request reads the database as before;
 * - an entry lives `ttlMs` at most: the bound on a notification lost with a connection whose loss
 *   was not yet noticed (a cut network; keepalive probes notice it).
 * - a read that started before something was forgotten is not kept (`generation`).
 * A session that looks expired or idle here is read again before it is refused.
 */
export const authChannel = 'letokruh_auth';

export type SessionCache = {
  /** The session `id` as kept, or read by `load` (and kept when nothing was forgotten meanwhile). */
  find(
    id: string,
    load: () => Promise<SessionRow | undefined>,
  ): Promise<{ row: SessionRow | undefined; kept: boolean }>;
  /** Forgets one session (it looked expired) or, without an id, all. */
  forget(id?: string): void;
  /** The session was touched now: its kept copy says so. */
  touched(id: string, at: Date): void;
  /** Whether the channel is heard (keeping is on); losing it forgets everything. */
  hearing(on: boolean): void;
  stats(): { hits: number; reads: number; entries: number };
};

export function createSessionCache(options: { ttlMs?: number; max?: number } = {}): SessionCache {
  const entries = new LRUCache<string, SessionRow>({
    max: options.max ?? 10_000,
    ttl: options.ttlMs ?? 5_000,
  });
  let on = false;
  let generation = 0;
  let hits = 0;
  let reads = 0;
  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  return {
    async find(id, load) {
      const kept = on ? entries.get(id) : undefined;
      if (kept) {
        hits++;
        return { row: kept, kept: true };
      }
      reads++;
      const started = generation;
      const row = await load();
      if (on && row && started === generation) entries.set(id, row);
      return { row, kept: false };
    },
    forget(id) {
      if (id === undefined) forgetAll();
      else entries.delete(id);
    },
    touched(id, at) {
      const row = entries.get(id, { updateAgeOnGet: false });
      if (row) entries.set(id, { ...row, last_seen_at: at }, { noUpdateTTL: true });
    },
    hearing(hear) {
      on = hear;
      forgetAll();
    },
    stats: () => ({ hits, reads, entries: entries.size }),
  };
}
