import type { FunctionName, Permission } from '@letokruh/contracts/permissions';

export type NavItem = {
  key: string;
  to: string;
  /** null: always shown (part 2 §2, top navigation). */
  permission: Permission | null;
  anyFunction?: FunctionName[];
  group?: 'vacations';
};

export const navItems: NavItem[] = [
  { key: 'dashboard', to: '/dashboard', permission: null },
  { key: 'orders', to: '/orders', permission: 'view_order' },
  { key: 'transportations', to: '/transportations', permission: 'view_transportation' },
  { key: 'customers', to: '/customers', permission: 'view_customer' },
  { key: 'calculations', to: '/calculations', permission: 'view_calculation' },
  {
    key: 'warehouseVacations',
    to: '/warehouse-vacations',
    permission: 'view_vacationwarehouse',
    group: 'vacations',
  },
  { key: 'userVacations', to: '/user-vacations', permission: 'view_vacationuser', group: 'vacations' },
  { key: 'warehouses', to: '/warehouses', permission: 'view_warehouse' },
  { key: 'products', to: '/products', permission: 'view_product' },
  { key: 'overviews', to: '/overviews', permission: 'view_stats' },
  { key: 'users', to: '/users', permission: 'view_user' },
  { key: 'permissions', to: '/permissions', permission: null, anyFunction: ['owner'] },
];

export function visibleNavItems(
  can: (p: Permission) => boolean,
  hasFunction: (...f: FunctionName[]) => boolean,
): NavItem[] {
  return navItems.filter(
    (item) =>
      (item.permission === null || can(item.permission)) &&
      (!item.anyFunction || hasFunction(...item.anyFunction)),
  );
}
