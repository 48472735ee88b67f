import type { Profile, ProfileUpdate } from '@letokruh/contracts/auth';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import * as q from './auth.queries.ts';
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from './password.ts';
import { clearFailures, recordFailure, throttleState } from './throttle.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks a username and password under the failed-login throttle; answers the user's id. */
export async function authenticate(
  db: Db,
  options: { username: string; password: string; address: string },
): Promise<number> {
  const { username, password, address } = options;
  const state = await throttleState(db, username, address);
  if (state.lockedUntil) {
    throw new AppError(
      429,
      ErrorCode.tooManyAttempts,
      `Too many failed logins; try again after ${state.lockedUntil.toISOString()}`,
    );
  }
  if (state.delayMs > 0) await sleep(state.delayMs);
  const user = await q.findUserByUsername(db, username);
  const valid = user
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstNothing(password);
  if (!user || !valid || !user.isActive) {
    await recordFailure(db, username, address);
    throw new AppError(400, ErrorCode.invalidCredentials, 'Invalid username or password');
  }
  await clearFailures(db, username);
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
  const state = await throttleState(db, user.username, address);
  if (state.lockedUntil) {
    throw new AppError(429, ErrorCode.tooManyAttempts, 'Too many wrong passwords; try again later');
  }
  if (state.delayMs > 0) await sleep(state.delayMs);
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    await recordFailure(db, user.username, address);
    throw new AppError(400, ErrorCode.wrongPassword, 'Wrong password');
  }
  await clearFailures(db, user.username);
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
