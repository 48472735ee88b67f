import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { type BuiltTestApp, buildTestApp, type Client, login, type TestApp } from '../../test/build.ts';

let t: BuiltTestApp;
let app: TestApp;
let db: Db;
let dispatcher: Client;
let users: Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
  dispatcher = await login(app, 'dispatcher');
  const owner = await login(app, 'owner');
  const list = (await owner.get('/api/users?per_page=100')).json().items as {
    id: number;
    username: string;
  }[];
  users = Object.fromEntries(list.map((u) => [u.username, u.id]));
});
afterAll(() => t?.close());

const countVacations = async () =>
  Number(
    (
      (await db.execute(sql`select count(*)::int as n from user_vacations`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );

const vacation = (overrides: Record<string, unknown> = {}) => ({
  driver: users.driver2,
  vacation_from: '2027-08-02',
  vacation_to: '2027-08-06',
  ...overrides,
});

describe('POST /api/user_vacation/add', () => {
  it("adds a driver's vacation of whole days, naming the driver", async () => {
    const response = await dispatcher.post('/api/user_vacation/add', vacation());
    expect(response.statusCode).toBe(201);
    expect(response.json().item).toEqual({
      id: expect.any(Number),
      user: {
        id: users.driver2,
        username: 'driver2',
        first_name: 'Martin',
        last_name: 'Kučera',
        name: 'Martin Kučera',
      },
      vacation_from: '2027-08-02',
      vacation_to: '2027-08-06',
      active: true,
      version: 1,
    });
  });

  it('takes the driver as `user` too, and a vacation of one day', async () => {
    const response = await dispatcher.post(
      '/api/user_vacation/add',
      vacation({ driver: undefined, user: users.driver3, vacation_to: '2027-08-02' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().item.user.username).toBe('driver3');
  });

  it('refuses from after to with 400 / 120 naming both dates, and writes nothing', async () => {
    const before = await countVacations();
    const response = await dispatcher.post(
      '/api/user_vacation/add',
      vacation({ vacation_from: '2027-08-07', vacation_to: '2027-08-06' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_code: ErrorCode.invalidInput,
      fields: ['vacation_from', 'vacation_to'],
    });
    expect(await countVacations()).toBe(before);
  });

  it('refuses a missing driver, a user who is not a driver and an unknown one (400 on driver)', async () => {
    const missing = await dispatcher.post('/api/user_vacation/add', vacation({ driver: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual(['driver']);
    for (const id of [users.warehouseman, 999999]) {
      const response = await dispatcher.post('/api/user_vacation/add', vacation({ driver: id }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['driver'] });
    }
    const bad = await dispatcher.post('/api/user_vacation/add', { driver: 'x', vacation_from: '2027-8-1' });
    expect([...bad.json().fields].sort()).toEqual(['driver', 'vacation_from', 'vacation_to']);
  });

  it('refuses a driver, who may only look at the list (view_vacationuser)', async () => {
    const driver = await login(app, 'driver');
    const response = await driver.post('/api/user_vacation/add', vacation({ driver: users.driver }));
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe(ErrorCode.accessDenied);
    expect((await driver.get('/api/user_vacations')).statusCode).toBe(200);
  });
});

describe('GET /api/user_vacations', () => {
  it('pages the active vacations, those not over yet first, and filters by user', async () => {
    const response = await dispatcher.get('/api/user_vacations?per_page=100');
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json();
    expect(total).toBe(items.length);
    // The demo's past vacation (driver, three weeks ago) comes last.
    expect(items.at(-1).user.username).toBe('driver');
    const mine = (await dispatcher.get(`/api/user_vacations?user=${users.driver3}`)).json();
    expect(new Set(mine.items.map((i: { user: { username: string } }) => i.user.username))).toEqual(
      new Set(['driver3']),
    );
  });
});

describe('GET and PUT /api/user_vacation/:id', () => {
  it('edits with the spec’s `user` and the version; a stale version answers 409 / 140', async () => {
    const { item } = (await dispatcher.post('/api/user_vacation/add', vacation())).json();
    expect((await dispatcher.get(`/api/user_vacation/${item.id}`)).json().item).toEqual(item);
    const edited = await dispatcher.put(`/api/user_vacation/${item.id}/edit`, {
      user: users.driver3,
      vacation_from: '2027-08-03',
      vacation_to: '2027-08-04',
      version: 1,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().item).toMatchObject({
      user: { username: 'driver3' },
      vacation_from: '2027-08-03',
      vacation_to: '2027-08-04',
      version: 2,
    });
    const stale = await dispatcher.put(`/api/user_vacation/${item.id}/edit`, vacation({ version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe(ErrorCode.conflict);
  });

  it('keeps the driver of a vacation even when they left (deactivated) since', async () => {
    const owner = await login(app, 'owner');
    const added = await owner.post('/api/user/add', {
      username: 'driver9',
      first_name: 'Ondřej',
      last_name: 'Malý',
      email: '',
      phone: '',
      functions: ['driver'],
      password: 'zacatek-2026',
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().item.id;
    const { item } = (await dispatcher.post('/api/user_vacation/add', vacation({ driver: id }))).json();
    await owner.delete(`/api/user/${id}/delete`);
    const edited = await dispatcher.put(
      `/api/user_vacation/${item.id}/edit`,
      vacation({ driver: id, vacation_to: '2027-08-09' }),
    );
    expect(edited.statusCode).toBe(200);
    const another = await dispatcher.post('/api/user_vacation/add', vacation({ driver: id }));
    expect(another.statusCode).toBe(400);
  });

  it('refuses from after to on edit, leaving the vacation as it was', async () => {
    const { item } = (await dispatcher.post('/api/user_vacation/add', vacation())).json();
    const response = await dispatcher.put(
      `/api/user_vacation/${item.id}/edit`,
      vacation({ vacation_from: '2027-09-01' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(['vacation_from', 'vacation_to']);
    expect((await dispatcher.get(`/api/user_vacation/${item.id}`)).json().item).toEqual(item);
  });

  it('answers 404 / 130 for an unknown id', async () => {
    for (const [method, url] of [
      ['GET', '/api/user_vacation/999999'],
      ['PUT', '/api/user_vacation/999999/edit'],
      ['DELETE', '/api/vacation_user/999999/delete'],
    ] as const) {
      const response = await dispatcher.request(method, url, method === 'PUT' ? { payload: vacation() } : {});
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error_code).toBe(ErrorCode.notFound);
    }
  });

  it('a technician may read but not change or deactivate', async () => {
    const { item } = (await dispatcher.post('/api/user_vacation/add', vacation())).json();
    const technician = await login(app, 'technician');
    expect((await technician.get(`/api/user_vacation/${item.id}`)).statusCode).toBe(200);
    expect((await technician.put(`/api/user_vacation/${item.id}/edit`, vacation())).statusCode).toBe(403);
    expect((await technician.delete(`/api/vacation_user/${item.id}/delete`)).statusCode).toBe(403);
  });
});

describe('DELETE /api/vacation_user/:id/delete', () => {
  it('deactivates: gone from the list and the calendar, still readable by id', async () => {
    const { item } = (await dispatcher.post('/api/user_vacation/add', vacation())).json();
    const response = await dispatcher.delete(`/api/vacation_user/${item.id}/delete`);
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({ id: item.id, active: false, version: 2 });
    const list = (await dispatcher.get('/api/user_vacations?per_page=1000')).json();
    expect(list.items.map((i: { id: number }) => i.id)).not.toContain(item.id);
    const calendar = (await dispatcher.get('/api/api/get-drivers-vacations?dates=2027-08-02')).json();
    expect(calendar.data.map((d: { id: number }) => d.id)).not.toContain(item.id);
    expect((await dispatcher.get(`/api/user_vacation/${item.id}`)).json().item.active).toBe(false);
  });
});
