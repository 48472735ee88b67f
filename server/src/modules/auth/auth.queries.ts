import type { FunctionName } from '@letokruh/contracts/permissions';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export type SessionRow = {
  session_id: string;
  last_seen_at: Date;
  expires_at: Date;
  user_id: number;
  username: string;
  is_active: boolean;
  must_change_password: boolean;
  functions: FunctionName[];
  permissions: string[];
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One round trip per request: the session, its user and the user's functions and permissions. */
export async function findSession(db: DbOrTx, sessionId: string): Promise<SessionRow | undefined> {
  const result = await db.execute(sql`
    select s.id as session_id, s.last_seen_at, s.expires_at, u.id as user_id, u.username, u.is_active,
      u.must_change_password,
      array(select f.name from user_functions uf join functions f on f.id = uf.function_id
            where uf.user_id = u.id order by f.name) as functions,
      array(select distinct p.codename from user_functions uf
            join function_permissions fp on fp.function_id = uf.function_id
            join permissions p on p.id = fp.permission_id
            where uf.user_id = u.id order by p.codename) as permissions
    from sessions s join users u on u.id = s.user_id
    where s.id = ${sessionId}`);
  const row = rowsOf<SessionRow>(result)[0];
  if (!row) return undefined;
  return { ...row, last_seen_at: new Date(row.last_seen_at), expires_at: new Date(row.expires_at) };
}

export async function insertSession(
  db: DbOrTx,
  values: { id: string; userId: number; expiresAt: Date; ip: string; userAgent: string },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function touchSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, but the one named in `keep` (the caller's own). */
export async function deleteSessionsOfUser(db: DbOrTx, userId: number, keep?: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}

export async function findPermissionsOfUser(db: DbOrTx, userId: number): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct p.codename from user_functions uf
    join function_permissions fp on fp.function_id = uf.function_id
    join permissions p on p.id = fp.permission_id where uf.user_id = ${userId}`);
  return rowsOf<{ codename: string }>(result).map((r) => r.codename);
}

export async function deleteExpiredSessions(db: DbOrTx, idleSince: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db.delete(sessions).where(lt(sessions.lastSeenAt, idleSince));
}

export async function findUserByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserFunctions(db: DbOrTx, userId: number) {
  const result = await db.execute(sql`
    select f.id, f.name from user_functions uf join functions f on f.id = uf.function_id
    where uf.user_id = ${userId} order by f.name`);
  return rowsOf<{ id: number; name: FunctionName }>(result);
}

export async function updateUserProfile(
  db: DbOrTx,
  userId: number,
  values: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    passwordHash: string;
    mustChangePassword: boolean;
    avatarKey: string | null;
  }>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));
}

/** A new hash of the same password (stronger settings): not an edit, so the version stays. */
export async function rehashPassword(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
