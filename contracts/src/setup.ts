import { z } from 'zod';
import { supplierInputSchema } from './reference.ts';
import { userAddSchema } from './users.ts';
import { warehouseAddSchema } from './warehouses.ts';

/**
 * `npm run setup` (docs/decisions/0084-first-start-by-a-setup-command.md): what a real installation
 * starts with. The first owner obeys the user form's rules (username alphabet, a password of at
 * least `initialPasswordMinLength` characters), each supplier the supplier form's (IČO, DIČ, a
 * Czech account with valid check digits), each warehouse the warehouse form's, without staff: no
 * driver or warehouseman exists yet.
 */
export const firstOwnerSchema = userAddSchema.omit({ functions: true, maximum_order_count: true });
export type FirstOwner = z.infer<typeof firstOwnerSchema>;

export const setupWarehouseSchema = warehouseAddSchema.omit({ drivers: true, warehousemen: true });
export type SetupWarehouse = z.infer<typeof setupWarehouseSchema>;

export const setupPlanSchema = z.object({
  owner: firstOwnerSchema,
  suppliers: z.array(supplierInputSchema).max(100).default([]),
  warehouses: z.array(setupWarehouseSchema).max(100).default([]),
});
export type SetupPlan = z.infer<typeof setupPlanSchema>;
