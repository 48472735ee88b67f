import { type AccessHolder, mayCall, type RouteKey } from '@letokruh/contracts/access';
import type { Profile as UserProfile } from '@letokruh/contracts/auth';
import type { AnswerOf } from '@letokruh/contracts/endpoint';
// Types only: the login page loads no zod schema (its 250 KiB budget, web/scripts/budget.mjs).
import type { authEndpoints as e } from '@letokruh/contracts/endpoints/auth';
import type { FunctionName, Permission } from '@letokruh/contracts/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ApiError, api } from './api-client';

export const userQueryKey = ['auth', 'user'] as const;

/**
 * GET /auth/user; no session answers null instead of an error. Without a signal, a driver whose
 * day is kept on the phone is taken as signed in on it (decision 0078): the app opens on that day,
 * and the session is checked again as soon as the signal returns.
 */
export async function fetchUser(): Promise<UserProfile | null> {
  try {
    return (await api<AnswerOf<typeof e.profile>>('GET', '/auth/user')).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    if (error instanceof ApiError && error.status === 0) {
      // Loaded only then: the login page carries no IndexedDB code (its budget).
      const kept = await (await import('./driver-offline')).keptDriverDay().catch(() => undefined);
      if (kept) return kept.profile;
    }
    throw error;
  }
}

/** The signed-in user (`GET /auth/user`), as the app reads it everywhere: fresh for 5 s, not retried. */
export const profileQuery = queryOptions({
  queryKey: userQueryKey,
  queryFn: fetchUser,
  staleTime: 5_000,
  retry: false,
  // Asked offline too (not paused): the kept driver's day answers then; back online, asked again.
  networkMode: 'always',
});

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api<AnswerOf<typeof e.config>>('GET', '/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** domain.md §1.4: the profile is refreshed every 30 s unless the page is login. */
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
 * What the signed-in user may do (decision 0029). `canCall` answers from contracts' route table, the
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
