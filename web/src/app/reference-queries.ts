import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export type OwnWarehouse = { id: number; name: string; color: string };

/** GET /warehouses/own: the user's own warehouses (all of them for owners and dispatchers). */
export const ownWarehousesQuery = queryOptions({
  queryKey: ['warehouses', 'own'],
  queryFn: ({ signal }) =>
    api<{ items: OwnWarehouse[] }>('GET', '/warehouses/own', { signal }).then((a) => a.items),
  staleTime: 60_000,
});
