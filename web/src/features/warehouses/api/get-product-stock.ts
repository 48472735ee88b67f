import type { ProductStock } from '@letokruh/contracts/stock';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Paged, warehouseKeys } from './keys';

export type ProductStockQuery = { current_page: number; per_page: number; name?: string };

/** GET /warehouse/{id}/product_stock: the products a warehouse keeps and their amounts. */
export const getProductStock = (warehouseId: number, query: ProductStockQuery) =>
  api<Paged<ProductStock>>('GET', `/warehouse/${warehouseId}/product_stock`, { query });

export function useProductStock(warehouseId: number, query: ProductStockQuery) {
  return useQuery({
    queryKey: warehouseKeys.stock(warehouseId, query),
    queryFn: () => getProductStock(warehouseId, query),
    placeholderData: keepPreviousData,
  });
}
