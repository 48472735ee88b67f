import { ErrorCode } from '@letokruh/contracts/errors';
import { type FunctionName, functionNames, permissions } from '@letokruh/contracts/permissions';
import type { PermissionMatrix } from '@letokruh/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/users.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../../test/build.ts';

let t: BuiltTestApp;
let owner: Client;
/** A user of each function and of that function alone, signed in once for the whole file. */
const as = {} as Record<FunctionName, Client>;
let warehouseId: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
  for (const fn of functionNames) {
    await createUser(t.db, { username: `only_${fn}`, functions: [fn] });
    as[fn] = await login(t.app, `only_${fn}`);
  }
  warehouseId = (await owner.get('/api/warehouses')).json().items[0].id;
});
afterAll(() => t?.close());

const matrix = async (): Promise<PermissionMatrix> => (await owner.get('/api/permissions')).json();
const permissionsOf = async (name: string) => (await matrix()).functions.find((f) => f.name === name)!;

const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: number) => {
  expect(response.statusCode).toBe(status);
  expect((response.json() as { error_code: number }).error_code).toBe(code);
};

const everyone: FunctionName[] = [...functionNames];
const allBut = (...not: FunctionName[]) => everyone.filter((fn) => !not.includes(fn));

/**
 * The default matrix of domain.md §3.3, as calls a user makes: who may make each call. A read answers
 * 200; a write (and the merged delivery notes, a PDF) goes without its input or with an id no row
 * has, so that a caller who may make it passes the guard and stops at validation (400) or at the
 * lookup (404), and nothing is changed. Whoever is not named gets 403 / 110.
 */
const calls: { call: string; body?: object; allowed: number; who: FunctionName[] }[] = [
  { call: 'GET /api/orders', allowed: 200, who: everyone },
  { call: 'GET /api/customers', allowed: 200, who: everyone },
  { call: 'GET /api/user_vacations', allowed: 200, who: everyone },
  { call: 'GET /api/warehouses', allowed: 200, who: allBut('driver') },
  { call: 'GET /api/products', allowed: 200, who: allBut('driver') },
  { call: 'GET /api/warehouse_vacations', allowed: 200, who: allBut('driver') },
  { call: 'GET /api/calculation/warehouses', allowed: 200, who: allBut('driver') },
  { call: 'GET /api/transportations', allowed: 200, who: ['owner', 'dispatcher', 'driver'] },
  { call: 'GET /api/users', allowed: 200, who: ['owner', 'dispatcher'] },
  {
    call: 'GET /api/stats_by_warehouses?from=2040-01-01&to=2040-01-31',
    allowed: 200,
    who: ['owner', 'dispatcher'],
  },
  {
    call: 'GET /api/download-orders?warehouse=:w&from=2040-01-01',
    allowed: 200,
    who: ['owner', 'dispatcher'],
  },
  { call: 'GET /api/download_multiple_delivery_notes', allowed: 400, who: allBut('driver') },
  { call: 'GET /api/order/add', allowed: 200, who: ['owner', 'dispatcher', 'technical_specialist'] },
  { call: 'GET /api/permissions', allowed: 200, who: ['owner'] },
  { call: 'PUT /api/order/987654/done', allowed: 404, who: ['owner', 'dispatcher', 'technical_specialist'] },
  {
    call: 'PUT /api/order/987654/987654/prepared',
    allowed: 404,
    who: ['owner', 'dispatcher', 'warehouseman'],
  },
  { call: 'POST /api/customer/add', allowed: 400, who: ['owner', 'dispatcher', 'technical_specialist'] },
  {
    call: 'PUT /api/update_stock/987654/987654',
    body: { amount: 1 },
    allowed: 404,
    who: ['owner', 'dispatcher', 'warehouseman'],
  },
  { call: 'PUT /api/warehouse/987654/edit', allowed: 400, who: ['owner', 'dispatcher'] },
  { call: 'POST /api/transportation/add', allowed: 400, who: ['owner', 'dispatcher', 'driver'] },
  { call: 'DELETE /api/transportation/987654/delete', allowed: 404, who: ['owner', 'dispatcher'] },
  { call: 'POST /api/user_vacation/add', allowed: 400, who: ['owner', 'dispatcher'] },
  { call: 'POST /api/product/add', allowed: 400, who: ['owner'] },
  { call: 'POST /api/user/add', allowed: 400, who: ['owner'] },
];

describe('the default matrix (domain.md §3.3), call by call', () => {
  for (const fn of functionNames) {
    it(`a user with the function ${fn} makes the calls it may and is refused the rest`, async () => {
      const wrong: string[] = [];
      for (const { call, body, allowed, who } of calls) {
        const [method, url] = call.replace(':w', String(warehouseId)).split(' ') as ['GET', string];
        const response = await as[fn].request(method, url, method === 'GET' ? {} : { payload: body ?? {} });
        const expected = who.includes(fn) ? allowed : 403;
        const refusedRight = expected !== 403 || response.json().error_code === ErrorCode.accessDenied;
        if (response.statusCode !== expected || !refusedRight) {
          wrong.push(
            `${call}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 80)}`,
          );
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('GET /api/permissions', () => {
  it('shows each function with the permissions its users get, among all the permissions', async () => {
    const body = await matrix();
    expect(body.functions.map((f) => f.name).sort()).toEqual([...functionNames].sort());
    for (const fn of functionNames) {
      const user: { permissions: string[] } = (await as[fn].get('/api/auth/user')).json().user;
      const shown = body.functions.find((f) => f.name === fn)!.permissions;
      expect([...shown].sort(), fn).toEqual([...user.permissions].sort());
      for (const p of user.permissions) expect(body.permissions, fn).toContain(p);
    }
  });

  it('is the owner function only: a dispatcher gets 403 / 110', async () => {
    const put = await as.dispatcher.put('/api/permissions', {
      name: 'dispatcher',
      permissions: [...permissions],
    });
    expectError(put, 403, ErrorCode.accessDenied);
    expect((await permissionsOf('dispatcher')).permissions).not.toContain('add_user');
  });
});

describe('PUT /api/permissions', () => {
  it("takes effect on the affected users' next request, without a new login", async () => {
    const dispatcher = await login(t.app, 'dispatcher');
    expect((await dispatcher.get('/api/users')).statusCode).toBe(200);
    const before = (await permissionsOf('dispatcher')).permissions;

    const taken = await owner.put('/api/permissions', {
      name: 'dispatcher',
      permissions: before.filter((p) => p !== 'view_user'),
    });
    expect(taken.statusCode).toBe(200);
    expect(
      taken.json().functions.find((f: { name: string }) => f.name === 'dispatcher').permissions,
    ).not.toContain('view_user');
    expectError(await dispatcher.get('/api/users'), 403, ErrorCode.accessDenied);
    expect((await dispatcher.get('/api/auth/user')).json().user.permissions).not.toContain('view_user');

    const { id } = await permissionsOf('dispatcher');
    const restored = await owner.put('/api/permissions', { function_id: id, permissions: before });
    expect(restored.statusCode).toBe(200);
    expect((await dispatcher.get('/api/users')).statusCode).toBe(200);
    expect([...(await permissionsOf('dispatcher')).permissions].sort()).toEqual([...before].sort());
  });

  it('a function may be left with no permissions at all, and given some again', async () => {
    const before = (await permissionsOf('driver')).permissions;
    const emptied = await owner.put('/api/permissions', { name: 'driver', permissions: [] });
    expect(emptied.statusCode).toBe(200);
    expect((await permissionsOf('driver')).permissions).toEqual([]);
    await owner.put('/api/permissions', { name: 'driver', permissions: before });
    expect([...(await permissionsOf('driver')).permissions].sort()).toEqual([...before].sort());
  });

  it('the owner function keeps every permission: 400 / 120 on permissions', async () => {
    const response = await owner.put('/api/permissions', {
      name: 'owner',
      permissions: permissions.filter((p) => p !== 'view_user'),
    });
    expectError(response, 400, ErrorCode.invalidInput);
    expect(response.json().fields).toEqual(['permissions']);
    expect((await permissionsOf('owner')).permissions).toContain('view_user');
    expect((await owner.get('/api/users')).statusCode).toBe(200);
  });

  it('refuses unknown permissions, a missing function and a mismatched pair with 400 / 120', async () => {
    const unknownCode = await owner.put('/api/permissions', {
      name: 'driver',
      permissions: ['view_order', 'launch_rockets'],
    });
    expectError(unknownCode, 400, ErrorCode.invalidInput);
    expect(unknownCode.json().fields).toEqual(['permissions.1']);
    const noFunction = await owner.put('/api/permissions', { permissions: [] });
    expectError(noFunction, 400, ErrorCode.invalidInput);
    expect(noFunction.json().fields).toEqual(['function_id']);
    const { id } = await permissionsOf('owner');
    const mismatch = await owner.put('/api/permissions', {
      function_id: id,
      name: 'driver',
      permissions: [],
    });
    expectError(mismatch, 400, ErrorCode.invalidInput);
    expect((await permissionsOf('driver')).permissions.length).toBeGreaterThan(0);
  });

  it('answers 404 / 130 for an unknown function id', async () => {
    expectError(
      await owner.put('/api/permissions', { function_id: 999, permissions: [] }),
      404,
      ErrorCode.notFound,
    );
  });
});
