import type { FunctionName } from '@letokruh/contracts/permissions';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { warehouseStaff } from '../db/schema/index.ts';
import { hasFunction, type ScopedByAll, type SessionUser } from './access.ts';
import { notFound } from './errors.ts';

/**
 * Staff stay in their lane (decision 0021): one rule, one place. Owners, dispatchers and technical
 * specialists plan or take orders for every warehouse; anyone else (drivers, warehousemen) works
 * only for the warehouses they are assigned to (`warehouse_staff`, hidden ones included), whatever
 * permissions their functions hold. Every query path that reads orders, stock work or vacations by
 * warehouse asks `warehouseScope` and nothing else.
 */
export const unscopedFunctions: readonly FunctionName[] = ['owner', 'dispatcher', 'technical_specialist'];

/** The warehouse ids a user may work with; null means all of them. */
export type WarehouseScope = readonly number[] | null;

// One look-up per request: the session user object is built afresh for every request.
const asked = new WeakMap<SessionUser, Promise<WarehouseScope>>();

export function warehouseScope(db: DbOrTx, user: SessionUser): Promise<WarehouseScope> {
  if (hasFunction(user, ...unscopedFunctions)) return Promise.resolve(null);
  let scope = asked.get(user);
  if (!scope) {
    scope = db
      .selectDistinct({ id: warehouseStaff.warehouseId })
      .from(warehouseStaff)
      .where(eq(warehouseStaff.userId, user.id))
      .then((rows) => rows.map((r) => r.id).sort((a, b) => a - b));
    asked.set(user, scope);
  }
  return scope;
}

export const inScope = (scope: WarehouseScope, warehouseId: number | null | undefined) =>
  scope === null || (warehouseId != null && scope.includes(warehouseId));

/** A where-condition keeping the rows whose warehouse column is in the scope (none for an empty one). */
export function scopeCondition(scope: WarehouseScope, column: PgColumn): SQL | undefined {
  if (scope === null) return undefined;
  return scope.length ? inArray(column, [...scope]) : sql`false`;
}

/** Users assigned to any of the scope's warehouses (for their vacations); null when unscoped. */
export async function staffOfScope(db: DbOrTx, scope: WarehouseScope): Promise<number[] | null> {
  if (scope === null) return null;
  if (!scope.length) return [];
  const rows = await db
    .selectDistinct({ id: warehouseStaff.userId })
    .from(warehouseStaff)
    .where(and(inArray(warehouseStaff.warehouseId, [...scope])));
  return rows.map((r) => r.id);
}

/** The warehouses a record named in a path belongs to (none: unknown record or no warehouse yet). */
async function warehousesOf(
  db: DbOrTx,
  kind: keyof ScopedByAll,
  id: number,
  userId: number,
): Promise<number[] | 'own'> {
  const one = async (query: SQL) =>
    (await rowsOf<{ w: number | null }>(db, query)).flatMap((r) => (r.w === null ? [] : [Number(r.w)]));
  switch (kind) {
    case 'order':
      return one(sql`select warehouse_id as w from orders where id = ${id}`);
    case 'warehouse':
      return [id];
    case 'warehouseVacation':
      return one(sql`select warehouse_id as w from warehouse_vacations where id = ${id}`);
    case 'userVacation':
      // A driver's vacation belongs to every warehouse the driver serves, and to the driver.
      if ((await one(sql`select 1 as w from user_vacations where id = ${id} and user_id = ${userId}`)).length)
        return 'own';
      return one(sql`select ws.warehouse_id as w from user_vacations v
        join warehouse_staff ws on ws.user_id = v.user_id where v.id = ${id}`);
  }
}

const notFoundText: Record<keyof ScopedByAll, string> = {
  order: 'Order not found',
  warehouse: 'Warehouse not found',
  warehouseVacation: 'Warehouse vacation not found',
  userVacation: 'User vacation not found',
};

/**
 * Routes declare which path parameter names a scoped record (`config.scopedBy`, e.g. `{ order:
 * 'id' }`); for a scoped user a record outside their warehouses answers 404 exactly as an unknown
 * id does, before the body is validated or the handler runs. Registered once on the API instance: Fastify applies it to
 * every route of that instance, also those declared before.
 */
export function registerWarehouseScope(app: FastifyInstance, db: DbOrTx): void {
  // Before validation: another warehouse's order is unknown whatever the body says.
  app.addHook('preValidation', async (request) => {
    const by = request.routeOptions.config?.scopedBy;
    if (!by || !request.user) return;
    const scope = await warehouseScope(db, request.user);
    if (scope === null) return;
    const [kind, param] = Object.entries(by)[0] as [keyof ScopedByAll, string];
    const id = Number((request.params as Record<string, unknown>)[param]);
    const owners = Number.isSafeInteger(id) ? await warehousesOf(db, kind, id, request.user.id) : [];
    if (owners !== 'own' && !owners.some((w) => scope.includes(w))) throw notFound(notFoundText[kind]);
  });
}
