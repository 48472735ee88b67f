import { describe, expect, it } from 'vitest';
import {
  type AccessHolder,
  handlerAccess,
  isAllowed,
  mayCall,
  type RouteKey,
  routeAccess,
} from './access.ts';
import { defaultPermissionMatrix, type FunctionName, functionNames } from './permissions.ts';

const holder = (fn: FunctionName): AccessHolder => ({
  functions: [fn],
  permissions: new Set(defaultPermissionMatrix[fn]),
});

/** What each demo function may call with the default matrix (domain.md §3.3, §2.6, decision 0021). */
const expected: Partial<Record<RouteKey, Partial<Record<FunctionName, boolean>>>> = {
  'PUT /order/:id/done': {
    owner: true,
    dispatcher: true,
    technical_specialist: true,
    warehouseman: false,
    driver: false,
  },
  'PUT /order/:id/collect_revenue': { owner: true, dispatcher: true, technical_specialist: false },
  'PUT /order/:id/:itemId/prepared': { warehouseman: true, technical_specialist: false, driver: false },
  'GET /order/:id/copy': { technical_specialist: true, warehouseman: false, driver: false },
  'GET /order/add': { technical_specialist: true, warehouseman: false },
  'POST /transportation/add': { driver: true, warehouseman: false },
  'PUT /transportation/:id/edit': { owner: true, dispatcher: true, driver: false },
  'DELETE /transportation/:id/delete': { dispatcher: true, driver: false },
  'DELETE /user/:id/delete': { owner: true, dispatcher: false, driver: false },
  'PUT /user/:id/unlock': { owner: true, dispatcher: false },
  'PUT /warehouse/:id/edit': { dispatcher: true, warehouseman: false },
  'PUT /update_stock/:warehouseId/:productId': { warehouseman: true, technical_specialist: false },
  'PUT /customer/:id/change_to_contact': { dispatcher: true, owner: false },
  'POST /calculation/order': { technical_specialist: true, warehouseman: false },
  'POST /supplier/add': { owner: true, dispatcher: false },
};

describe('mayCall', () => {
  for (const [route, byFunction] of Object.entries(expected)) {
    for (const [fn, allowed] of Object.entries(byFunction)) {
      it(`${fn} ${allowed ? 'may' : 'may not'} call ${route}`, () => {
        expect(mayCall(route as RouteKey, holder(fn as FunctionName))).toBe(allowed);
      });
    }
  }

  it('adds the handler’s own rule to the route’s: never more than the route allows', () => {
    for (const route of Object.keys(routeAccess) as RouteKey[]) {
      for (const fn of functionNames) {
        if (mayCall(route, holder(fn))) expect(isAllowed(routeAccess[route], holder(fn))).toBe(true);
      }
    }
    expect(Object.keys(handlerAccess).every((route) => route in routeAccess)).toBe(true);
  });

  it('lets nobody without a function or permission past a rule that names one', () => {
    const nobody: AccessHolder = { functions: [], permissions: new Set() };
    const open = (Object.keys(routeAccess) as RouteKey[]).filter((route) => mayCall(route, nobody));
    for (const route of open) expect(typeof routeAccess[route]).toBe('string');
  });
});
