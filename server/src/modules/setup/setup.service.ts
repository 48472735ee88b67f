import type { Supplier } from '@letokruh/contracts/reference';
import type { SetupPlan } from '@letokruh/contracts/setup';
import type { UserItem } from '@letokruh/contracts/users';
import type { Warehouse } from '@letokruh/contracts/warehouses';
import type { Db } from '../../db/client.ts';
import { seedPermissions } from '../../db/seed/reference.ts';
import { addSupplier } from '../reference/reference.service.ts';
import { addFirstOwner, hasActiveOwner } from '../users/users.service.ts';
import { addWarehouse } from '../warehouses/warehouses.service.ts';

export type SetupResult =
  | { done: true; owner: UserItem; suppliers: Supplier[]; warehouses: Warehouse[] }
  | { done: false; reason: 'owner_exists' };

export { hasActiveOwner };

/**
 * The first start of a real installation (docs/decisions/0084-first-start-by-a-setup-command.md):
 * the functions and their rights, the owner, the suppliers and the warehouses in one transaction, so that a refused supplier leaves
 * no owner behind and a second run finds either everything or nothing. The plan was validated with
 * `setupPlanSchema`; the services check again what only the database knows (a taken name).
 */
export async function runSetup(db: Db, plan: SetupPlan): Promise<SetupResult> {
  return db.transaction(async (tx) => {
    // Migrations make the tables only: the functions and their default rights (domain.md §3.3)
    // are rows, which the demo seed writes too. Without them the owner would hold no function.
    await seedPermissions(tx);
    const owner = await addFirstOwner(tx, plan.owner);
    if (!owner) return { done: false, reason: 'owner_exists' } as const;
    // A transaction is a database to the services: theirs become savepoints inside this one.
    const inner = tx as unknown as Db;
    const suppliers: Supplier[] = [];
    for (const supplier of plan.suppliers) suppliers.push(await addSupplier(inner, supplier));
    const warehouses: Warehouse[] = [];
    for (const warehouse of plan.warehouses) {
      warehouses.push(await addWarehouse(inner, { ...warehouse, drivers: [], warehousemen: [] }));
    }
    return { done: true, owner, suppliers, warehouses } as const;
  });
}
