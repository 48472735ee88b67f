import type {
  Transportation,
  TransportationData,
  TransportationPayload,
  TransportationSummary,
} from '@letokruh/contracts/transportations';
import type { StaffMember } from '@letokruh/contracts/warehouses';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Query keys of the transportations area; every change invalidates `transportationsKey`. */
export const transportationsKey = ['transportations'] as const;

type Paging = { current_page: number; per_page: number };

/** GET /transportations (part 2 §7), paged, newest first. */
export const transportationsQuery = (query: Paging) =>
  queryOptions({
    queryKey: [...transportationsKey, 'list', query],
    queryFn: ({ signal }) =>
      api<{ items: TransportationSummary[]; total: number }>('GET', '/transportations', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const transportationQuery = (id: number) =>
  queryOptions({
    queryKey: [...transportationsKey, 'item', id],
    queryFn: ({ signal }) =>
      api<{ item: Transportation }>('GET', `/transportation/${id}`, { signal }).then((a) => a.item),
  });

/** The form's pickers; a new entry typed under "Other" joins them, so they follow every change. */
export const transportationDataQuery = queryOptions({
  queryKey: [...transportationsKey, 'data'],
  queryFn: ({ signal }) => api<TransportationData>('GET', '/transportations/data', { signal }),
});

export const driversQuery = queryOptions({
  queryKey: [...transportationsKey, 'drivers'],
  queryFn: ({ signal }) => api<{ items: StaffMember[] }>('GET', '/drivers', { signal }).then((a) => a.items),
  staleTime: 60_000,
});

export const addTransportation = (body: TransportationPayload) =>
  api<{ item: Transportation }>('POST', '/transportation/add', { body }).then((a) => a.item);

export const editTransportation = (id: number, body: TransportationPayload) =>
  api<{ item: Transportation }>('PUT', `/transportation/${id}/edit`, { body }).then((a) => a.item);

export const deleteTransportation = (id: number) => api('DELETE', `/transportation/${id}/delete`);
