/**
 * Permission codenames (Django style) and function names (domain.md §3.3).
 * A user holds the union of the permissions of their functions.
 */
const models = [
  'order',
  'customer',
  'warehouse',
  'product',
  'user',
  'vacationwarehouse',
  'vacationuser',
  'transportation',
] as const;
type Model = (typeof models)[number];
type ModelPermission = `${'view' | 'add' | 'change' | 'delete'}_${Model}`;

const extraPermissions = [
  'prepare_order',
  'view_stats',
  'view_calculation',
  'can_export_orders',
  'can_export_delivery_notes',
  /**
   * Name, address, staff and cars of a warehouse (decision 0021); change_warehouse alone is stock
   * work in one's own warehouses. Last, as a migrated database numbers it last too.
   */
  'manage_warehouse',
  /**
   * Customers and products from the office's spreadsheets (domain.md §2.14); the owner's by default.
   * After manage_warehouse, as migration 0056 numbers it after it.
   */
  'import_data',
] as const;

export type Permission = ModelPermission | (typeof extraPermissions)[number];

export const permissions: readonly Permission[] = [
  ...models.flatMap((m) => (['view', 'add', 'change', 'delete'] as const).map((a) => `${a}_${m}` as const)),
  ...extraPermissions,
];

export const functionNames = [
  'owner',
  'dispatcher',
  'technical_specialist',
  'warehouseman',
  'driver',
] as const;
export type FunctionName = (typeof functionNames)[number];

const allOf = (model: Model): Permission[] => [
  `view_${model}`,
  `add_${model}`,
  `change_${model}`,
  `delete_${model}`,
];

/** The default matrix of domain.md §3.3; the owner may change it on the permissions screen. */
export const defaultPermissionMatrix: Record<FunctionName, readonly Permission[]> = {
  owner: permissions,
  dispatcher: [
    ...allOf('order'),
    'prepare_order',
    ...allOf('customer'),
    ...allOf('vacationwarehouse'),
    ...allOf('vacationuser'),
    ...allOf('transportation'),
    'view_warehouse',
    'change_warehouse',
    'manage_warehouse',
    'view_product',
    'view_stats',
    'view_calculation',
    'view_user',
    'can_export_orders',
    'can_export_delivery_notes',
  ],
  technical_specialist: [
    'view_order',
    'add_order',
    'change_order',
    'view_customer',
    'add_customer',
    'change_customer',
    'view_product',
    'view_warehouse',
    'view_vacationwarehouse',
    'view_vacationuser',
    'view_calculation',
    'can_export_delivery_notes',
  ],
  warehouseman: [
    'view_order',
    'prepare_order',
    'view_customer',
    'view_warehouse',
    'change_warehouse',
    'view_product',
    'view_calculation',
    'view_vacationwarehouse',
    'view_vacationuser',
    'can_export_delivery_notes',
  ],
  driver: ['view_order', 'view_customer', 'view_transportation', 'add_transportation', 'view_vacationuser'],
};

export const isPermission = (value: string): value is Permission =>
  (permissions as readonly string[]).includes(value);
