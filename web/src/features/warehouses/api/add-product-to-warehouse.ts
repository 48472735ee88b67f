import type { ProductStock } from '@letokruh/contracts/stock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** POST /warehouse/{id}/add_product: the warehouse starts keeping the product, at 0. */
export const addProductToWarehouse = (warehouseId: number, productId: number) =>
  api<{ item: ProductStock }>('POST', `/warehouse/${warehouseId}/add_product`, {
    body: { product_id: productId },
  }).then((a) => a.item);

export function useAddProductToWarehouse(warehouseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => addProductToWarehouse(warehouseId, productId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}
