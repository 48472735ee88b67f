import type { ProductDetail } from '@letokruh/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './keys';

/** DELETE /product/{id}/delete: "do not offer further"; the product and its prices stay. */
export const removeProduct = (id: number) =>
  api<{ item: ProductDetail }>('DELETE', `/product/${id}/delete`).then((a) => a.item);

export function useRemoveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
