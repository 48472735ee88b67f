import { defaultPermissionMatrix, type FunctionName } from '@letokruh/contracts/permissions';
import { demoUsers } from '../db/seed/users.ts';
import type { SessionUser } from '../plugins/access.ts';

/** The demo user of each function (each demo user has one function). */
export const demoUserOf = Object.fromEntries(demoUsers.map((u) => [u.functions![0], u.username])) as Record<
  FunctionName,
  string
>;

/** What the access rules see of a user with the function and its default permissions. */
export const sessionUser = (fn: FunctionName): SessionUser => ({
  id: 0,
  username: fn,
  functions: [fn],
  permissions: new Set(defaultPermissionMatrix[fn]),
  mustChangePassword: false,
});
