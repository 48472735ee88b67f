import type { ProductStock } from '@letokruh/contracts/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** PUT /update_stock/{warehouseId}/{productId}: `amount` is the signed change, not the new total. */
export const updateStock = (warehouseId: number, productId: number, amount: number) =>
  api<{ item: ProductStock }>('PUT', `/update_stock/${warehouseId}/${productId}`, {
    body: { amount },
  }).then((a) => a.item);

export function useUpdateStock(warehouseId: number, productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => updateStock(warehouseId, productId, amount),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}
