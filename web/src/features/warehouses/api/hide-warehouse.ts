import type { Warehouse } from '@letokruh/contracts/warehouses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** DELETE /warehouse/{id}/hide: "do not use further", a soft removal. */
export const hideWarehouse = (id: number) =>
  api<{ item: Warehouse }>('DELETE', `/warehouse/${id}/hide`).then((a) => a.item);

export function useHideWarehouse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideWarehouse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}
