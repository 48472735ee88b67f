import type { PriceChange, ProductAdd, ProductType } from '@letokruh/contracts/products';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { productsEndpoints as e, warehousesEndpoints } from '../../lib/routes';

/** Query keys of the product area; every mutation here invalidates `productKeys.all`. */
export const productKeys = {
  all: ['products'] as const,
  list: (query: object) => ['products', 'list', query] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
  warehouses: ['products', 'warehouses'] as const,
};

export type ProductListQuery = {
  current_page: number;
  per_page: number;
  name?: string;
  type?: ProductType;
  /** `false` only products on offer, `true` only removed ones, absent all. */
  hidden?: 'true' | 'false';
};

/** GET /products (domain.md §2.7): paged, with the prices in force today. */
export const getProducts = (query: ProductListQuery) => call(e.list, { query });

export function useProducts(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: () => getProducts(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /product/{id}: the product with today's prices and its whole price history. */
export const getProduct = (id: number) => call(e.detail, { params: { id } }).then((a) => a.item);

export function useProduct(id: number) {
  return useQuery({ queryKey: productKeys.detail(id), queryFn: () => getProduct(id) });
}

/** POST /product/add: name, shorten_name, type, subtype, length, measurement_unit, priceForm. */
export const addProduct = (body: ProductAdd) => call(e.add, { body }).then((a) => a.item);

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** PUT /product/{id}/change_price: a new price from a day on; the answer carries the history. */
export const changePrice = (body: PriceChange) =>
  call(e.changePrice, { params: { id: body.product_id }, body }).then((a) => a.item);

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

/** DELETE /product/{id}/delete: "do not offer further"; the product and its prices stay. */
export const removeProduct = (id: number) => call(e.remove, { params: { id } }).then((a) => a.item);

export function useRemoveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** The warehouses in use a price can be set for (GET /warehouses, one page of up to 1000). */
export const getPriceWarehouses = () =>
  call(warehousesEndpoints.list, { query: { current_page: 1, per_page: 1000 } }).then((a) => a.items);

export function usePriceWarehouses(enabled = true) {
  return useQuery({
    queryKey: productKeys.warehouses,
    queryFn: getPriceWarehouses,
    staleTime: 60_000,
    enabled,
  });
}
