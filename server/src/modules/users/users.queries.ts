import type { FunctionName } from '@letokruh/contracts/permissions';
import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { functions, passwordLinks, userFunctions, users } from '../../db/schema/index.ts';
import { textContains } from '../../db/text-search.ts';

export type UserRow = typeof users.$inferSelect;
export type FunctionRef = { id: number; name: FunctionName };

/**
 * Roughly Czech order without depending on the database's collation (embedded PGlite has only
 * "C"): accents are dropped for sorting, so Černý sorts among the C's instead of after Z.
 */
const sortKey = (column: typeof users.lastName | typeof users.firstName) =>
  sql`lower(translate(${column}, 'ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽáčďéěíňóřšťúůýž', 'ACDEEINORSTUUYZacdeeinorstuuyz'))`;

/** Active users first, then by surname and first name; the table is small, OFFSET is bounded. */
export async function listUsers(
  db: DbOrTx,
  options: { offset: number; limit: number; name?: string },
): Promise<{ rows: UserRow[]; total: number }> {
  // Decision 0034: "novak" finds Novák; a few hundred staff at most, so no index is needed.
  const where = options.name
    ? textContains(
        sql`${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.username} || ' ' || coalesce(${users.email}, '')`,
        options.name,
      )
    : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.isActive), asc(sortKey(users.lastName)), asc(sortKey(users.firstName)), asc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findUser(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function usernameExists(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row !== undefined;
}

/** The functions of each of the given users, in the order of the functions table. */
export async function findFunctionsOfUsers(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, FunctionRef[]>> {
  const byUser = new Map<number, FunctionRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userFunctions.userId, id: functions.id, name: functions.name })
    .from(userFunctions)
    .innerJoin(functions, eq(functions.id, userFunctions.functionId))
    .where(inArray(userFunctions.userId, userIds))
    .orderBy(asc(functions.id));
  for (const row of rows) byUser.get(row.userId)?.push({ id: row.id, name: row.name as FunctionName });
  return byUser;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

/** Updates the user only if it is still at `version`; answers false when someone was faster. */
export async function updateUserAtVersion(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, version: sql`${users.version} + 1` })
    .where(and(eq(users.id, id), eq(users.version, version)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setUserActive(db: DbOrTx, id: number, active: boolean): Promise<void> {
  await db
    .update(users)
    .set({ isActive: active, version: sql`${users.version} + 1` })
    .where(eq(users.id, id));
}

export async function replaceUserFunctions(db: DbOrTx, userId: number, names: FunctionName[]): Promise<void> {
  await db.delete(userFunctions).where(eq(userFunctions.userId, userId));
  if (names.length === 0) return;
  await db.execute(sql`
    insert into user_functions (user_id, function_id)
    select ${userId}, f.id from functions f where f.name = any(${sql.param(names)}::text[])`);
}

/** Serialises every change that may take the owner function away (decision 0021). */
export async function lockOwnerFunction(db: DbOrTx): Promise<void> {
  await db.select({ id: functions.id }).from(functions).where(eq(functions.name, 'owner')).for('update');
}

/** Active users holding the owner function, but for `except`. */
export async function countActiveOwners(db: DbOrTx, options: { except: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userFunctions)
    .innerJoin(functions, eq(functions.id, userFunctions.functionId))
    .innerJoin(users, eq(users.id, userFunctions.userId))
    .where(and(eq(functions.name, 'owner'), eq(users.isActive, true), ne(users.id, options.except)));
  return row?.n ?? 0;
}

/** A password set for the user, who must change it at the next sign-in when `mustChange`. */
export async function setPasswordHash(db: DbOrTx, id: number, passwordHash: string, mustChange: boolean) {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: mustChange, version: sql`${users.version} + 1` })
    .where(eq(users.id, id));
}

/** Every set-password link of the user goes: a newer one, a password set, or the link used. */
export async function deletePasswordLinks(db: DbOrTx, userId: number) {
  await db.delete(passwordLinks).where(eq(passwordLinks.userId, userId));
}

export async function insertPasswordLink(db: DbOrTx, values: typeof passwordLinks.$inferInsert) {
  await db.insert(passwordLinks).values(values);
}

/** The link of this secret's hash that has not expired, with its user; locked until the use commits. */
export async function findLivePasswordLink(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ userId: passwordLinks.userId, username: users.username, isActive: users.isActive })
    .from(passwordLinks)
    .innerJoin(users, eq(users.id, passwordLinks.userId))
    .where(and(eq(passwordLinks.tokenHash, tokenHash), gt(passwordLinks.expiresAt, sql`now()`)))
    .for('update', { of: passwordLinks });
  return row;
}
