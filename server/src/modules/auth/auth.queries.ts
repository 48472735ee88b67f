import type { FunctionName } from '@letokruh/contracts/permissions';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function findPermissionsOfUser(db: DbOrTx, userId: number): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct p.codename from user_functions uf
    join function_permissions fp on fp.function_id = uf.function_id
    join permissions p on p.id = fp.permission_id where uf.user_id = ${userId}`);
  return rowsOf<{ codename: string }>(result).map((r) => r.codename);
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
