import { availableParallelism } from 'node:os';
import { ErrorCode } from '@letokruh/contracts/errors';
import argon2 from 'argon2';
import PQueue from 'p-queue';
import { AppError } from './errors.ts';

/**
 * argon2id, stated here rather than left to the library's defaults: 64 MiB, 3 passes, 4 lanes.
 * OWASP's floor is 19 MiB and 2 passes; a test parses stored hashes and holds us above it.
 */
export const passwordHashOptions = {
  type: argon2.argon2id,
  memoryCost: 65536,
  timeCost: 3,
  parallelism: 4,
} as const;

/**
 * Decision 0002: each hash takes 64 MiB and a core for ~0.1 s, so at most `concurrency` run at once
 * (one per core) and at most `maxWaiting` anonymous guesses wait behind them; beyond that a guess
 * is refused at once (503 / 105) instead of queueing for seconds. Hashes for someone already known
 * (a signed-in user changing a password, an owner adding a user, a username that signed in from
 * this address before) go first and are never refused, so a flood cannot keep the real user out.
 */
export type HashPriority = 'known' | 'anonymous';
const concurrency = Math.max(1, availableParallelism());
export const hashQueueLimits = { concurrency, maxWaiting: concurrency * 8 };
const queue = new PQueue({ concurrency });

/** Tests: how many hashes run and wait now. */
export const hashQueueLoad = () => ({ running: queue.pending, waiting: queue.size });

/** No room for another anonymous guess: it would be refused. */
export const hashQueueFull = () => queue.size >= hashQueueLimits.maxWaiting;
export const signInBusy = () =>
  new AppError(503, ErrorCode.signInBusy, 'Too many sign-ins being checked: try again shortly');

/** A hash starting, with how many wait behind it (tests watch that a known user jumps the queue). */
export type HashStart = { priority: HashPriority; waiting: number };
const watchers = new Set<(start: HashStart) => void>();
export function watchHashStarts(watcher: (start: HashStart) => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

async function inQueue<T>(priority: HashPriority, task: () => Promise<T>): Promise<T> {
  if (priority === 'anonymous' && hashQueueFull()) throw signInBusy();
  const started = () => {
    for (const watcher of watchers) watcher({ priority, waiting: queue.size });
    return task();
  };
  return (await queue.add(started, { priority: priority === 'known' ? 1 : 0 })) as T;
}

export const hashPassword = (password: string, priority: HashPriority = 'known'): Promise<string> =>
  inQueue(priority, () => argon2.hash(password, passwordHashOptions));

export async function verifyPassword(
  hash: string,
  password: string,
  priority: HashPriority = 'known',
): Promise<boolean> {
  return inQueue(priority, async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

/** A hash made with weaker settings than today's (an older release, an import): rehash at login. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, passwordHashOptions) || !hash.startsWith('$argon2id$');
  } catch {
    return true;
  }
}

/** Spent on unknown usernames so that timing does not tell which usernames exist. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string, priority: HashPriority): Promise<false> {
  dummyHash ??= argon2.hash('letokruh-no-such-user', passwordHashOptions);
  await verifyPassword(await dummyHash, password, priority);
  return false;
}
