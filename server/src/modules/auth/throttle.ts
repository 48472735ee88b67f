import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The sign-in throttle (policy in docs/decisions/0002-session-and-security.md "Failed logins").
 *
 * - Every guess is counted **before** its password is hashed, by one statement that increments and
 *   returns (`insert … on conflict do update … returning`): however many arrive at once, only the
 *   first `pair.lockAfter` of a window are ever checked, the rest are refused without hashing.
 * - The count is per (username, address) pair: guessing from one address locks that pair only,
 *   never the real user elsewhere. Each further lock of the same pair lasts twice as long.
 * - Per address and per account only failures count (a success gives its attempt back), and only
 *   for guesses not known to be the user's: a username that signed in from this address or this
 *   browser (its device cookie) within `knownDays` is exempt. So one guesser behind an office NAT
 *   does not lock the office out, and a botnet gets at most `account.lockAfter` guesses an hour at
 *   an account without keeping the real user out of it.
 * Counters live in the database, so that every server process sees the same numbers.
 */
export const throttlePolicy = {
  windowMinutes: 15,
  pair: { slowAfter: 5, lockAfter: 10 },
  address: { lockAfter: 50 },
  /** Unknown guesses at one account from anywhere, per hour. */
  account: { lockAfter: 100, windowMinutes: 60 },
  lockMinutes: 15,
  maxLockMinutes: 24 * 60,
  delayStepMs: 500,
  maxDelayMs: 3000,
  /** A pair that signed in is remembered this long. */
  knownDays: 30,
  /** Counters untouched (and unlocked) this long are deleted. */
  keepHours: 24,
} as const;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const lower = (username: string) => username.toLowerCase();

type Kind = 'pair' | 'address' | 'account';

/** `on conflict` of a counter: one more attempt, or the first of a new window once it ran out. */
function counting(windowMinutes: number) {
  const restart = sql`(t.window_started_at < now() - make_interval(mins => ${windowMinutes})
    and (t.locked_until is null or t.locked_until <= now()))`;
  return sql`on conflict (kind, username, address) do update set
      attempts = case when ${restart} then 1 else t.attempts + 1 end,
      window_started_at = case when ${restart} then now() else t.window_started_at end,
      updated_at = now()
    returning attempts, locked_until`;
}

const knownSql = (username: string, proofs: string[]) => sql`exists (
  select 1 from login_throttle where kind = 'known' and username = ${username}
    and address in (${sql.join(
      proofs.map((p) => sql`${p}`),
      sql`, `,
    )})
    and updated_at > now() - make_interval(days => ${throttlePolicy.knownDays}))`;

/** Proofs that a guess is the user's own: the address, and the browser's device cookie. */
const proofsOf = (address: string, device?: string) => [`a:${address}`, ...(device ? [`d:${device}`] : [])];

/** Did this username sign in from this address or with this device lately? */
export async function isKnown(
  db: DbOrTx,
  username: string,
  address: string,
  device?: string,
): Promise<boolean> {
  const [row] = rowsOf<{ known: boolean }>(
    await db.execute(sql`select ${knownSql(lower(username), proofsOf(address, device))} as known`),
  );
  return row?.known === true;
}

type Counter = { attempts: number; locked_until: Date | string | null };

const lockedUntilOf = (row: Counter): Date | null => {
  const until = row.locked_until ? new Date(row.locked_until) : null;
  return until && until.getTime() > Date.now() ? until : null;
};

/** An attempt refused without checking its password: `until` is when the lock ends, if locked. */
export class Throttled extends Error {
  constructor(readonly until: Date | null) {
    super('throttled');
  }
}

export type Reservation = {
  /** The pair signed in before: its guess goes first in the hashing queue. */
  known: boolean;
  /** To wait before checking (progressive delay after `slowAfter` attempts). */
  delayMs: number;
  /**
   * Records the outcome: a success clears the pair, a failure may lock it (and the address);
   * `null`, never checked (the hashing queue was full), gives the attempt back.
   */
  finish(valid: boolean | null): Promise<void>;
};

/**
 * Counts one guess of `username` from `address` before anything is hashed; throws `Throttled` when
 * the pair or the address has had its share. The caller checks the password and calls `finish`.
 */
export async function reserveAttempt(
  db: DbOrTx,
  rawUsername: string,
  address: string,
  device?: string,
): Promise<Reservation> {
  const username = lower(rawUsername);
  const policy = throttlePolicy;
  const proofs = proofsOf(address, device);
  const open = (limit: number) =>
    sql`attempts <= ${limit} and (locked_until is null or locked_until <= now())`;
  // One statement: the pair is counted; if it may go on and the guess is not known to be the
  // user's, the address; if that may go on, the account. All before anything is hashed.
  const [row] = rowsOf<{
    known: boolean;
    pair_attempts: number;
    pair_locked: Date | string | null;
    address_attempts: number | null;
    address_locked: Date | string | null;
    account_attempts: number | null;
  }>(
    await db.execute(sql`
      with known as (select ${knownSql(username, proofs)} as yes),
      pair as (
        insert into login_throttle as t (kind, username, address, attempts, window_started_at, updated_at)
        values ('pair', ${username}, ${address}, 1, now(), now())
        ${counting(policy.windowMinutes)}),
      by_address as (
        insert into login_throttle as t (kind, username, address, attempts, window_started_at, updated_at)
        select 'address', '', ${address}, 1, now(), now()
        where not (select yes from known) and exists (select 1 from pair where ${open(policy.pair.lockAfter)})
        ${counting(policy.windowMinutes)}),
      by_account as (
        insert into login_throttle as t (kind, username, address, attempts, window_started_at, updated_at)
        select 'account', ${username}, '', 1, now(), now()
        where exists (select 1 from by_address where ${open(policy.address.lockAfter)})
        ${counting(policy.account.windowMinutes)})
      select (select yes from known) as known,
        (select attempts from pair) as pair_attempts, (select locked_until from pair) as pair_locked,
        (select attempts from by_address) as address_attempts, (select locked_until from by_address) as address_locked,
        (select attempts from by_account) as account_attempts`),
  );
  const pair: Counter = { attempts: row!.pair_attempts, locked_until: row!.pair_locked };
  const known = row!.known;
  const pairLock = lockedUntilOf(pair);
  if (pairLock || pair.attempts > policy.pair.lockAfter) throw new Throttled(pairLock);

  // The wider counters, each taken back if a later one refuses (the guess is never checked).
  const counted: [Kind, string, string][] = [['pair', username, address]];
  const refuse = async (until: Date | null) => {
    for (const [kind, u, a] of counted) await giveBack(db, kind, u, a);
    return new Throttled(until);
  };
  if (!known) {
    const addressLock = lockedUntilOf({ attempts: 0, locked_until: row!.address_locked });
    if (addressLock || (row!.address_attempts ?? 0) > policy.address.lockAfter)
      throw await refuse(addressLock);
    counted.push(['address', '', address]);
    if ((row!.account_attempts ?? 0) > policy.account.lockAfter) throw await refuse(null);
    counted.push(['account', username, '']);
  }

  const over = pair.attempts - policy.pair.slowAfter;
  return {
    known,
    delayMs: over > 0 ? Math.min(over * policy.delayStepMs, policy.maxDelayMs) : 0,
    async finish(valid) {
      if (valid === null) {
        for (const [kind, u, a] of counted) await giveBack(db, kind, u, a);
        return;
      }
      if (valid) {
        // The pair starts afresh, the proofs are remembered, and (only failures count per
        // address and per account) the wider counters get their attempt back: one statement.
        await db.execute(sql`
          with cleared as (
            delete from login_throttle where kind = 'pair' and username = ${username} and address = ${address}),
          given_back as (
            update login_throttle set attempts = greatest(attempts - 1, 0)
            where ${
              known
                ? sql`false`
                : sql`(kind = 'address' and username = '' and address = ${address})
               or (kind = 'account' and username = ${username} and address = '')`
            })
          insert into login_throttle (kind, username, address, updated_at)
          values ${sql.join(
            proofs.map((p) => sql`('known', ${username}, ${p}, now())`),
            sql`, `,
          )}
          on conflict (kind, username, address) do update set updated_at = now()`);
        return;
      }
      // The pair's lock doubles with each lockout (15 min, 30, 60 … at most a day).
      await db.execute(sql`
        update login_throttle set
          locked_until = now() + make_interval(mins => least(${policy.lockMinutes} * power(2, least(lockouts, 16))::int, ${policy.maxLockMinutes})),
          lockouts = lockouts + 1
        where kind = 'pair' and username = ${username} and address = ${address}
          and attempts >= ${policy.pair.lockAfter} and (locked_until is null or locked_until <= now())`);
      if (!known) {
        await db.execute(sql`
          update login_throttle set locked_until = now() + make_interval(mins => ${policy.lockMinutes})
          where kind = 'address' and username = '' and address = ${address}
            and attempts >= ${policy.address.lockAfter} and (locked_until is null or locked_until <= now())`);
      }
    },
  };
}

/** Takes back an attempt that was counted but never checked (or, per address, that succeeded). */
async function giveBack(db: DbOrTx, kind: Kind, username: string, address: string): Promise<void> {
  await db.execute(sql`
    update login_throttle set attempts = greatest(attempts - 1, 0)
    where kind = ${kind} and username = ${username} and address = ${address}`);
}

/**
 * Deletes counters nobody touched for `keepHours` (unless still locked) and stale known pairs; a
 * periodic job (plugins/jobs.ts) that one server process runs for all.
 */
export async function pruneThrottle(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    delete from login_throttle
    where (kind <> 'known' and updated_at < now() - make_interval(hours => ${throttlePolicy.keepHours})
           and (locked_until is null or locked_until <= now()))
       or (kind = 'known' and updated_at < now() - make_interval(days => ${throttlePolicy.knownDays}))`);
}

/**
 * When sign-in is locked for these usernames: the latest lock of any address's pair, or the end of
 * the hour in which unknown guesses reached the account's limit (the user screen shows it).
 */
export async function signInLocks(db: DbOrTx, usernames: string[]): Promise<Map<string, Date>> {
  const locks = new Map<string, Date>();
  if (usernames.length === 0) return locks;
  const names = usernames.map(lower);
  const result = await db.execute(sql`
    select username, max(case when kind = 'pair' then locked_until
                              else window_started_at + make_interval(mins => ${throttlePolicy.account.windowMinutes}) end) as until
    from login_throttle
    where ((kind = 'pair' and locked_until > now())
        or (kind = 'account' and attempts >= ${throttlePolicy.account.lockAfter}
            and window_started_at > now() - make_interval(mins => ${throttlePolicy.account.windowMinutes})))
      and username in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})
    group by username`);
  for (const row of rowsOf<{ username: string; until: Date | string }>(result)) {
    locks.set(row.username, new Date(row.until));
  }
  return locks;
}

/** The owner's unlock: every address's counter and lock of this username, and its hour's count. */
export async function unlockSignIn(db: DbOrTx, username: string): Promise<number> {
  const result = await db.execute(
    sql`delete from login_throttle where kind in ('pair', 'account') and username = ${lower(username)} returning 1`,
  );
  return rowsOf(result).length;
}
