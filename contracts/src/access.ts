import type { FunctionName, Permission } from './permissions.ts';

/**
 * What a call needs (decision 0029): one table for the server's guard and the web app's buttons.
 * - asset: a file of the built web app or its page shell (no session, no cookies)
 * - public: no session (login, logout, health, docs, public config)
 * - self: any logged-in user, also while a password change is pending (own profile, session)
 * - loggedIn: any logged-in user
 * - permission: all of the listed permissions; anyPermission: one of them
 * - anyFunction: one of the listed functions (domain.md's owner-or-dispatcher checks)
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

/** Who asks: the session's functions and the union of their permissions. */
export type AccessHolder = {
  functions: readonly FunctionName[];
  permissions: ReadonlySet<string>;
};

export function isAllowed(access: Access, holder: AccessHolder): boolean {
  if (access === 'asset' || access === 'public' || access === 'self' || access === 'loggedIn') return true;
  if ('permission' in access) {
    const needed = Array.isArray(access.permission) ? access.permission : [access.permission];
    return needed.every((p) => holder.permissions.has(p));
  }
  if ('anyPermission' in access) return access.anyPermission.some((p) => holder.permissions.has(p));
  if ('anyOf' in access) return access.anyOf.some((rule) => isAllowed(rule, holder));
  return access.anyFunction.some((f) => holder.functions.includes(f));
}

const takesOrders: Access = { anyPermission: ['add_order', 'change_order'] };
const ownerOrDispatcher: Access = { anyFunction: ['owner', 'dispatcher'] };
const ownerOnly: Access = { anyFunction: ['owner'] };
/** Who may mark an order paid (PUT /order/:id/collect_revenue) may match bank payments too. */
const collectsRevenue: Access = ownerOrDispatcher;

/**
 * Every /api call (method and Fastify path without /api) and the rule its route declares. The
 * server's routes are checked against this table (server/src/hardening/route-access.test.ts), so
 * the web app can hide what the server would refuse without a second list of its own.
 */
export const routeAccess = {
  'GET /health': 'public',
  'POST /auth/login': 'public',
  'GET /auth/logout': 'public',
  'GET /auth/user': 'self',
  'PUT /auth/user': 'self',
  'GET /auth/avatar': 'self',
  'POST /auth/avatar': 'self',
  'GET /functions': 'loggedIn',
  // domain.md §2.11: a driver's own deliveries; the office may look at any driver's (driver.service).
  'GET /driver/day': { anyFunction: ['driver', 'owner', 'dispatcher'] },
  // Decision 0067: only the order's own driver records its way and its delivery (driver.service).
  'POST /driver/order/:id/on_the_way': { anyFunction: ['driver'] },
  'POST /driver/order/:id/delivered': { anyFunction: ['driver'] },
  'GET /driver/order/:id/qr_payment': { anyFunction: ['driver', 'owner', 'dispatcher'] },
  'GET /config': 'public',
  'GET /warehouses': { permission: 'view_warehouse' },
  'GET /warehouses/own': 'loggedIn',
  'GET /warehouse/:id': { permission: 'view_warehouse' },
  'POST /warehouse/add': { permission: 'add_warehouse' },
  'PUT /warehouse/:id/edit': { permission: 'manage_warehouse' },
  'DELETE /warehouse/:id/hide': { permission: 'delete_warehouse' },
  'GET /drivers': {
    anyPermission: ['view_warehouse', 'view_transportation', 'add_vacationuser', 'change_vacationuser'],
  },
  'GET /warehousemen': { permission: 'view_warehouse' },
  'GET /products': { permission: 'view_product' },
  'GET /product/:id': { permission: 'view_product' },
  'POST /product/add': { permission: 'add_product' },
  'PUT /product/:id/change_price': { permission: 'change_product' },
  'DELETE /product/:id/delete': { permission: 'delete_product' },
  'GET /unhidden_products': { permission: 'view_product' },
  'GET /available_products': { anyPermission: ['view_product', 'add_order', 'change_order'] },
  'GET /warehouse/:id/product_stock': { permission: 'view_warehouse' },
  'POST /warehouse/:id/add_product': { permission: 'change_warehouse' },
  'GET /update_stock/:warehouseId/:productId': { permission: 'view_warehouse' },
  'PUT /update_stock/:warehouseId/:productId': { permission: 'change_warehouse' },
  'GET /product_stock_changes/:warehouseId': { permission: 'change_warehouse' },
  'GET /product/:id/stock': { permission: 'view_warehouse' },
  'GET /customers': { permission: 'view_customer' },
  'POST /customer/add': { permission: 'add_customer' },
  'GET /customer/:id': { permission: 'view_customer' },
  'PUT /customer/:id/edit': { permission: 'change_customer' },
  'PUT /customer/:id/change_to_contact': { anyFunction: ['dispatcher'] },
  'POST /customer/:id/files/add': { permission: 'change_customer' },
  'DELETE /customer/:id/files/:fileId/delete': { permission: 'change_customer' },
  'GET /customer/:id/files/:fileId/download': { permission: 'view_customer' },
  'GET /phone_prefixes': 'loggedIn',
  'GET /warehouse/:id/product_conversions': { permission: 'view_warehouse' },
  'PUT /warehouse/:id/product_conversion/submit': { permission: 'change_warehouse' },
  'GET /address_suggestions': {
    anyPermission: ['add_customer', 'change_customer', 'add_warehouse', 'change_warehouse'],
  },
  'GET /users': { permission: 'view_user' },
  'GET /user/:id': { permission: 'view_user' },
  'POST /user/add': { permission: 'add_user' },
  'PUT /user/:id/edit': { permission: 'change_user' },
  'DELETE /user/:id/delete': 'loggedIn',
  'PUT /user/:id/reactivate': { permission: 'delete_user' },
  'PUT /user/:id/unlock': ownerOnly,
  // Decision 0089: passwords of others are the owner's to give; the link's page needs no session.
  'PUT /user/:id/password': ownerOnly,
  'POST /user/:id/password_link': ownerOnly,
  'POST /auth/set_password': 'public',
  'GET /permissions': ownerOnly,
  'PUT /permissions': ownerOnly,
  'GET /warehouse_vacations': { permission: 'view_vacationwarehouse' },
  'POST /warehouse_vacation/add': { permission: 'add_vacationwarehouse' },
  'GET /warehouse_vacation/:id': { permission: 'view_vacationwarehouse' },
  'PUT /warehouse_vacation/:id/edit': { permission: 'change_vacationwarehouse' },
  'DELETE /vacation_warehouse/:id/delete': { permission: 'delete_vacationwarehouse' },
  'GET /user_vacations': { permission: 'view_vacationuser' },
  'POST /user_vacation/add': { permission: 'add_vacationuser' },
  'GET /user_vacation/:id': { permission: 'view_vacationuser' },
  'PUT /user_vacation/:id/edit': { permission: 'change_vacationuser' },
  'DELETE /vacation_user/:id/delete': { permission: 'delete_vacationuser' },
  'GET /api/get-vacations': 'loggedIn',
  'GET /api/get-drivers-vacations': 'loggedIn',
  'GET /suppliers': { anyOf: [{ anyFunction: ['owner', 'dispatcher'] }, { permission: 'view_order' }] },
  'POST /supplier/add': ownerOnly,
  'PUT /supplier/:id/edit': ownerOnly,
  'DELETE /supplier/:id/delete': ownerOnly,
  'GET /adtypes': takesOrders,
  'POST /adtype/add': ownerOnly,
  'PUT /adtype/:id/edit': ownerOnly,
  'DELETE /adtype/:id/delete': ownerOnly,
  'GET /orders': { permission: 'view_order' },
  'GET /order/add': { permission: 'add_order' },
  'GET /order/:id': { permission: 'view_order' },
  'GET /order/:id/copy': { permission: ['add_order', 'change_order'] },
  'DELETE /order/:id/delete': { permission: 'change_order' },
  'DELETE /order/:id/discard': { permission: 'add_order' },
  'PUT /order/:id/restore': { permission: 'change_order' },
  'PUT /order/:id/done': { permission: 'change_order' },
  'PUT /order/:id/undone': { permission: 'change_order' },
  'PUT /order/:id/collect_revenue': collectsRevenue,
  'PUT /order/:id/return_revenue': collectsRevenue,
  'PUT /order/:id/:itemId/prepared': { permission: 'prepare_order' },
  'GET /api/get-orders': { permission: 'view_order' },
  'PUT /order/:id/reschedule': { permission: 'change_order' },
  'POST /order/:id/files/add': { permission: 'change_order' },
  'DELETE /order/:id/files/:fileId/delete': { permission: 'change_order' },
  'GET /order/:id/files/:fileId/download': { permission: 'view_order' },
  'GET /order/:id/delivery': { permission: 'view_order' },
  'GET /order/:id/delivery/files/:fileId/download': { permission: 'view_order' },
  'GET /api/get-customers/phone': takesOrders,
  'POST /order/:id/customer': takesOrders,
  'GET /warehouse_distance/:orderId': takesOrders,
  'POST /order/:id/items': takesOrders,
  'GET /order/:id/drivers': takesOrders,
  'GET /order/:id/warehouse_cars': takesOrders,
  'POST /order/:id/intern': takesOrders,
  'GET /transportations': { permission: 'view_transportation' },
  'GET /transportations/data': {
    anyPermission: ['view_transportation', 'add_transportation', 'change_transportation'],
  },
  'POST /transportation/add': { permission: 'add_transportation' },
  'GET /transportation/:id': { permission: 'view_transportation' },
  'PUT /transportation/:id/edit': { permission: 'change_transportation' },
  'DELETE /transportation/:id/delete': { permission: 'delete_transportation' },
  'POST /transportation/:id/files/add': { anyPermission: ['add_transportation', 'change_transportation'] },
  'DELETE /transportation/:id/files/:fileId/delete': {
    anyPermission: ['add_transportation', 'change_transportation'],
  },
  'GET /transportation/:id/files/:fileId/download': { permission: 'view_transportation' },
  'GET /order/:id/qr_payment': ownerOrDispatcher,
  'POST /order/:id/send_email_qr': ownerOrDispatcher,
  'GET /order/:id/get_delivery_note': { permission: 'view_order' },
  'GET /download_multiple_delivery_notes': { permission: ['view_order', 'can_export_delivery_notes'] },
  'GET /download-orders': { permission: ['view_order', 'can_export_orders'] },
  'GET /stats_by_warehouses': { permission: 'view_stats' },
  'GET /stats_for_products': { permission: 'view_stats' },
  'GET /get_collected_revenue_by_warehouses': { permission: 'view_stats' },
  'GET /stats_collectors': { permission: 'view_stats' },
  'GET /stats_campaings': { permission: 'view_stats' },
  'GET /stats_orders': { permission: 'view_stats' },
  'GET /stats_customers': { permission: 'view_stats' },
  'GET /stats_products': { permission: 'view_stats' },
  'GET /calculation/warehouses': { permission: 'view_calculation' },
  'GET /calculation/products': { permission: 'view_calculation' },
  'POST /calculation': { permission: 'view_calculation' },
  'POST /calculation/order': { permission: ['view_calculation', 'add_order'] },
  'GET /audit_log': ownerOnly,
  // domain.md §2.12: bank payments are matched by those who collect revenue; the accounts and
  // their Fio tokens are the owner's settings (decision 0076).
  'GET /bank/payments': collectsRevenue,
  'POST /bank/statement': collectsRevenue,
  'POST /bank/payment/:id/confirm': collectsRevenue,
  'POST /bank/payment/:id/assign': collectsRevenue,
  'POST /bank/payment/:id/ignore': collectsRevenue,
  'POST /bank/payment/:id/undo': collectsRevenue,
  'GET /bank/accounts': ownerOnly,
  'POST /bank/account/add': ownerOnly,
  'PUT /bank/account/:id/fio_token': ownerOnly,
  // domain.md §2.14: the office's spreadsheets. The kind of record imported needs its own add
  // right besides (add_customer, add_product), which the service checks (decision 0090).
  'GET /spreadsheets': { permission: 'import_data' },
  'POST /spreadsheet/upload': { permission: 'import_data' },
  'POST /spreadsheet/:id/preview': { permission: 'import_data' },
  'POST /spreadsheet/:id/import': { permission: 'import_data' },
  'POST /spreadsheet/:id/undo': { permission: 'import_data' },
  // domain.md §2.10 (decision 0063): the account page's feeds; which feeds a user may manage is the
  // handler's rule (one's own driver feed; a warehouse's with change_warehouse in one's lane).
  'GET /calendar_feeds': 'loggedIn',
  'POST /calendar_feed/add': 'loggedIn',
  'DELETE /calendar_feed/:id/revoke': 'loggedIn',
  // Decision 0073: the owner lists every link, whoever it is for, and revokes any.
  'GET /calendar_feeds/all': ownerOnly,
  'DELETE /calendar_feeds/all/:id/revoke': ownerOnly,
  // The feed itself: a calendar app has no session; the URL's secret is the key (404 otherwise).
  'GET /feeds/:file': 'public',
  // domain.md §1.10: each event is filtered by the user's warehouses and view_order (modules/events).
  'GET /events': 'loggedIn',
  'GET /docs': 'public',
} as const satisfies Record<string, Access>;

export type RouteKey = keyof typeof routeAccess;

/**
 * Rules a handler checks on top of its route's declaration, so that the web app offers no call
 * that would answer 403 (the server's route-matrix test asks the handler's code for these).
 * Rules that depend on the record (an owner is shielded from non-owners, a driver may delete the
 * file they uploaded) stay with the page that knows the record.
 */
export const handlerAccess: Partial<Record<RouteKey, Access>> = {
  // domain.md §2.8: removing a user answers 403 / 200 without delete_user.
  'DELETE /user/:id/delete': { permission: 'delete_user' },
  // domain.md §2.2, §2.6: only the owner and the dispatcher correct or delete a haul.
  'PUT /transportation/:id/edit': ownerOrDispatcher,
  'DELETE /transportation/:id/delete': ownerOrDispatcher,
};

/** Whether a holder may make a call: its route's rule and what its handler checks besides. */
export const mayCall = (route: RouteKey, holder: AccessHolder): boolean =>
  isAllowed(routeAccess[route], holder) && isAllowed(handlerAccess[route] ?? 'loggedIn', holder);

/**
 * domain.md §3.3 Cross-site requests: the only calls a page of another site may make (a calendar
 * app or a monitor has no session; the health check and the API's description hold no data).
 * Every other call from another site is refused, whatever its method (deny by default).
 */
export const crossSiteCalls: ReadonlySet<string> = new Set<RouteKey>([
  'GET /health',
  'GET /docs',
  'GET /feeds/:file',
]);
