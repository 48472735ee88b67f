import { type AccessHolder, mayCall, type RouteKey } from '@letokruh/contracts/access';
import type { FunctionName, Permission } from '@letokruh/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { profileQuery } from '../features/auth/api';

/** part 1 §4: the profile is refreshed every 30 s unless the page is login. */
export const profileRefreshMs = 30_000;

export function useProfile() {
  const { pathname } = useLocation();
  const onLogin = pathname === '/';
  return useQuery({ ...profileQuery, refetchInterval: onLogin ? false : profileRefreshMs });
}

type Profile = { functions: { name: FunctionName }[]; permissions: string[] };

/** The signed-in user as the server's guard sees them; nobody at all without a session. */
export const accessHolder = (user: Profile | null | undefined): AccessHolder => ({
  functions: user?.functions.map((f) => f.name) ?? [],
  permissions: new Set(user?.permissions ?? []),
});

/**
 * What the signed-in user may do (issue 14). `canCall` answers from contracts' route table, the
 * very rules the server's guard applies, so a page shows a button only when its call would pass:
 * `canCall('PUT /order/:id/done')`. `can` and `hasFunction` remain for what is no call (columns,
 * which warehouses a list offers).
 */
export function useAccess() {
  const { data: user } = useProfile();
  const holder = accessHolder(user);
  return {
    user: user ?? null,
    can: (permission: Permission) => holder.permissions.has(permission),
    hasFunction: (...names: FunctionName[]) => names.some((n) => holder.functions.includes(n)),
    canCall: (route: RouteKey) => !!user && mayCall(route, holder),
  };
}
