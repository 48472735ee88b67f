import type { AdtypeInput, SupplierInput } from '@letokruh/contracts/reference';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { customersEndpoints, referenceEndpoints as e } from '../../lib/routes';

/** Query keys of the reference data; every change invalidates `referenceKey`. */
export const referenceKey = ['reference'] as const;

/** GET /suppliers (domain.md §1.7). */
export const suppliersQuery = queryOptions({
  queryKey: [...referenceKey, 'suppliers'],
  queryFn: ({ signal }) => call(e.suppliers, { signal }).then((a) => a.items),
});

export const addSupplier = (body: SupplierInput) => call(e.addSupplier, { body }).then((a) => a.item);
export const editSupplier = (id: number, body: SupplierInput) =>
  call(e.editSupplier, { params: { id }, body }).then((a) => a.item);
export const removeSupplier = (id: number) => call(e.removeSupplier, { params: { id } }).then((a) => a.item);

/** GET /adtypes (domain.md §1.7). */
export const adtypesQuery = queryOptions({
  queryKey: [...referenceKey, 'adtypes'],
  queryFn: ({ signal }) => call(e.adtypes, { signal }).then((a) => a.items),
});

export const addAdtype = (body: AdtypeInput) => call(e.addAdtype, { body }).then((a) => a.item);
export const editAdtype = (id: number, body: AdtypeInput) =>
  call(e.editAdtype, { params: { id }, body }).then((a) => a.item);
export const removeAdtype = (id: number) => call(e.removeAdtype, { params: { id } }).then((a) => a.item);

/** GET /phone_prefixes (domain.md §2.7): the fixed list of domain.md §1.9. */
export const phonePrefixesQuery = queryOptions({
  queryKey: [...referenceKey, 'phone-prefixes'],
  queryFn: ({ signal }) => call(customersEndpoints.phonePrefixes, { signal }).then((a) => a.items),
  staleTime: Number.POSITIVE_INFINITY,
});
