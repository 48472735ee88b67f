import type { FunctionName } from '@letokruh/contracts/permissions';
import type { PermissionMatrix, PermissionUpdate } from '@letokruh/contracts/users';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badInput, notFound } from '../../plugins/errors.ts';
import { endLapsedFeeds } from '../../plugins/feed-holders.ts';
import * as q from './permissions.queries.ts';

export async function getMatrix(db: DbOrTx): Promise<PermissionMatrix> {
  const [fns, codes, grants] = [
    await q.listFunctions(db),
    await q.listPermissionCodes(db),
    await q.listGrants(db),
  ];
  return {
    functions: fns.map((f) => ({
      id: f.id,
      name: f.name as FunctionName,
      permissions: grants.filter((g) => g.functionId === f.id).map((g) => g.codename),
    })),
    permissions: codes,
  };
}

/**
 * PUT /permissions: one function's whole list. Users load their permissions on every request
 * (plugins/auth.ts), so the change applies to their next request without logging anyone out.
 */
export async function setFunctionPermissions(
  db: Db,
  input: PermissionUpdate,
  actorId: number | null = null,
): Promise<PermissionMatrix> {
  const codes = [...new Set(input.permissions)];
  return db.transaction(async (tx) => {
    const fn = await q.findFunction(tx, { id: input.function_id, name: input.name });
    if (!fn) throw notFound('Function not found');
    if (input.name !== undefined && fn.name !== input.name) {
      throw badInput('function_id and name name different functions', ['name']);
    }
    if (fn.name === 'owner') {
      // The owner keeps every right, or nobody could open this screen's other rights again.
      const all = await q.listPermissionCodes(tx);
      if (all.some((code) => !codes.includes(code))) {
        throw badInput('The owner function keeps all permissions', ['permissions']);
      }
    }
    await q.replaceGrants(tx, fn.id, codes);
    // domain.md §2.10: warehouse feeds whose makers lost change_warehouse end with it.
    await endLapsedFeeds(tx, { all: true }, actorId);
    return getMatrix(tx);
  });
}
