import { defaultPermissionMatrix, functionNames, permissions } from '@letokruh/contracts/permissions';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import * as s from '../schema/index.ts';

/** Functions, permissions and the default matrix of domain.md §3.3; safe to run again. */
export async function seedPermissions(db: DbOrTx): Promise<void> {
  await db
    .insert(s.functions)
    .values(functionNames.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(s.permissions)
    .values(permissions.map((codename) => ({ codename })))
    .onConflictDoNothing();
  for (const fn of functionNames) {
    const codes = defaultPermissionMatrix[fn];
    await db.execute(sql`
      insert into function_permissions (function_id, permission_id)
      select f.id, p.id from functions f join permissions p on p.codename = any(${sql.param([...codes])}::text[])
      where f.name = ${fn}
      on conflict do nothing`);
  }
}
