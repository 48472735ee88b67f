import type { FunctionName, Permission } from '@letokruh/contracts/permissions';

/**
 * What a route needs, declared on every route (`config.access`) and enforced in one hook.
 * - asset: a file of the built web app or its page shell (no session, no cookies)
 * - public: no session (login, logout, health, docs, public config)
 * - self: any logged-in user, also while a password change is pending (own profile, session)
 * - loggedIn: any logged-in user
 * - permission: all of the listed permissions; anyPermission: one of them
 * - anyFunction: one of the listed functions (spec's owner-or-dispatcher checks)
 * - anyOf: one of the listed rules
 */
export type Access =
  | 'asset'
  | 'public'
  | 'self'
  | 'loggedIn'
  | { permission: Permission | Permission[] }
  | { anyPermission: Permission[] }
  | { anyFunction: FunctionName[] }
  | { anyOf: Access[] };

/**
 * Which path parameter names a record that belongs to warehouses (issue 13 §3): a driver or
 * warehouseman gets 404 for one outside their warehouses (modules/warehouses/warehouse-scope.ts).
 */
export type ScopedByAll = {
  order: string;
  warehouse: string;
  warehouseVacation: string;
  userVacation: string;
};
export type ScopedBy = { [K in keyof ScopedByAll]: Pick<ScopedByAll, K> }[keyof ScopedByAll];

declare module 'fastify' {
  interface FastifyContextConfig {
    scopedBy?: ScopedBy;
  }
}

export type SessionUser = {
  id: number;
  username: string;
  functions: FunctionName[];
  permissions: ReadonlySet<string>;
  mustChangePassword: boolean;
};

export function isAllowed(access: Access, user: SessionUser): boolean {
  if (access === 'asset' || access === 'public' || access === 'self' || access === 'loggedIn') return true;
  if ('permission' in access) {
    const needed = Array.isArray(access.permission) ? access.permission : [access.permission];
    return needed.every((p) => user.permissions.has(p));
  }
  if ('anyPermission' in access) return access.anyPermission.some((p) => user.permissions.has(p));
  if ('anyOf' in access) return access.anyOf.some((rule) => isAllowed(rule, user));
  return access.anyFunction.some((f) => user.functions.includes(f));
}

export const hasFunction = (user: SessionUser, ...names: FunctionName[]) =>
  names.some((n) => user.functions.includes(n));
