import type { AnswerOf } from '@letokruh/contracts/endpoint';
import { referenceEndpoints } from '@letokruh/contracts/endpoints/reference';
import { warehousesEndpoints } from '@letokruh/contracts/endpoints/warehouses';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client';
import { useAccess } from './session';

export type OwnWarehouse = AnswerOf<typeof warehousesEndpoints.own>['items'][number];

/** GET /warehouses/own: the user's own warehouses (all of them for owners and dispatchers). */
export const ownWarehousesQuery = queryOptions({
  queryKey: ['warehouses', 'own'],
  queryFn: ({ signal }) => call(warehousesEndpoints.own, { signal }).then((a) => a.items),
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
    call(referenceEndpoints.suppliers, { signal }).then((a) => a.items.filter((s) => s.active !== false)),
  staleTime: 60_000,
});

/** Whether the user may list the suppliers (the server's rule for GET /suppliers). */
export function useCanListSuppliers(): boolean {
  const access = useAccess();
  return access.hasFunction('owner', 'dispatcher') || access.can('view_order');
}
