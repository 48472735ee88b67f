import type { ProductStock } from '@letokruh/contracts/stock';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** GET /update_stock/{warehouseId}/{productId}: the current amount the stock change page shows. */
export const getStock = (warehouseId: number, productId: number) =>
  api<{ item: ProductStock }>('GET', `/update_stock/${warehouseId}/${productId}`).then((a) => a.item);

export function useStock(warehouseId: number, productId: number) {
  return useQuery({
    queryKey: warehouseKeys.stockItem(warehouseId, productId),
    queryFn: () => getStock(warehouseId, productId),
  });
}
