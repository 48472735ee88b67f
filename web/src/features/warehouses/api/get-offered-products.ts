import type { ProductBase } from '@letokruh/contracts/products';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** GET /unhidden_products: the products on offer, which a warehouse may start keeping. */
export const getOfferedProducts = () =>
  api<{ items: ProductBase[] }>('GET', '/unhidden_products').then((a) => a.items);

export function useOfferedProducts() {
  return useQuery({ queryKey: warehouseKeys.offer, queryFn: getOfferedProducts });
}
