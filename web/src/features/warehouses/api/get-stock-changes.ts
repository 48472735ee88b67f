import type { StockChange } from '@letokruh/contracts/stock';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Paged, warehouseKeys } from './keys';

export type StockChangesQuery = { current_page: number; per_page: number };

/** GET /product_stock_changes/{warehouseId}: the stock ledger, newest first (change_warehouse). */
export const getStockChanges = (warehouseId: number, query: StockChangesQuery) =>
  api<Paged<StockChange>>('GET', `/product_stock_changes/${warehouseId}`, { query });

export function useStockChanges(warehouseId: number, query: StockChangesQuery, enabled: boolean) {
  return useQuery({
    queryKey: warehouseKeys.changes(warehouseId, query),
    queryFn: () => getStockChanges(warehouseId, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
