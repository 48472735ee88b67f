import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Failed logins per username and per address (issue 2): after `slowAfter` failures in the
 * window each attempt waits longer; after `lockAfter` the key is refused until the lock ends.
 * Counters live in the database so that every server process sees the same numbers.
 */
export const throttlePolicy = {
  windowMinutes: 15,
  lockMinutes: 15,
  username: { slowAfter: 5, lockAfter: 10 },
  address: { slowAfter: 20, lockAfter: 50 },
  delayStepMs: 500,
  maxDelayMs: 3000,
} as const;

type Kind = 'username' | 'address';
const keyOf = (kind: Kind, value: string) => `${kind === 'username' ? 'u' : 'ip'}:${value.toLowerCase()}`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type ThrottleState = { lockedUntil: Date | null; delayMs: number };

export async function throttleState(db: DbOrTx, username: string, address: string): Promise<ThrottleState> {
  const result = await db.execute(sql`
    select key, failures, locked_until from login_throttle
    where key in (${keyOf('username', username)}, ${keyOf('address', address)})
      and (locked_until > now() or window_started_at > now() - make_interval(mins => ${throttlePolicy.windowMinutes}))`);
  let lockedUntil: Date | null = null;
  let delayMs = 0;
  for (const row of rowsOf<{ key: string; failures: number; locked_until: Date | null }>(result)) {
    const limits = row.key.startsWith('u:') ? throttlePolicy.username : throttlePolicy.address;
    const until = row.locked_until ? new Date(row.locked_until) : null;
    if (until && until > new Date() && (!lockedUntil || until > lockedUntil)) lockedUntil = until;
    const over = row.failures - limits.slowAfter + 1;
    if (over > 0)
      delayMs = Math.max(delayMs, Math.min(over * throttlePolicy.delayStepMs, throttlePolicy.maxDelayMs));
  }
  return { lockedUntil, delayMs };
}

/** Counts one failure for both keys atomically; a key over its limit is locked. */
export async function recordFailure(db: DbOrTx, username: string, address: string): Promise<void> {
  for (const kind of ['username', 'address'] as const) {
    const limits = throttlePolicy[kind];
    await db.execute(sql`
      insert into login_throttle as t (key, failures, window_started_at)
      values (${keyOf(kind, kind === 'username' ? username : address)}, 1, now())
      on conflict (key) do update set
        failures = case when t.window_started_at < now() - make_interval(mins => ${throttlePolicy.windowMinutes})
                        then 1 else t.failures + 1 end,
        window_started_at = case when t.window_started_at < now() - make_interval(mins => ${throttlePolicy.windowMinutes})
                        then now() else t.window_started_at end,
        locked_until = case when t.window_started_at >= now() - make_interval(mins => ${throttlePolicy.windowMinutes})
                             and t.failures + 1 >= ${limits.lockAfter}
                        then now() + make_interval(mins => ${throttlePolicy.lockMinutes}) else t.locked_until end`);
  }
}

/** A successful login clears the username's counter; the address keeps its own. */
export async function clearFailures(db: DbOrTx, username: string): Promise<void> {
  await db.execute(sql`delete from login_throttle where key = ${keyOf('username', username)}`);
}
