import type { UserVacationInput, WarehouseVacationInput } from '@letokruh/contracts/vacations';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { vacationsEndpoints as e, warehousesEndpoints as warehouses } from '../../lib/routes';

/** Query keys of the vacations area; every change invalidates `vacationsKey`. */
export const vacationsKey = ['vacations'] as const;

export type WarehouseVacationListQuery = { current_page: number; per_page: number; warehouse?: number };
export type UserVacationListQuery = { current_page: number; per_page: number; user?: number };

/** GET /warehouse_vacations (domain.md §2.7), paged. */
export const warehouseVacationsQuery = (query: WarehouseVacationListQuery) =>
  queryOptions({
    queryKey: [...vacationsKey, 'warehouse', 'list', query],
    queryFn: ({ signal }) => call(e.warehouseList, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const warehouseVacationQuery = (id: number) =>
  queryOptions({
    queryKey: [...vacationsKey, 'warehouse', 'item', id],
    queryFn: ({ signal }) => call(e.warehouseDetail, { params: { id }, signal }).then((a) => a.item),
  });

export const addWarehouseVacation = (body: WarehouseVacationInput) =>
  call(e.warehouseAdd, { body }).then((a) => a.item);

export const editWarehouseVacation = (id: number, body: WarehouseVacationInput) =>
  call(e.warehouseEdit, { params: { id }, body }).then((a) => a.item);

/** "Deactivate" in the interface (domain.md §2.2); domain.md's path has the words the other way round. */
export const deactivateWarehouseVacation = (id: number) =>
  call(e.warehouseDeactivate, { params: { id } }).then((a) => a.item);

/** GET /user_vacations (domain.md §2.7), paged. */
export const userVacationsQuery = (query: UserVacationListQuery) =>
  queryOptions({
    queryKey: [...vacationsKey, 'user', 'list', query],
    queryFn: ({ signal }) => call(e.userList, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const userVacationQuery = (id: number) =>
  queryOptions({
    queryKey: [...vacationsKey, 'user', 'item', id],
    queryFn: ({ signal }) => call(e.userDetail, { params: { id }, signal }).then((a) => a.item),
  });

export const addUserVacation = (body: UserVacationInput) => call(e.userAdd, { body }).then((a) => a.item);

export const editUserVacation = (id: number, body: UserVacationInput) =>
  call(e.userEdit, { params: { id }, body }).then((a) => a.item);

export const deactivateUserVacation = (id: number) =>
  call(e.userDeactivate, { params: { id } }).then((a) => a.item);

/** The warehouses a vacation may be for: the user's own (all of them for planners). */
export { ownWarehousesQuery } from '../../lib/reference-queries';

/** GET /drivers: an endpoint of the warehouses area, called through its table once that has it. */
export const driversQuery = queryOptions({
  queryKey: [...vacationsKey, 'drivers'],
  queryFn: ({ signal }) => call(warehouses.drivers, { signal }).then((a) => a.items),
  staleTime: 60_000,
});
