import type { Warehouse } from '@letokruh/contracts/warehouses';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** GET /warehouse/{id}: the warehouse with its drivers, warehousemen and cars. */
export const getWarehouse = (id: number) =>
  api<{ item: Warehouse }>('GET', `/warehouse/${id}`).then((a) => a.item);

export function useWarehouse(id: number) {
  return useQuery({ queryKey: warehouseKeys.detail(id), queryFn: () => getWarehouse(id) });
}
