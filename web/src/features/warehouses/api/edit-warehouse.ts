import type { Warehouse, WarehouseEdit } from '@letokruh/contracts/warehouses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** PUT /warehouse/{id}/edit: drivers, warehousemen and cars, guarded by `version`. */
export const editWarehouse = (id: number, body: WarehouseEdit) =>
  api<{ item: Warehouse }>('PUT', `/warehouse/${id}/edit`, { body }).then((a) => a.item);

export function useEditWarehouse(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WarehouseEdit) => editWarehouse(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}
