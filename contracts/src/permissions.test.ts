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
      'import_data',
    ]) {
      expect(permissions).toContain(extra);
    }
    expect(new Set(permissions).size).toBe(permissions.length);
    expect(permissions).toHaveLength(8 * 4 + 7);
  });

  it('isPermission tells codenames from other strings', () => {
    expect(isPermission('view_order')).toBe(true);
    expect(isPermission('view_orders')).toBe(false);
    expect(isPermission('owner')).toBe(false);
  });
});

describe('default matrix (domain.md §3.3)', () => {
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

  // What each function may do is tested as behaviour, by calling the API as each of them
  // (server/src/modules/users/permissions.test.ts, hardening/route-matrix.test.ts); here only the
  // rules of domain.md §3.3 that hold across the matrix.
  const holders = (permission: string) =>
    functionNames.filter((fn) => (defaultPermissionMatrix[fn] as readonly string[]).includes(permission));

  it('only the owner and the dispatcher delete anything', () => {
    for (const p of permissions.filter((p) => p.startsWith('delete_'))) {
      expect(
        holders(p).filter((fn) => fn !== 'owner' && fn !== 'dispatcher'),
        p,
      ).toEqual([]);
    }
  });

  it('the driver changes nothing and adds only transportations', () => {
    const driver = defaultPermissionMatrix.driver;
    expect(driver.filter((p) => /^(change|delete|manage|prepare)_/.test(p))).toEqual([]);
    expect(driver.filter((p) => p.startsWith('add_'))).toEqual(['add_transportation']);
  });

  it('whoever may change, add or prepare a thing may also view it', () => {
    for (const fn of functionNames) {
      const held = defaultPermissionMatrix[fn] as readonly string[];
      for (const p of held) {
        const model = /^(?:add|change|delete|prepare)_(.+)$/.exec(p)?.[1];
        if (model) expect(held, `${fn}: ${p}`).toContain(`view_${model}`);
      }
    }
  });

  it('only the owner and the dispatcher manage warehouses', () => {
    expect(functionNames.filter((fn) => defaultPermissionMatrix[fn].includes('manage_warehouse'))).toEqual([
      'owner',
      'dispatcher',
    ]);
  });

  it('only the owner imports spreadsheets by default (domain.md §2.14)', () => {
    expect(functionNames.filter((fn) => defaultPermissionMatrix[fn].includes('import_data'))).toEqual([
      'owner',
    ]);
  });

  it('only the owner may manage users', () => {
    for (const fn of functionNames.filter((f) => f !== 'owner')) {
      for (const p of ['add_user', 'change_user', 'delete_user'] as const)
        expect(defaultPermissionMatrix[fn], fn).not.toContain(p);
    }
  });
});
