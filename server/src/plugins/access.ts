import type { FunctionName } from '@letokruh/contracts/permissions';

/**
 * What a route needs, declared on every route (`config.access`) and enforced in one hook. The
 * rules and their evaluation live in contracts (decision 0029), where the web app reads them too; every
 * route's declaration must equal contracts' `routeAccess` (hardening/route-access.test.ts).
 */
export { type Access, isAllowed } from '@letokruh/contracts/access';

/**
 * Which path parameter names a record that belongs to warehouses (decision 0021): a driver or
 * warehouseman gets 404 for one outside their warehouses (plugins/warehouse-scope.ts).
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

export const hasFunction = (user: SessionUser, ...names: FunctionName[]) =>
  names.some((n) => user.functions.includes(n));
