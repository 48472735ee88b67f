import type { Warehouse, WarehouseAdd } from '@letokruh/contracts/warehouses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** POST /warehouse/add with the spec's creation payload. */
export const addWarehouse = (body: WarehouseAdd) =>
  api<{ item: Warehouse }>('POST', '/warehouse/add', { body }).then((a) => a.item);

export function useAddWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWarehouse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}
