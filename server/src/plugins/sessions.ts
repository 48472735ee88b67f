import type { FunctionName } from '@letokruh/contracts/permissions';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { sessions } from '../db/schema/index.ts';

/**
 * The sessions table, below every module: the guard (plugins/auth.ts) reads a request's session
 * here, sign-in and sign-out write it, a user's change ends their sessions, a periodic job sweeps
 * the expired ones (decision 0091).
 */

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

/** One round trip per request: the session, its user and the user's functions and permissions. */
export async function findSession(db: DbOrTx, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await rowsOf<SessionRow>(
    db,
    sql`
    select s.id as session_id, s.last_seen_at, s.expires_at, u.id as user_id, u.username, u.is_active,
      u.must_change_password,
      array(select f.name from user_functions uf join functions f on f.id = uf.function_id
            where uf.user_id = u.id order by f.name) as functions,
      array(select distinct p.codename from user_functions uf
            join function_permissions fp on fp.function_id = uf.function_id
            join permissions p on p.id = fp.permission_id
            where uf.user_id = u.id order by p.codename) as permissions
    from sessions s join users u on u.id = s.user_id
    where s.id = ${sessionId}`,
  );
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

export async function deleteExpiredSessions(db: DbOrTx, idleSince: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  await db.delete(sessions).where(lt(sessions.lastSeenAt, idleSince));
}
