import { ErrorCode } from '@letokruh/contracts/errors';
import { defaultPermissionMatrix, functionNames, permissions } from '@letokruh/contracts/permissions';
import type { PermissionMatrix } from '@letokruh/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, login, type TestApp } from '../../test/build.ts';

let t: BuiltTestApp;
let app: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  owner = await login(app, 'owner');
});
afterAll(() => t?.close());

const matrix = async (): Promise<PermissionMatrix> => (await owner.get('/api/permissions')).json();
const permissionsOf = async (name: string) => (await matrix()).functions.find((f) => f.name === name)!;

const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: number) => {
  expect(response.statusCode).toBe(status);
  expect((response.json() as { error_code: number }).error_code).toBe(code);
};

describe('GET /api/permissions', () => {
  it('answers every function with its permissions and the list of all permissions', async () => {
    const response = await owner.get('/api/permissions');
    expect(response.statusCode).toBe(200);
    const body: PermissionMatrix = response.json();
    expect(body.permissions).toEqual([...permissions]);
    expect(body.functions.map((f) => f.name)).toEqual([...functionNames]);
    for (const fn of body.functions) {
      expect([...fn.permissions].sort(), fn.name).toEqual([...defaultPermissionMatrix[fn.name]].sort());
    }
  });

  it('is the owner function only: a dispatcher gets 403 / 110', async () => {
    const dispatcher = await login(app, 'dispatcher');
    expectError(await dispatcher.get('/api/permissions'), 403, ErrorCode.accessDenied);
    const put = await dispatcher.put('/api/permissions', {
      name: 'dispatcher',
      permissions: [...permissions],
    });
    expectError(put, 403, ErrorCode.accessDenied);
    expect((await permissionsOf('dispatcher')).permissions).not.toContain('add_user');
  });
});

describe('PUT /api/permissions', () => {
  it("takes effect on the affected users' next request, without a new login", async () => {
    const dispatcher = await login(app, 'dispatcher');
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
