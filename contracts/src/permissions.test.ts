import { describe, expect, it } from 'vitest';
import { defaultPermissionMatrix, functionNames, isPermission, permissions } from './permissions.ts';

const sorted = (list: readonly string[]) => [...list].sort();

describe('permission names', () => {
  it('has view, add, change and delete for every model, plus the extra ones, each once', () => {
    for (const model of [
      'order',
      'customer',
      'warehouse',
      'product',
      'user',
      'vacationwarehouse',
      'vacationuser',
      'transportation',
    ]) {
      for (const action of ['view', 'add', 'change', 'delete'])
        expect(permissions).toContain(`${action}_${model}`);
    }
    for (const extra of [
      'prepare_order',
      'view_stats',
      'view_calculation',
      'can_export_orders',
      'can_export_delivery_notes',
      'manage_warehouse',
    ]) {
      expect(permissions).toContain(extra);
    }
    expect(new Set(permissions).size).toBe(permissions.length);
    expect(permissions).toHaveLength(8 * 4 + 6);
  });

  it('isPermission tells codenames from other strings', () => {
    expect(isPermission('view_order')).toBe(true);
    expect(isPermission('view_orders')).toBe(false);
    expect(isPermission('owner')).toBe(false);
  });
});

describe('default matrix (DESIGN §3)', () => {
  it('names the five functions', () => {
    expect(sorted(Object.keys(defaultPermissionMatrix))).toEqual(sorted(functionNames));
    expect(functionNames).toHaveLength(5);
  });

  it('lists only known permissions, each once per function', () => {
    for (const fn of functionNames) {
      const list = defaultPermissionMatrix[fn];
      expect(
        list.filter((p) => !isPermission(p)),
        fn,
      ).toEqual([]);
      expect(new Set(list).size, fn).toBe(list.length);
    }
  });

  it('the owner has every permission', () => {
    expect(sorted(defaultPermissionMatrix.owner)).toEqual(sorted(permissions));
  });

  it('the driver has exactly view_order, view_customer, view_transportation, add_transportation, view_vacationuser', () => {
    expect(sorted(defaultPermissionMatrix.driver)).toEqual(
      sorted([
        'view_order',
        'view_customer',
        'view_transportation',
        'add_transportation',
        'view_vacationuser',
      ]),
    );
  });

  it('the warehouseman prepares orders and changes warehouses but does not change orders', () => {
    expect(sorted(defaultPermissionMatrix.warehouseman)).toEqual(
      sorted([
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
      ]),
    );
  });

  it('the technical specialist has exactly the DESIGN list: takes orders and customers, deletes neither', () => {
    expect(sorted(defaultPermissionMatrix.technical_specialist)).toEqual(
      sorted([
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
      ]),
    );
  });

  it('the dispatcher has exactly the DESIGN list: all of orders, customers, vacations, transportations', () => {
    const all = (model: string) => ['view', 'add', 'change', 'delete'].map((action) => `${action}_${model}`);
    expect(sorted(defaultPermissionMatrix.dispatcher)).toEqual(
      sorted([
        ...all('order'),
        'prepare_order',
        ...all('customer'),
        ...all('vacationwarehouse'),
        ...all('vacationuser'),
        ...all('transportation'),
        'view_warehouse',
        'change_warehouse',
        'manage_warehouse',
        'view_product',
        'view_stats',
        'view_calculation',
        'view_user',
        'can_export_orders',
        'can_export_delivery_notes',
      ]),
    );
  });

  it('only the owner and the dispatcher manage warehouses (issue 13 §3)', () => {
    expect(functionNames.filter((fn) => defaultPermissionMatrix[fn].includes('manage_warehouse'))).toEqual([
      'owner',
      'dispatcher',
    ]);
  });

  it('only the owner may manage users', () => {
    for (const fn of functionNames.filter((f) => f !== 'owner')) {
      for (const p of ['add_user', 'change_user', 'delete_user'] as const)
        expect(defaultPermissionMatrix[fn], fn).not.toContain(p);
    }
  });
});
