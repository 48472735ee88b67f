import type { PriceChange, ProductDetail } from '@letokruh/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './keys';

/** PUT /product/{id}/change_price: a new price from a day on; the answer carries the history. */
export const changePrice = (body: PriceChange) =>
  api<{ item: ProductDetail }>('PUT', `/product/${body.product_id}/change_price`, { body }).then(
    (a) => a.item,
  );

export function useChangePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePrice,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
