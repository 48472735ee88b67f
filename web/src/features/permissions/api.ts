import type { PermissionMatrix, PermissionUpdate } from '@letokruh/contracts/users';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const permissionMatrixQuery = queryOptions({
  queryKey: ['permissions'],
  queryFn: ({ signal }) => api<PermissionMatrix>('GET', '/permissions', { signal }),
});

export const savePermissions = (body: PermissionUpdate) =>
  api<PermissionMatrix>('PUT', '/permissions', { body });
