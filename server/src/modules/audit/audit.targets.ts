import type { AuditEntity } from '@letokruh/contracts/audit';

export type AuditTarget = { entity: AuditEntity; action: string };

/**
 * Every call that changes data, with the area and the action its audit row names (decision 0020).
 * A test walks the registered routes and fails on an unsafe one missing here, so a new route
 * cannot slip past the log. `null`: changes nothing worth logging (a quote, the login itself).
 */
export const auditTargets: Record<string, AuditTarget | null> = {
  'POST /api/auth/login': null,
  // The user the link names is written by the service, in the link's own transaction.
  'POST /api/auth/set_password': null,
  // Ends the session: a GET that writes (a HEAD on it is refused, plugins/writing-gets.ts).
  'GET /api/auth/logout': null,
  'PUT /api/auth/user': { entity: 'profile', action: 'edit' },
  'POST /api/auth/avatar': { entity: 'profile', action: 'avatar' },
  'POST /api/calculation': null,

  'GET /api/order/add': { entity: 'order', action: 'add' },
  'GET /api/order/:id/copy': { entity: 'order', action: 'copy' },
  'POST /api/calculation/order': { entity: 'order', action: 'add_from_calculation' },
  'POST /api/order/:id/customer': { entity: 'order', action: 'customer' },
  'POST /api/order/:id/items': { entity: 'order', action: 'items' },
  'POST /api/order/:id/intern': { entity: 'order', action: 'intern' },
  'DELETE /api/order/:id/delete': { entity: 'order', action: 'cancel' },
  'DELETE /api/order/:id/discard': { entity: 'order', action: 'discard' },
  'PUT /api/order/:id/restore': { entity: 'order', action: 'restore' },
  'PUT /api/order/:id/done': { entity: 'order', action: 'done' },
  'PUT /api/order/:id/undone': { entity: 'order', action: 'undone' },
  'PUT /api/order/:id/collect_revenue': { entity: 'order', action: 'collect_revenue' },
  'PUT /api/order/:id/return_revenue': { entity: 'order', action: 'return_revenue' },
  'PUT /api/order/:id/:itemId/prepared': { entity: 'order', action: 'item_prepared' },
  'PUT /api/order/:id/reschedule': { entity: 'order', action: 'reschedule' },
  'POST /api/order/:id/files/add': { entity: 'order', action: 'file_add' },
  'DELETE /api/order/:id/files/:fileId/delete': { entity: 'order', action: 'file_delete' },
  'POST /api/order/:id/send_email_qr': { entity: 'order', action: 'send_email_qr' },

  // domain.md §2.12: each order a payment pays or stops paying gets its own row besides these.
  'POST /api/bank/statement': { entity: 'bank', action: 'import' },
  'POST /api/bank/payment/:id/confirm': { entity: 'bank', action: 'confirm' },
  'POST /api/bank/payment/:id/assign': { entity: 'bank', action: 'assign' },
  'POST /api/bank/payment/:id/ignore': { entity: 'bank', action: 'ignore' },
  'POST /api/bank/payment/:id/undo': { entity: 'bank', action: 'undo' },
  'POST /api/bank/account/add': { entity: 'bank', action: 'account_add' },
  'PUT /api/bank/account/:id/fio_token': { entity: 'bank', action: 'fio_token' },

  // domain.md §2.14: each customer or product an import adds or its undo removes gets its own row
  // (`import`, `import_undo`) besides these; an upload and its previews change nothing yet.
  'POST /api/spreadsheet/upload': null,
  'POST /api/spreadsheet/:id/preview': null,
  'POST /api/spreadsheet/:id/import': { entity: 'import', action: 'import' },
  'POST /api/spreadsheet/:id/undo': { entity: 'import', action: 'undo' },

  'PUT /api/update_stock/:warehouseId/:productId': { entity: 'stock', action: 'update_stock' },
  'POST /api/warehouse/:id/add_product': { entity: 'stock', action: 'add_product' },
  'PUT /api/warehouse/:id/product_conversion/submit': { entity: 'stock', action: 'conversion' },

  'POST /api/product/add': { entity: 'product', action: 'add' },
  'PUT /api/product/:id/change_price': { entity: 'product', action: 'change_price' },
  'DELETE /api/product/:id/delete': { entity: 'product', action: 'delete' },

  'POST /api/user/add': { entity: 'user', action: 'add' },
  'PUT /api/user/:id/edit': { entity: 'user', action: 'edit' },
  'DELETE /api/user/:id/delete': { entity: 'user', action: 'deactivate' },
  'PUT /api/user/:id/reactivate': { entity: 'user', action: 'reactivate' },
  'PUT /api/user/:id/unlock': { entity: 'user', action: 'unlock' },
  'PUT /api/user/:id/password': { entity: 'user', action: 'password' },
  'POST /api/user/:id/password_link': { entity: 'user', action: 'password_link' },
  'PUT /api/permissions': { entity: 'permissions', action: 'edit' },

  'POST /api/customer/add': { entity: 'customer', action: 'add' },
  'PUT /api/customer/:id/edit': { entity: 'customer', action: 'edit' },
  'PUT /api/customer/:id/change_to_contact': { entity: 'customer', action: 'change_to_contact' },
  'POST /api/customer/:id/files/add': { entity: 'customer', action: 'file_add' },
  'DELETE /api/customer/:id/files/:fileId/delete': { entity: 'customer', action: 'file_delete' },

  'POST /api/warehouse/add': { entity: 'warehouse', action: 'add' },
  'PUT /api/warehouse/:id/edit': { entity: 'warehouse', action: 'edit' },
  'DELETE /api/warehouse/:id/hide': { entity: 'warehouse', action: 'hide' },

  'POST /api/warehouse_vacation/add': { entity: 'vacation', action: 'closure_add' },
  'PUT /api/warehouse_vacation/:id/edit': { entity: 'vacation', action: 'closure_edit' },
  'DELETE /api/vacation_warehouse/:id/delete': { entity: 'vacation', action: 'closure_delete' },
  'POST /api/user_vacation/add': { entity: 'vacation', action: 'driver_add' },
  'PUT /api/user_vacation/:id/edit': { entity: 'vacation', action: 'driver_edit' },
  'DELETE /api/vacation_user/:id/delete': { entity: 'vacation', action: 'driver_delete' },

  'POST /api/transportation/add': { entity: 'transportation', action: 'add' },
  'PUT /api/transportation/:id/edit': { entity: 'transportation', action: 'edit' },
  'DELETE /api/transportation/:id/delete': { entity: 'transportation', action: 'delete' },
  'POST /api/transportation/:id/files/add': { entity: 'transportation', action: 'file_add' },
  'DELETE /api/transportation/:id/files/:fileId/delete': { entity: 'transportation', action: 'file_delete' },

  'POST /api/supplier/add': { entity: 'reference', action: 'supplier_add' },
  'PUT /api/supplier/:id/edit': { entity: 'reference', action: 'supplier_edit' },
  'DELETE /api/supplier/:id/delete': { entity: 'reference', action: 'supplier_delete' },
  'POST /api/adtype/add': { entity: 'reference', action: 'adtype_add' },
  'PUT /api/adtype/:id/edit': { entity: 'reference', action: 'adtype_edit' },
  'DELETE /api/adtype/:id/delete': { entity: 'reference', action: 'adtype_delete' },

  'POST /api/calendar_feed/add': { entity: 'calendar_feed', action: 'add' },
  'POST /api/driver/order/:id/on_the_way': { entity: 'order', action: 'on_the_way' },
  'POST /api/driver/order/:id/delivered': { entity: 'order', action: 'delivered' },
  'DELETE /api/calendar_feed/:id/revoke': { entity: 'calendar_feed', action: 'revoke' },
  'DELETE /api/calendar_feeds/all/:id/revoke': { entity: 'calendar_feed', action: 'revoke' },
};

/** Calls that create a record: the row names the new record, not the one in the path. */
export const creatingActions = new Set(['add', 'copy', 'add_from_calculation']);
