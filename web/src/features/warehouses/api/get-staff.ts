import type { StaffMember } from '@letokruh/contracts/warehouses';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** GET /drivers or /warehousemen: active users holding that function. */
export const getStaff = (kind: 'drivers' | 'warehousemen') =>
  api<{ items: StaffMember[] }>('GET', `/${kind}`).then((a) => a.items);

export function useStaff(kind: 'drivers' | 'warehousemen') {
  return useQuery({ queryKey: warehouseKeys.staff(kind), queryFn: () => getStaff(kind), staleTime: 60_000 });
}
