import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { type BuiltTestApp, buildTestApp, type Client, login, type TestApp } from '../../test/build.ts';

let t: BuiltTestApp;
let app: TestApp;
let db: Db;
let dispatcher: Client;
let warehouse: Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
  dispatcher = await login(app, 'dispatcher');
  const list = (await dispatcher.get('/api/warehouses')).json().items as { id: number; name: string }[];
  warehouse = Object.fromEntries(list.map((w) => [w.name.replace('Sklad ', ''), w.id]));
});
afterAll(() => t?.close());

const countClosures = async () =>
  Number(
    (
      (await db.execute(sql`select count(*)::int as n from warehouse_vacations`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );

const closure = (overrides: Record<string, unknown> = {}) => ({
  warehouse: warehouse.Jihlava,
  vacation_from: '2027-07-12',
  vacation_to: '2027-07-16',
  ...overrides,
});

describe('POST /api/warehouse_vacation/add', () => {
  it('adds a closure of whole days and answers it as the list will show it', async () => {
    const response = await dispatcher.post('/api/warehouse_vacation/add', closure());
    expect(response.statusCode).toBe(201);
    expect(response.json().item).toEqual({
      id: expect.any(Number),
      warehouse: { id: warehouse.Jihlava, name: 'Sklad Jihlava', color: '#2f9e44', text_color: '#000000' },
      vacation_from: '2027-07-12',
      vacation_to: '2027-07-16',
      from_time: null,
      to_time: null,
      active: true,
      version: 1,
    });
  });

  it('keeps the hours of a closure that starts or ends within a day', async () => {
    const response = await dispatcher.post(
      '/api/warehouse_vacation/add',
      closure({ vacation_to: '2027-07-12', from_time: '12:30', to_time: '16:00' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().item).toMatchObject({ from_time: '12:30', to_time: '16:00' });
  });

  it('refuses from after to with 400 / 120 naming both dates, and writes nothing', async () => {
    const before = await countClosures();
    const response = await dispatcher.post(
      '/api/warehouse_vacation/add',
      closure({ vacation_from: '2027-07-16', vacation_to: '2027-07-12' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_code: ErrorCode.invalidInput,
      fields: ['vacation_from', 'vacation_to'],
    });
    const sameDay = await dispatcher.post(
      '/api/warehouse_vacation/add',
      closure({ vacation_to: '2027-07-12', from_time: '16:00', to_time: '12:00' }),
    );
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.json().fields).toEqual(['from_time', 'to_time']);
    expect(await countClosures()).toBe(before);
  });

  it('names each bad field: a missing warehouse, a day that does not exist, an hour off the clock', async () => {
    const response = await dispatcher.post('/api/warehouse_vacation/add', {
      vacation_from: '2027-02-30',
      vacation_to: '2027-03-01',
      to_time: '25:00',
    });
    expect(response.statusCode).toBe(400);
    expect([...response.json().fields].sort()).toEqual(['to_time', 'vacation_from', 'warehouse']);
  });

  it('refuses an unknown warehouse and one no longer in use (400 on warehouse)', async () => {
    const unknown = await dispatcher.post('/api/warehouse_vacation/add', closure({ warehouse: 99999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual(['warehouse']);
    const owner = await login(app, 'owner');
    const added = await owner.post('/api/warehouse/add', {
      name: 'Sklad Pelhřimov',
      address: 'Nádražní 1570',
      town: 'Pelhřimov',
      zip: '393 01',
      country: 'Česká republika',
      lat: 49.43,
      lon: 15.22,
    });
    const hiddenId = added.json().item.id;
    await owner.delete(`/api/warehouse/${hiddenId}/hide`);
    const hidden = await dispatcher.post('/api/warehouse_vacation/add', closure({ warehouse: hiddenId }));
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().fields).toEqual(['warehouse']);
  });

  it('refuses a driver (no add_vacationwarehouse) and a technician who may only look', async () => {
    for (const username of ['driver', 'technician']) {
      const c = await login(app, username);
      const response = await c.post('/api/warehouse_vacation/add', closure());
      expect(response.statusCode, username).toBe(403);
      expect(response.json().error_code).toBe(ErrorCode.accessDenied);
    }
  });
});

describe('GET /api/warehouse_vacations', () => {
  it('pages the active closures, those not over yet first', async () => {
    const response = await dispatcher.get('/api/warehouse_vacations?current_page=1&per_page=100');
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json();
    expect(total).toBe(items.length);
    // The demo's past closure (Havlíčkův Brod, a month ago) comes last.
    expect(items.at(-1).warehouse.name).toBe('Sklad Havlíčkův Brod');
    const upcoming = items.slice(0, -1).map((i: { vacation_from: string }) => i.vacation_from);
    expect(upcoming).toEqual([...upcoming].sort());
    const page = await dispatcher.get('/api/warehouse_vacations?current_page=2&per_page=10');
    expect(page.json()).toMatchObject({ items: total > 10 ? expect.any(Array) : [], total });
  });

  it('filters by warehouse; a technician may look, a driver may not', async () => {
    const technician = await login(app, 'technician');
    const response = await technician.get(`/api/warehouse_vacations?warehouse=${warehouse.Třebíč}`);
    expect(response.statusCode).toBe(200);
    const names = response.json().items.map((i: { warehouse: { name: string } }) => i.warehouse.name);
    expect(new Set(names)).toEqual(new Set(['Sklad Třebíč']));
    const driver = await login(app, 'driver');
    const denied = await driver.get('/api/warehouse_vacations');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error_code).toBe(ErrorCode.accessDenied);
  });

  it('refuses a page size off the list', async () => {
    const response = await dispatcher.get('/api/warehouse_vacations?per_page=15');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(['per_page']);
  });
});

describe('GET and PUT /api/warehouse_vacation/:id', () => {
  it('reads a closure, edits it with its version and refuses a stale version with 409 / 140', async () => {
    const { item } = (await dispatcher.post('/api/warehouse_vacation/add', closure())).json();
    const read = await dispatcher.get(`/api/warehouse_vacation/${item.id}`);
    expect(read.json().item).toEqual(item);
    const edited = await dispatcher.put(
      `/api/warehouse_vacation/${item.id}/edit`,
      closure({ warehouse: warehouse.Třebíč, vacation_to: '2027-07-13', to_time: '12:00', version: 1 }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().item).toMatchObject({
      warehouse: { name: 'Sklad Třebíč' },
      vacation_from: '2027-07-12',
      vacation_to: '2027-07-13',
      from_time: null,
      to_time: '12:00',
      version: 2,
    });
    const stale = await dispatcher.put(`/api/warehouse_vacation/${item.id}/edit`, closure({ version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe(ErrorCode.conflict);
    expect((await dispatcher.get(`/api/warehouse_vacation/${item.id}`)).json().item.version).toBe(2);
  });

  it('refuses from after to on edit and leaves the closure as it was', async () => {
    const { item } = (await dispatcher.post('/api/warehouse_vacation/add', closure())).json();
    const response = await dispatcher.put(
      `/api/warehouse_vacation/${item.id}/edit`,
      closure({ vacation_from: '2027-07-20' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(['vacation_from', 'vacation_to']);
    expect((await dispatcher.get(`/api/warehouse_vacation/${item.id}`)).json().item).toEqual(item);
  });

  it('answers 404 / 130 for an unknown id and 400 for a malformed one', async () => {
    for (const [method, url] of [
      ['GET', '/api/warehouse_vacation/999999'],
      ['PUT', '/api/warehouse_vacation/999999/edit'],
      ['DELETE', '/api/vacation_warehouse/999999/delete'],
    ] as const) {
      const response = await dispatcher.request(method, url, method === 'PUT' ? { payload: closure() } : {});
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error_code).toBe(ErrorCode.notFound);
    }
    expect((await dispatcher.get('/api/warehouse_vacation/abc')).statusCode).toBe(400);
  });

  it('a warehouseman may read but not change (change_vacationwarehouse)', async () => {
    const { item } = (await dispatcher.post('/api/warehouse_vacation/add', closure())).json();
    const warehouseman = await login(app, 'warehouseman');
    expect((await warehouseman.get(`/api/warehouse_vacation/${item.id}`)).statusCode).toBe(200);
    const denied = await warehouseman.put(`/api/warehouse_vacation/${item.id}/edit`, closure());
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error_code).toBe(ErrorCode.accessDenied);
  });
});

describe('DELETE /api/vacation_warehouse/:id/delete', () => {
  it('deactivates: the closure leaves the list, stays readable, cannot be edited; twice is fine', async () => {
    const { item } = (await dispatcher.post('/api/warehouse_vacation/add', closure())).json();
    const technician = await login(app, 'technician');
    const denied = await technician.delete(`/api/vacation_warehouse/${item.id}/delete`);
    expect(denied.statusCode).toBe(403);
    const response = await dispatcher.delete(`/api/vacation_warehouse/${item.id}/delete`);
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({ id: item.id, active: false });
    const list = (await dispatcher.get('/api/warehouse_vacations?per_page=1000')).json();
    expect(list.items.map((i: { id: number }) => i.id)).not.toContain(item.id);
    expect((await dispatcher.get(`/api/warehouse_vacation/${item.id}`)).json().item.active).toBe(false);
    const edit = await dispatcher.put(`/api/warehouse_vacation/${item.id}/edit`, closure());
    expect(edit.statusCode).toBe(409);
    expect((await dispatcher.delete(`/api/vacation_warehouse/${item.id}/delete`)).statusCode).toBe(200);
  });
});
