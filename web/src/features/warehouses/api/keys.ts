/** Query keys of the warehouse area; every mutation here invalidates `warehouseKeys.all`. */
export const warehouseKeys = {
  all: ['warehouses'] as const,
  list: (query: object) => ['warehouses', 'list', query] as const,
  detail: (id: number) => ['warehouses', 'detail', id] as const,
  stock: (id: number, query: object) => ['warehouses', 'stock', id, query] as const,
  stockItem: (warehouseId: number, productId: number) =>
    ['warehouses', 'stock-item', warehouseId, productId] as const,
  changes: (id: number, query: object) => ['warehouses', 'changes', id, query] as const,
  staff: (kind: 'drivers' | 'warehousemen') => ['staff', kind] as const,
  offer: ['warehouses', 'offer'] as const,
};

export type Paged<T> = { items: T[]; total: number };
