import { ErrorCode } from '@letokruh/contracts/errors';
import type { FunctionName } from '@letokruh/contracts/permissions';
import type { FirstOwner } from '@letokruh/contracts/setup';
import type { UserAdd, UserEdit, UserItem, UserList } from '@letokruh/contracts/users';
import type { Db, DbOrTx } from '../../db/client.ts';
import { hasFunction, type SessionUser } from '../../plugins/access.ts';
import { AppError, badInput } from '../../plugins/errors.ts';
import { endLapsedFeeds } from '../../plugins/feed-holders.ts';
import { hashPassword } from '../../plugins/password.ts';
import { deleteSessionsOfUser } from '../../plugins/sessions.ts';
import { signInLocks, unlockSignIn } from '../auth/index.ts';
import * as q from './users.queries.ts';

const userNotFound = () => new AppError(404, ErrorCode.userNotFound, 'User not found');

function toItem(row: q.UserRow, functions: q.FunctionRef[], lockedUntil?: Date): UserItem {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    // domain.md §2.5: name is rebuilt from the first and last name, never stored.
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    avatar: row.avatarKey !== null,
    is_active: row.isActive,
    functions,
    maximum_order_count: row.maximumOrderCount,
    sign_in_locked_until: lockedUntil ? lockedUntil.toISOString() : null,
    version: row.version,
  };
}

const isOwner = (functions: q.FunctionRef[]) => functions.some((f) => f.name === 'owner');

/** The technician's limit means nothing for other functions, so it is not kept for them. */
const orderLimitFor = (functions: FunctionName[], value: number | null | undefined) =>
  functions.includes('technical_specialist') ? (value ?? null) : null;

export async function listUsers(
  db: Db,
  paging: { current_page: number; per_page: number; name?: string },
): Promise<UserList> {
  const { rows, total } = await q.listUsers(db, {
    offset: (paging.current_page - 1) * paging.per_page,
    limit: paging.per_page,
    name: paging.name || undefined,
  });
  const functions = await q.findFunctionsOfUsers(
    db,
    rows.map((r) => r.id),
  );
  const locks = await signInLocks(
    db,
    rows.map((r) => r.username),
  );
  return {
    items: rows.map((r) => toItem(r, functions.get(r.id) ?? [], locks.get(r.username.toLowerCase()))),
    total,
  };
}

export async function getUser(db: DbOrTx, id: number): Promise<UserItem> {
  const row = await q.findUser(db, id);
  if (!row) throw userNotFound();
  const functions = await q.findFunctionsOfUsers(db, [id]);
  const locks = await signInLocks(db, [row.username]);
  return toItem(row, functions.get(id) ?? [], locks.get(row.username.toLowerCase()));
}

/**
 * PUT /user/{id}/unlock (decision 0002): an owner lifts the sign-in locks of a user who mistyped
 * their password too often (every address's, and the hour's limit for new places).
 */
export async function unlockUser(db: Db, id: number): Promise<UserItem> {
  const row = await q.findUser(db, id);
  if (!row) throw userNotFound();
  await unlockSignIn(db, row.username);
  return getUser(db, id);
}

/** Only an owner may make someone an owner: otherwise change_user would lead to every right. */
function checkOwnerGrant(actor: SessionUser, functions: FunctionName[], alreadyOwner: boolean) {
  if (functions.includes('owner') && !alreadyOwner && !hasFunction(actor, 'owner')) {
    throw new AppError(403, ErrorCode.accessDenied, 'Only an owner may give the owner function');
  }
}

export async function addUser(db: Db, actor: SessionUser, input: UserAdd): Promise<UserItem> {
  const functions = [...new Set(input.functions)];
  checkOwnerGrant(actor, functions, false);
  const usernameTaken = () =>
    new AppError(409, ErrorCode.usernameTaken, 'The username is taken', ['username']);
  if (await q.usernameExists(db, input.username)) throw usernameTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const id = await q.insertUser(tx, {
        username: input.username,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phone: input.phone,
        maximumOrderCount: orderLimitFor(functions, input.maximum_order_count),
        mustChangePassword: true,
      });
      await q.replaceUserFunctions(tx, id, functions);
      return getUser(tx, id);
    });
  } catch (error) {
    // Two owners adding the same username at once: the unique index decides.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/**
 * `npm run setup` (docs/decisions/0084-first-start-by-a-setup-command.md): the first owner, only while
 * no active owner exists. The owner function's row is locked first, so two setups run at once
 * serialise and the second finds the owner the first made. The password was typed twice by the
 * owner themself: no change is asked for at the first sign-in. Answers null when an owner exists.
 */
export async function addFirstOwner(tx: DbOrTx, input: FirstOwner): Promise<UserItem | null> {
  await q.lockOwnerFunction(tx);
  if ((await q.countActiveOwners(tx, { except: 0 })) > 0) return null;
  if (await q.usernameExists(tx, input.username)) {
    throw new AppError(409, ErrorCode.usernameTaken, 'The username is taken', ['username']);
  }
  const id = await q.insertUser(tx, {
    username: input.username,
    passwordHash: await hashPassword(input.password),
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone,
    mustChangePassword: false,
  });
  await q.replaceUserFunctions(tx, id, ['owner']);
  return getUser(tx, id);
}

/** Whether the installation has an active owner yet (`npm run setup` refuses then). */
export async function hasActiveOwner(db: DbOrTx): Promise<boolean> {
  return (await q.countActiveOwners(db, { except: 0 })) > 0;
}

/**
 * PUT /user/{id}/edit. Owners are shielded from everyone but owners (403 / 204). The owner function
 * may be taken away, by another owner or by the owner themself, as long as an active owner is left
 * (decision 0021): the owner function's row is locked first, so two owners taking it from each
 * other at once serialise and the second one finds the last owner (409 / 205). A stale version
 * answers 409 / 140.
 */
export async function editUser(db: Db, actor: SessionUser, id: number, input: UserEdit): Promise<UserItem> {
  const functions = [...new Set(input.functions)];
  return db.transaction(async (tx) => {
    const row = await q.findUser(tx, id, { lock: true });
    if (!row) throw userNotFound();
    const current = (await q.findFunctionsOfUsers(tx, [id])).get(id) ?? [];
    const targetIsOwner = isOwner(current);
    if (targetIsOwner && actor.id !== id && !hasFunction(actor, 'owner')) {
      throw new AppError(403, ErrorCode.ownerShielded, 'Only an owner may change an owner');
    }
    if (targetIsOwner && !functions.includes('owner')) {
      await q.lockOwnerFunction(tx);
      if ((await q.countActiveOwners(tx, { except: id })) === 0) {
        throw new AppError(409, ErrorCode.lastOwner, 'The last active owner keeps the owner function', [
          'functions',
        ]);
      }
    }
    checkOwnerGrant(actor, functions, targetIsOwner);
    const saved = await q.updateUserAtVersion(tx, id, input.version, {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phone: input.phone,
      maximumOrderCount: orderLimitFor(functions, input.maximum_order_count),
    });
    if (!saved) {
      throw new AppError(409, ErrorCode.conflict, 'The user was changed meanwhile; reload it');
    }
    await q.replaceUserFunctions(tx, id, functions);
    // domain.md §2.10: a feed whose driver or warehouse work was taken ends with it.
    await endLapsedFeeds(tx, { userIds: [id] }, actor.id);
    return getUser(tx, id);
  });
}

/**
 * DELETE /user/{id}/delete: deactivation, never removal (orders and ledgers keep their author).
 * It ends every session of the user in the same transaction, so their next request is a 401.
 */
export async function deactivateUser(db: Db, actor: SessionUser, id: number): Promise<UserItem> {
  // domain.md §2.8: code 200 is domain.md's own answer to a user without the right to remove users.
  if (!actor.permissions.has('delete_user')) {
    throw new AppError(403, ErrorCode.noRightToRemoveUser, 'No right to remove a user');
  }
  return db.transaction(async (tx) => {
    const row = await q.findUser(tx, id, { lock: true });
    if (!row) throw userNotFound();
    const functions = (await q.findFunctionsOfUsers(tx, [id])).get(id) ?? [];
    if (isOwner(functions)) {
      throw new AppError(403, ErrorCode.ownerCannotBeDeleted, 'The owner cannot be deleted');
    }
    if (actor.id === id) throw badInput('You cannot deactivate yourself', ['id']);
    if (row.isActive) await q.setUserActive(tx, id, false);
    await deleteSessionsOfUser(tx, id);
    return getUser(tx, id);
  });
}

/**
 * PUT /user/{id}/reactivate. Owners are shielded here too (decision 0009): an inactive user holding
 * the owner function (an owner may give it to anyone) is brought back only by an owner.
 */
export async function reactivateUser(db: Db, actor: SessionUser, id: number): Promise<UserItem> {
  return db.transaction(async (tx) => {
    const row = await q.findUser(tx, id, { lock: true });
    if (!row) throw userNotFound();
    const functions = (await q.findFunctionsOfUsers(tx, [id])).get(id) ?? [];
    if (isOwner(functions) && !hasFunction(actor, 'owner')) {
      throw new AppError(403, ErrorCode.ownerShielded, 'Only an owner may change an owner');
    }
    if (!row.isActive) await q.setUserActive(tx, id, true);
    return getUser(tx, id);
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
