import type { Product, ProductType } from '@letokruh/contracts/products';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Paged, productKeys } from './keys';

export type ProductListQuery = {
  current_page: number;
  per_page: number;
  name?: string;
  type?: ProductType;
  /** `false` only products on offer, `true` only removed ones, absent all. */
  hidden?: 'true' | 'false';
};

/** GET /products (part 2 §7): paged, with the prices in force today. */
export const getProducts = (query: ProductListQuery) => api<Paged<Product>>('GET', '/products', { query });

export function useProducts(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: () => getProducts(query),
    placeholderData: keepPreviousData,
  });
}
