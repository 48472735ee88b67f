import type { FunctionName, Permission } from '@letokruh/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { fetchUser, userQueryKey } from '../features/auth/api';

/** part 1 §4: the profile is refreshed every 30 s unless the page is login. */
export const profileRefreshMs = 30_000;

export function useProfile() {
  const { pathname } = useLocation();
  const onLogin = pathname === '/';
  return useQuery({
    queryKey: userQueryKey,
    queryFn: fetchUser,
    refetchInterval: onLogin ? false : profileRefreshMs,
    staleTime: 5_000,
    retry: false,
  });
}

export function useAccess() {
  const { data: user } = useProfile();
  const permissions = new Set(user?.permissions ?? []);
  return {
    user: user ?? null,
    can: (permission: Permission) => permissions.has(permission),
    hasFunction: (...names: FunctionName[]) => names.some((n) => user?.functions.some((f) => f.name === n)),
  };
}
