import type { ProductAdd, ProductDetail } from '@letokruh/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './keys';

/** POST /product/add: name, shorten_name, type, subtype, length, measurement_unit, priceForm. */
export const addProduct = (body: ProductAdd) =>
  api<{ item: ProductDetail }>('POST', '/product/add', { body }).then((a) => a.item);

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
