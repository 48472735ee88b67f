import type { Adtype, AdtypeInput, Supplier, SupplierInput } from '@letokruh/contracts/reference';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Query keys of the reference data; every change invalidates `referenceKey`. */
export const referenceKey = ['reference'] as const;

/** GET /suppliers (part 1 §7). */
export const suppliersQuery = queryOptions({
  queryKey: [...referenceKey, 'suppliers'],
  queryFn: ({ signal }) => api<{ items: Supplier[] }>('GET', '/suppliers', { signal }).then((a) => a.items),
});

export const addSupplier = (body: SupplierInput) =>
  api<{ item: Supplier }>('POST', '/supplier/add', { body }).then((a) => a.item);
export const editSupplier = (id: number, body: SupplierInput) =>
  api<{ item: Supplier }>('PUT', `/supplier/${id}/edit`, { body }).then((a) => a.item);
export const removeSupplier = (id: number) =>
  api<{ item: Supplier }>('DELETE', `/supplier/${id}/delete`).then((a) => a.item);

/** GET /adtypes (part 1 §7). */
export const adtypesQuery = queryOptions({
  queryKey: [...referenceKey, 'adtypes'],
  queryFn: ({ signal }) => api<{ items: Adtype[] }>('GET', '/adtypes', { signal }).then((a) => a.items),
});

export const addAdtype = (body: AdtypeInput) =>
  api<{ item: Adtype }>('POST', '/adtype/add', { body }).then((a) => a.item);
export const editAdtype = (id: number, body: AdtypeInput) =>
  api<{ item: Adtype }>('PUT', `/adtype/${id}/edit`, { body }).then((a) => a.item);
export const removeAdtype = (id: number) =>
  api<{ item: Adtype }>('DELETE', `/adtype/${id}/delete`).then((a) => a.item);

/** GET /phone_prefixes (part 2 §7): the fixed list of part 1 §9. */
export const phonePrefixesQuery = queryOptions({
  queryKey: [...referenceKey, 'phone-prefixes'],
  queryFn: ({ signal }) =>
    api<{ items: { code: string; country: string }[] }>('GET', '/phone_prefixes', { signal }).then(
      (a) => a.items,
    ),
  staleTime: Number.POSITIVE_INFINITY,
});
