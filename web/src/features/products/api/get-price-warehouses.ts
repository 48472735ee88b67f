import type { WarehouseSummary } from '@letokruh/contracts/warehouses';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Paged, productKeys } from './keys';

/** The warehouses in use a price can be set for (GET /warehouses, one page of up to 1000). */
export const getPriceWarehouses = () =>
  api<Paged<WarehouseSummary>>('GET', '/warehouses', { query: { current_page: 1, per_page: 1000 } }).then(
    (a) => a.items,
  );

export function usePriceWarehouses(enabled = true) {
  return useQuery({
    queryKey: productKeys.warehouses,
    queryFn: getPriceWarehouses,
    staleTime: 60_000,
    enabled,
  });
}
