import type { Profile, ProfileUpdate } from '@letokruh/contracts/auth';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import * as q from './auth.queries.ts';
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from './password.ts';
import { clearFailures, recordFailure, throttleState } from './throttle.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A password guess under the failed-login throttle of `username` (login and the profile's current
 * password alike): refused with 429 / 103 while locked, slowed after repeated failures, and
 * counted when `check` answers false; a success clears the username's counter.
 */
async function throttledCheck(
  db: Db,
  username: string,
  address: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const state = await throttleState(db, username, address);
  if (state.lockedUntil) {
    throw new AppError(
      429,
      ErrorCode.tooManyAttempts,
      `Too many failed attempts; try again after ${state.lockedUntil.toISOString()}`,
    );
  }
  if (state.delayMs > 0) await sleep(state.delayMs);
  const valid = await check();
  if (valid) await clearFailures(db, username);
  else await recordFailure(db, username, address);
  return valid;
}

/** Checks a username and password under the failed-login throttle; answers the user's id. */
export async function authenticate(
  db: Db,
  options: { username: string; password: string; address: string },
): Promise<number> {
  const { username, password, address } = options;
  const user = await q.findUserByUsername(db, username);
  const valid = await throttledCheck(db, username, address, async () =>
    user
      ? (await verifyPassword(user.passwordHash, password)) && user.isActive
      : verifyAgainstNothing(password),
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
    !(await throttledCheck(db, user.username, address, () => verifyPassword(user.passwordHash, oldPassword)))
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
