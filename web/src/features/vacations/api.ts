import type {
  UserVacation,
  UserVacationInput,
  WarehouseVacation,
  WarehouseVacationInput,
} from '@letokruh/contracts/vacations';
import type { StaffMember } from '@letokruh/contracts/warehouses';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Query keys of the vacations area; every change invalidates `vacationsKey`. */
export const vacationsKey = ['vacations'] as const;

type Paged<T> = { items: T[]; total: number };
export type WarehouseVacationListQuery = { current_page: number; per_page: number; warehouse?: number };
export type UserVacationListQuery = { current_page: number; per_page: number; user?: number };

/** GET /warehouse_vacations (part 2 §7), paged. */
export const warehouseVacationsQuery = (query: WarehouseVacationListQuery) =>
  queryOptions({
    queryKey: [...vacationsKey, 'warehouse', 'list', query],
    queryFn: ({ signal }) => api<Paged<WarehouseVacation>>('GET', '/warehouse_vacations', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const warehouseVacationQuery = (id: number) =>
  queryOptions({
    queryKey: [...vacationsKey, 'warehouse', 'item', id],
    queryFn: ({ signal }) =>
      api<{ item: WarehouseVacation }>('GET', `/warehouse_vacation/${id}`, { signal }).then((a) => a.item),
  });

export const addWarehouseVacation = (body: WarehouseVacationInput) =>
  api<{ item: WarehouseVacation }>('POST', '/warehouse_vacation/add', { body }).then((a) => a.item);

export const editWarehouseVacation = (id: number, body: WarehouseVacationInput) =>
  api<{ item: WarehouseVacation }>('PUT', `/warehouse_vacation/${id}/edit`, { body }).then((a) => a.item);

/** "Deactivate" in the interface (part 2 §2); the spec's path has the words the other way round. */
export const deactivateWarehouseVacation = (id: number) =>
  api<{ item: WarehouseVacation }>('DELETE', `/vacation_warehouse/${id}/delete`).then((a) => a.item);

/** GET /user_vacations (part 2 §7), paged. */
export const userVacationsQuery = (query: UserVacationListQuery) =>
  queryOptions({
    queryKey: [...vacationsKey, 'user', 'list', query],
    queryFn: ({ signal }) => api<Paged<UserVacation>>('GET', '/user_vacations', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const userVacationQuery = (id: number) =>
  queryOptions({
    queryKey: [...vacationsKey, 'user', 'item', id],
    queryFn: ({ signal }) =>
      api<{ item: UserVacation }>('GET', `/user_vacation/${id}`, { signal }).then((a) => a.item),
  });

export const addUserVacation = (body: UserVacationInput) =>
  api<{ item: UserVacation }>('POST', '/user_vacation/add', { body }).then((a) => a.item);

export const editUserVacation = (id: number, body: UserVacationInput) =>
  api<{ item: UserVacation }>('PUT', `/user_vacation/${id}/edit`, { body }).then((a) => a.item);

export const deactivateUserVacation = (id: number) =>
  api<{ item: UserVacation }>('DELETE', `/vacation_user/${id}/delete`).then((a) => a.item);

/** The warehouses a vacation may be for: the user's own (all of them for planners). */
export { ownWarehousesQuery } from '../../lib/reference-queries';

export const driversQuery = queryOptions({
  queryKey: [...vacationsKey, 'drivers'],
  queryFn: ({ signal }) => api<{ items: StaffMember[] }>('GET', '/drivers', { signal }).then((a) => a.items),
  staleTime: 60_000,
});
