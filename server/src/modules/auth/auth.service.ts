import type { Profile, ProfileUpdate } from '@letokruh/contracts/auth';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  type HashPriority,
  hashPassword,
  hashQueueFull,
  needsRehash,
  signInBusy,
  verifyAgainstNothing,
  verifyPassword,
} from '../../plugins/password.ts';
import * as q from './auth.queries.ts';
import { isKnown, reserveAttempt, Throttled } from './throttle.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A password guess under the sign-in throttle (login and the profile's current password alike):
 * counted before anything is hashed, refused with 429 / 103 when the pair or the address has had
 * its share, slowed after repeated failures; `check` hashes in the bounded queue (503 / 105 full).
 */
async function throttledCheck(
  db: Db,
  username: string,
  address: string,
  device: string | undefined,
  check: (priority: HashPriority) => Promise<boolean>,
): Promise<boolean> {
  let attempt: Awaited<ReturnType<typeof reserveAttempt>>;
  try {
    attempt = await reserveAttempt(db, username, address, device);
  } catch (error) {
    if (!(error instanceof Throttled)) throw error;
    const until = error.until ? `; try again after ${error.until.toISOString()}` : '; try again later';
    throw new AppError(429, ErrorCode.tooManyAttempts, `Too many failed attempts${until}`);
  }
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);
  let valid: boolean;
  try {
    valid = await check(attempt.known ? 'known' : 'anonymous');
  } catch (error) {
    // Refused by a full hashing queue: nothing was checked, so the attempt is not a failure.
    await attempt.finish(null);
    throw error;
  }
  await attempt.finish(valid);
  return valid;
}

/** Checks a username and password under the failed-login throttle; answers the user's id. */
export async function authenticate(
  db: Db,
  options: { username: string; password: string; address: string; device?: string },
): Promise<number> {
  const { username, password, address, device } = options;
  // Under a flood the hashing queue is full: a stranger's guess is refused before it costs more
  // than this one query (its own user's is let through and goes first).
  if (hashQueueFull() && !(await isKnown(db, username, address, device))) throw signInBusy();
  const user = await q.findUserByUsername(db, username);
  const valid = await throttledCheck(db, username, address, device, async (priority) =>
    user
      ? (await verifyPassword(user.passwordHash, password, priority)) && user.isActive
      : verifyAgainstNothing(password, priority),
  );
  if (!user || !valid) {
    throw new AppError(400, ErrorCode.invalidCredentials, 'Invalid username or password');
  }
  if (needsRehash(user.passwordHash)) {
    await q.rehashPassword(db, user.id, await hashPassword(password));
  }
  return user.id;
}

export async function getProfile(db: Db, userId: number, permissions: Iterable<string>): Promise<Profile> {
  const user = await q.findUserById(db, userId);
  if (!user) throw new AppError(404, ErrorCode.userNotFound, 'User not found');
  const functions = await q.findUserFunctions(db, userId);
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    phone: user.phone,
    avatar: user.avatarKey !== null,
    is_active: user.isActive,
    maximum_order_count: user.maximumOrderCount,
    must_change_password: user.mustChangePassword,
    functions,
    permissions: [...permissions].sort(),
  };
}

/** PUT /auth/user: the current password guards every change (codes 102 missing, 101 wrong). */
export async function updateProfile(
  db: Db,
  userId: number,
  input: ProfileUpdate,
  address = 'unknown',
): Promise<void> {
  if (!input.old_password)
    throw new AppError(400, ErrorCode.missingPassword, 'The current password is required');
  const user = await q.findUserById(db, userId);
  if (!user) throw new AppError(404, ErrorCode.userNotFound, 'User not found');
  // The current password is a guess like a login's: a stolen session cannot try it endlessly.
  const oldPassword = input.old_password;
  if (
    !(await throttledCheck(db, user.username, address, undefined, () =>
      verifyPassword(user.passwordHash, oldPassword, 'known'),
    ))
  ) {
    throw new AppError(400, ErrorCode.wrongPassword, 'Wrong password');
  }
  const newPassword = input.new_password ? await hashPassword(input.new_password) : undefined;
  // The initial password given by the owner must really be replaced, not typed again.
  if (user.mustChangePassword && (!newPassword || input.new_password === input.old_password)) {
    throw new AppError(400, ErrorCode.passwordChangeRequired, 'A new password is required', ['new_password']);
  }
  await q.updateUserProfile(db, userId, {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone,
    ...(newPassword ? { passwordHash: newPassword, mustChangePassword: false } : {}),
  });
}
