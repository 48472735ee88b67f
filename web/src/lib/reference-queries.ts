import type { AnswerOf } from '@letokruh/contracts/endpoint';
// Types only: the boot (and the login page) loads no zod schema (web/scripts/budget.mjs).
import type { referenceEndpoints } from '@letokruh/contracts/endpoints/reference';
import type { warehousesEndpoints } from '@letokruh/contracts/endpoints/warehouses';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { useAccess } from './session';

export type OwnWarehouse = AnswerOf<typeof warehousesEndpoints.own>['items'][number];

/** GET /warehouses/own: the user's own warehouses (all of them for owners and dispatchers). */
export const ownWarehousesQuery = queryOptions({
  queryKey: ['warehouses', 'own'],
  queryFn: ({ signal }) =>
    api<AnswerOf<typeof warehousesEndpoints.own>>('GET', '/warehouses/own', { signal }).then((a) => a.items),
  staleTime: 60_000,
});

/**
 * GET /suppliers without the removed ones: the suppliers a delivery note, a QR payment or an order
 * may name. Listed to owners, dispatchers and whoever may read orders (docs/decisions/0012-vacations-and-reference-data.md "Suppliers for
 * delivery notes").
 */
export const activeSuppliersQuery = queryOptions({
  queryKey: ['suppliers', 'active'],
  queryFn: ({ signal }) =>
    api<AnswerOf<typeof referenceEndpoints.suppliers>>('GET', '/suppliers', { signal }).then((a) =>
      a.items.filter((s) => s.active !== false),
    ),
  staleTime: 60_000,
});

/** Whether the user may list the suppliers (the server's rule for GET /suppliers). */
export function useCanListSuppliers(): boolean {
  const access = useAccess();
  return access.hasFunction('owner', 'dispatcher') || access.can('view_order');
}
