import type { ProductDetail } from '@letokruh/contracts/products';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './keys';

/** GET /product/{id}: the product with today's prices and its whole price history. */
export const getProduct = (id: number) =>
  api<{ item: ProductDetail }>('GET', `/product/${id}`).then((a) => a.item);

export function useProduct(id: number) {
  return useQuery({ queryKey: productKeys.detail(id), queryFn: () => getProduct(id) });
}
