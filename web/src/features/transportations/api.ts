import type { TransportationPayload } from '@letokruh/contracts/transportations';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { transportationsEndpoints as e, warehousesEndpoints as warehouses } from '../../lib/routes';

/** Query keys of the transportations area; every change invalidates `transportationsKey`. */
export const transportationsKey = ['transportations'] as const;

type Paging = { current_page: number; per_page: number };

/** GET /transportations (domain.md §2.7), paged, newest first. */
export const transportationsQuery = (query: Paging) =>
  queryOptions({
    queryKey: [...transportationsKey, 'list', query],
    queryFn: ({ signal }) => call(e.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const transportationQuery = (id: number) =>
  queryOptions({
    queryKey: [...transportationsKey, 'item', id],
    queryFn: ({ signal }) => call(e.detail, { params: { id }, signal }).then((a) => a.item),
  });

/** The form's pickers; a new entry typed under "Other" joins them, so they follow every change. */
export const transportationDataQuery = queryOptions({
  queryKey: [...transportationsKey, 'data'],
  queryFn: ({ signal }) => call(e.data, { signal }),
});

export const driversQuery = queryOptions({
  queryKey: [...transportationsKey, 'drivers'],
  queryFn: ({ signal }) => call(warehouses.drivers, { signal }).then((a) => a.items),
  staleTime: 60_000,
});

export const addTransportation = (body: TransportationPayload) => call(e.add, { body }).then((a) => a.item);

export const editTransportation = (id: number, body: TransportationPayload) =>
  call(e.edit, { params: { id }, body }).then((a) => a.item);

export const deleteTransportation = (id: number) => call(e.remove, { params: { id } });
