import type { RouteKey } from '@letokruh/contracts/access';

export type NavItem = {
  key: string;
  to: string;
  /**
   * The call the page opens with; the item is shown when that call would pass (contracts'
   * route table, decision 0029). null: always shown (domain.md §2.2, top navigation).
   */
  route: RouteKey | null;
  group?: 'vacations';
  /** Other addresses of the same area, so that the item stays lit on its detail pages. */
  also?: string[];
  /** Administration items sit in the avatar menu, so that the bar fits a 1280 px screen. */
  place?: 'userMenu';
};

export const navItems: NavItem[] = [
  { key: 'dashboard', to: '/dashboard', route: null },
  // domain.md §2.11: the driver's deliveries (the office looks at a driver's there too).
  { key: 'driverDay', to: '/driver', route: 'GET /driver/day' },
  { key: 'orders', to: '/orders', route: 'GET /orders', also: ['/order/'] },
  {
    key: 'transportations',
    to: '/transportations',
    route: 'GET /transportations',
    also: ['/transportation/'],
  },
  { key: 'customers', to: '/customers', route: 'GET /customers', also: ['/customer/'] },
  { key: 'calculations', to: '/calculations', route: 'GET /calculation/warehouses' },
  {
    key: 'warehouseVacations',
    to: '/warehouse-vacations',
    route: 'GET /warehouse_vacations',
    group: 'vacations',
    also: ['/warehouse-vacation/'],
  },
  {
    key: 'userVacations',
    to: '/user-vacations',
    route: 'GET /user_vacations',
    group: 'vacations',
    also: ['/user-vacation/'],
  },
  {
    key: 'warehouses',
    to: '/warehouses',
    route: 'GET /warehouses',
    also: ['/warehouse/', '/update-stock/'],
  },
  { key: 'products', to: '/products', route: 'GET /products', also: ['/product/'] },
  { key: 'overviews', to: '/overviews', route: 'GET /stats_orders' },
  { key: 'users', to: '/users', route: 'GET /users', also: ['/user/'] },
  { key: 'permissions', to: '/permissions', route: 'PUT /permissions', place: 'userMenu' },
  {
    key: 'referenceData',
    to: '/reference-data',
    route: 'PUT /supplier/:id/edit',
    place: 'userMenu',
  },
  { key: 'audit', to: '/audit', route: 'GET /audit_log', place: 'userMenu' },
  // domain.md §2.12: owners and those who collect revenue match the bank's payments.
  { key: 'bank', to: '/bank', route: 'GET /bank/payments', place: 'userMenu' },
  // domain.md §2.14: customers and products from the office's spreadsheets.
  { key: 'spreadsheets', to: '/spreadsheets', route: 'POST /spreadsheet/upload', place: 'userMenu' },
];

export const isActive = (item: NavItem, pathname: string): boolean =>
  pathname === item.to ||
  pathname.startsWith(`${item.to}/`) ||
  (item.also ?? []).some((prefix) => pathname.startsWith(prefix));

export function visibleNavItems(canCall: (route: RouteKey) => boolean): NavItem[] {
  return navItems.filter((item) => item.route === null || canCall(item.route));
}
