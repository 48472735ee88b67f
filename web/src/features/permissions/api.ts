import type { PermissionUpdate } from '@letokruh/contracts/users';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { usersEndpoints as e } from '../../lib/routes';

export const permissionMatrixQuery = queryOptions({
  queryKey: ['permissions'],
  queryFn: ({ signal }) => call(e.permissionMatrix, { signal }),
});

export const savePermissions = (body: PermissionUpdate) => call(e.savePermissions, { body });
