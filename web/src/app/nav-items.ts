import type { FunctionName, Permission } from '@letokruh/contracts/permissions';

export type NavItem = {
  key: string;
  to: string;
  /** null: always shown (part 2 §2, top navigation). */
  permission: Permission | null;
  anyFunction?: FunctionName[];
  group?: 'vacations';
  /** Other addresses of the same area, so that the item stays lit on its detail pages. */
  also?: string[];
  /** Administration items sit in the avatar menu, so that the bar fits a 1280 px screen. */
  place?: 'userMenu';
};

export const navItems: NavItem[] = [
  { key: 'dashboard', to: '/dashboard', permission: null },
  { key: 'orders', to: '/orders', permission: 'view_order', also: ['/order/'] },
  {
    key: 'transportations',
    to: '/transportations',
    permission: 'view_transportation',
    also: ['/transportation/'],
  },
  { key: 'customers', to: '/customers', permission: 'view_customer', also: ['/customer/'] },
  { key: 'calculations', to: '/calculations', permission: 'view_calculation' },
  {
    key: 'warehouseVacations',
    to: '/warehouse-vacations',
    permission: 'view_vacationwarehouse',
    group: 'vacations',
    also: ['/warehouse-vacation/'],
  },
  {
    key: 'userVacations',
    to: '/user-vacations',
    permission: 'view_vacationuser',
    group: 'vacations',
    also: ['/user-vacation/'],
  },
  {
    key: 'warehouses',
    to: '/warehouses',
    permission: 'view_warehouse',
    also: ['/warehouse/', '/update-stock/'],
  },
  { key: 'products', to: '/products', permission: 'view_product', also: ['/product/'] },
  { key: 'overviews', to: '/overviews', permission: 'view_stats' },
  { key: 'users', to: '/users', permission: 'view_user', also: ['/user/'] },
  { key: 'permissions', to: '/permissions', permission: null, anyFunction: ['owner'], place: 'userMenu' },
  {
    key: 'referenceData',
    to: '/reference-data',
    permission: null,
    anyFunction: ['owner'],
    place: 'userMenu',
  },
  { key: 'audit', to: '/audit', permission: null, anyFunction: ['owner'], place: 'userMenu' },
];

export const isActive = (item: NavItem, pathname: string): boolean =>
  pathname === item.to ||
  pathname.startsWith(`${item.to}/`) ||
  (item.also ?? []).some((prefix) => pathname.startsWith(prefix));

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
