import type { WarehouseAdd, WarehouseEdit } from '@letokruh/contracts/warehouses';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { warehousesEndpoints as e, productsEndpoints, stockEndpoints } from '../../lib/routes';

/** Query keys of the warehouse area; every mutation here invalidates `warehouseKeys.all`. */
export const warehouseKeys = {
  all: ['warehouses'] as const,
  list: (query: object) => ['warehouses', 'list', query] as const,
  detail: (id: number) => ['warehouses', 'detail', id] as const,
  stock: (id: number, query: object) => ['warehouses', 'stock', id, query] as const,
  stockItem: (warehouseId: number, productId: number, date?: string) =>
    ['warehouses', 'stock-item', warehouseId, productId, date] as const,
  productStock: (productId: number, date?: string) =>
    ['warehouses', 'product-stock', productId, date] as const,
  changes: (id: number, query: object) => ['warehouses', 'changes', id, query] as const,
  staff: (kind: 'drivers' | 'warehousemen') => ['staff', kind] as const,
  offer: ['warehouses', 'offer'] as const,
};

export type WarehouseListQuery = {
  current_page: number;
  per_page: number;
  name?: string;
  /** `true` lists the warehouses no longer in use too. */
  hidden?: 'true';
};

/** GET /warehouses (domain.md §2.7), paged. */
export const getWarehouses = (query: WarehouseListQuery) => call(e.list, { query });

export function useWarehouses(query: WarehouseListQuery) {
  return useQuery({
    queryKey: warehouseKeys.list(query),
    queryFn: () => getWarehouses(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /warehouse/{id}: the warehouse with its drivers, warehousemen and cars. */
export const getWarehouse = (id: number) => call(e.detail, { params: { id } }).then((a) => a.item);

export function useWarehouse(id: number) {
  return useQuery({ queryKey: warehouseKeys.detail(id), queryFn: () => getWarehouse(id) });
}

/** POST /warehouse/add with domain.md's creation payload. */
export const addWarehouse = (body: WarehouseAdd) => call(e.add, { body }).then((a) => a.item);

export function useAddWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWarehouse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}

/** PUT /warehouse/{id}/edit: drivers, warehousemen and cars, guarded by `version`. */
export const editWarehouse = (id: number, body: WarehouseEdit) =>
  call(e.edit, { params: { id }, body }).then((a) => a.item);

export function useEditWarehouse(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WarehouseEdit) => editWarehouse(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}

/** DELETE /warehouse/{id}/hide: "do not use further", a soft removal. */
export const hideWarehouse = (id: number) => call(e.hide, { params: { id } }).then((a) => a.item);

export function useHideWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideWarehouse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}

/** GET /drivers or /warehousemen: active users holding that function. */
export const getStaff = (kind: 'drivers' | 'warehousemen') =>
  (kind === 'drivers' ? call(e.drivers) : call(e.warehousemen)).then((a) => a.items);

export function useStaff(kind: 'drivers' | 'warehousemen') {
  return useQuery({ queryKey: warehouseKeys.staff(kind), queryFn: () => getStaff(kind), staleTime: 60_000 });
}

/** GET /unhidden_products: the products on offer, which a warehouse may start keeping. */
export const getOfferedProducts = () => call(productsEndpoints.unhidden).then((a) => a.items);

export function useOfferedProducts() {
  return useQuery({ queryKey: warehouseKeys.offer, queryFn: getOfferedProducts });
}

/** `date`: the day stock is projected for (decision 0064); today when left out. */
export type ProductStockQuery = { current_page: number; per_page: number; name?: string; date?: string };

/** GET /warehouse/{id}/product_stock: the products a warehouse keeps and their amounts. */
export const getProductStock = (warehouseId: number, query: ProductStockQuery) =>
  call(stockEndpoints.list, { params: { id: warehouseId }, query });

export function useProductStock(warehouseId: number, query: ProductStockQuery) {
  return useQuery({
    queryKey: warehouseKeys.stock(warehouseId, query),
    queryFn: () => getProductStock(warehouseId, query),
    placeholderData: keepPreviousData,
  });
}

/** POST /warehouse/{id}/add_product: the warehouse starts keeping the product, at 0. */
export const addProductToWarehouse = (warehouseId: number, productId: number) =>
  call(stockEndpoints.addProduct, {
    params: { id: warehouseId },
    body: { product_id: productId },
  }).then((a) => a.item);

export function useAddProductToWarehouse(warehouseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => addProductToWarehouse(warehouseId, productId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}

/** GET /update_stock/{warehouseId}/{productId}: the current amount the stock change page shows. */
export const getStock = (warehouseId: number, productId: number, date?: string) =>
  call(stockEndpoints.detail, { params: { warehouseId, productId }, query: { date } }).then((a) => a.item);

export function useStock(warehouseId: number, productId: number, date?: string) {
  return useQuery({
    queryKey: warehouseKeys.stockItem(warehouseId, productId, date),
    queryFn: () => getStock(warehouseId, productId, date),
    placeholderData: keepPreviousData,
  });
}

/** GET /product/{id}/stock (decision 0064): the product in every warehouse that keeps it. */
export const getProductStockByWarehouse = (productId: number, date?: string) =>
  call(stockEndpoints.byWarehouse, { params: { id: productId }, query: { date } }).then((a) => a.items);

export function useProductStockByWarehouse(productId: number, date?: string) {
  return useQuery({
    queryKey: warehouseKeys.productStock(productId, date),
    queryFn: () => getProductStockByWarehouse(productId, date),
    placeholderData: keepPreviousData,
  });
}

/** PUT /update_stock/{warehouseId}/{productId}: `amount` is the signed change, not the new total. */
export const updateStock = (warehouseId: number, productId: number, amount: number) =>
  call(stockEndpoints.update, { params: { warehouseId, productId }, body: { amount } }).then((a) => a.item);

export function useUpdateStock(warehouseId: number, productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => updateStock(warehouseId, productId, amount),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}

export type StockChangesQuery = { current_page: number; per_page: number };

/** GET /product_stock_changes/{warehouseId}: the stock ledger, newest first (change_warehouse). */
export const getStockChanges = (warehouseId: number, query: StockChangesQuery) =>
  call(stockEndpoints.changes, { params: { warehouseId }, query });

export function useStockChanges(warehouseId: number, query: StockChangesQuery, enabled: boolean) {
  return useQuery({
    queryKey: warehouseKeys.changes(warehouseId, query),
    queryFn: () => getStockChanges(warehouseId, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}
