import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { functionPermissions, functions, permissions } from '../../db/schema/index.ts';

export async function listFunctions(db: DbOrTx) {
  return db.select().from(functions).orderBy(asc(functions.id));
}

export async function listPermissionCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ codename: permissions.codename })
    .from(permissions)
    .orderBy(asc(permissions.id));
  return rows.map((r) => r.codename);
}

/** Every (function, permission) pair, in the order of the permissions table. */
export async function listGrants(db: DbOrTx): Promise<{ functionId: number; codename: string }[]> {
  return db
    .select({ functionId: functionPermissions.functionId, codename: permissions.codename })
    .from(functionPermissions)
    .innerJoin(permissions, eq(permissions.id, functionPermissions.permissionId))
    .orderBy(asc(functionPermissions.functionId), asc(permissions.id));
}

export async function findFunction(db: DbOrTx, by: { id?: number | undefined; name?: string | undefined }) {
  const where = by.id !== undefined ? eq(functions.id, by.id) : eq(functions.name, by.name ?? '');
  // The lock serialises two owners saving the same function's list at once.
  const [row] = await db.select().from(functions).where(where).for('update');
  return row;
}

/** Makes the function hold exactly `codes`: drops the others, adds the missing ones. */
export async function replaceGrants(db: DbOrTx, functionId: number, codes: string[]): Promise<void> {
  const kept = db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.codename, codes));
  await db
    .delete(functionPermissions)
    .where(
      and(
        eq(functionPermissions.functionId, functionId),
        codes.length ? notInArray(functionPermissions.permissionId, kept) : undefined,
      ),
    );
  if (codes.length === 0) return;
  await db.execute(sql`
    insert into function_permissions (function_id, permission_id)
    select ${functionId}, p.id from permissions p where p.codename = any(${sql.param(codes)}::text[])
    on conflict do nothing`);
}
