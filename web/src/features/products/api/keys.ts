/** Query keys of the product area; every mutation here invalidates `productKeys.all`. */
export const productKeys = {
  all: ['products'] as const,
  list: (query: object) => ['products', 'list', query] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
  warehouses: ['products', 'warehouses'] as const,
};

export type Paged<T> = { items: T[]; total: number };
