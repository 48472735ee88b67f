import type { WarehouseSummary } from '@letokruh/contracts/warehouses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Paged, warehouseKeys } from './keys';

export type WarehouseListQuery = {
  current_page: number;
  per_page: number;
  name?: string;
  /** `true` lists the warehouses no longer in use too. */
  hidden?: 'true';
};

/** GET /warehouses (part 2 §7), paged. */
export const getWarehouses = (query: WarehouseListQuery) =>
  api<Paged<WarehouseSummary>>('GET', '/warehouses', { query });

export function useWarehouses(query: WarehouseListQuery) {
  return useQuery({
    queryKey: warehouseKeys.list(query),
    queryFn: () => getWarehouses(query),
    placeholderData: keepPreviousData,
  });
}
