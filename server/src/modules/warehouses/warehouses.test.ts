import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login, type TestApp } from '../../test/build.ts';

let t: BuiltTestApp;
let app: TestApp;
let db: Db;
let owner: Client;
let staff: Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
  owner = await login(app, 'owner');
  const drivers = (await owner.get('/api/drivers')).json().items;
  const warehousemen = (await owner.get('/api/warehousemen')).json().items;
  staff = Object.fromEntries(
    [...drivers, ...warehousemen].map((u: { username: string; id: number }) => [u.username, u.id]),
  );
});
afterAll(() => t?.close());

const countRows = async (table: string) =>
  Number((await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);

const newWarehouse = (overrides: Record<string, unknown> = {}) => ({
  name: `Sklad Pelhřimov ${Math.random().toString(36).slice(2, 7)}`,
  address: 'Nádražní 1570, 393 01 Pelhřimov',
  town: 'Pelhřimov',
  zip: '393 01',
  country: 'Česká republika',
  lat: 49.4269,
  lon: 15.2215,
  drivers: [staff.driver2],
  warehousemen: [staff.warehouseman3],
  ...overrides,
});

describe('GET /api/warehouses', () => {
  it('pages the demo warehouses with their addresses', async () => {
    const c = await login(app, 'dispatcher');
    const response = await c.get('/api/warehouses?current_page=1&per_page=10');
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json();
    expect(total).toBeGreaterThanOrEqual(3);
    const jihlava = items.find((w: { name: string }) => w.name === 'Sklad Jihlava');
    expect(jihlava).toMatchObject({
      address: { town: 'Jihlava', zip_code: '586 01', gps_lat: 49.414206, gps_lon: 15.571128 },
      color: '#2f9e44',
      hidden: false,
    });
    const second = await c.get('/api/warehouses?current_page=2&per_page=10');
    expect(second.json()).toMatchObject({ items: [], total });
  });

  it('refuses a page size off the list and a driver without view_warehouse', async () => {
    const bad = await owner.get('/api/warehouses?per_page=7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['per_page'] });
    const driver = await login(app, 'driver');
    const denied = await driver.get('/api/warehouses');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error_code).toBe(ErrorCode.accessDenied);
  });
});

describe('GET /api/warehouse/:id', () => {
  it('answers the warehouse with drivers, warehousemen and cars', async () => {
    const list = (await owner.get('/api/warehouses?name=Jihlava')).json();
    expect(list.total).toBe(1);
    const response = await owner.get(`/api/warehouse/${list.items[0].id}`);
    expect(response.statusCode).toBe(200);
    const { item } = response.json();
    expect(item.drivers.map((d: { username: string }) => d.username).sort()).toEqual(['driver', 'driver2']);
    expect(item.drivers.find((d: { username: string }) => d.username === 'driver')).toMatchObject({
      first_name: 'Josef',
      last_name: 'Černý',
      name: 'Josef Černý',
    });
    expect(item.warehousemen.map((d: { username: string }) => d.username)).toEqual(['warehouseman']);
    expect(item.cars).toHaveLength(2);
    expect(item.cars[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      hex_color: expect.stringMatching(/^#/),
    });
    expect(item.text_color).toBe('#000000');
  });

  it('answers 404 / 130 for an unknown id and 400 / 120 for a malformed one', async () => {
    const missing = await owner.get('/api/warehouse/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_code).toBe(ErrorCode.notFound);
    const malformed = await owner.get('/api/warehouse/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error_code).toBe(ErrorCode.invalidInput);
  });
});

describe('POST /api/warehouse/add', () => {
  it('creates a warehouse with staff, cars and a palette colour', async () => {
    const response = await owner.post(
      '/api/warehouse/add',
      newWarehouse({ cars: [{ name: 'Avia', hex_color: '#112233' }] }),
    );
    expect(response.statusCode).toBe(201);
    const { item } = response.json();
    expect(item).toMatchObject({
      address: {
        full_address: 'Nádražní 1570, 393 01 Pelhřimov',
        town: 'Pelhřimov',
        zip_code: '393 01',
        gps_lat: 49.4269,
      },
      drivers: [{ username: 'driver2' }],
      warehousemen: [{ username: 'warehouseman3' }],
      cars: [{ name: 'Avia', hex_color: '#112233' }],
      hidden: false,
      version: 1,
    });
    expect(item.color).toMatch(/^#[0-9a-f]{6}$/);
    expect((await owner.get(`/api/warehouse/${item.id}`)).json().item).toEqual(item);
  });

  it('refuses missing fields, naming them, and writes nothing', async () => {
    const before = await countRows('warehouses');
    const { lat: _lat, town: _town, ...rest } = newWarehouse();
    const response = await owner.post('/api/warehouse/add', rest);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe(ErrorCode.invalidInput);
    expect([...response.json().fields].sort()).toEqual(['lat', 'town']);
    expect(await countRows('warehouses')).toBe(before);
  });

  it('refuses a warehouseman among the drivers and writes nothing', async () => {
    const before = await countRows('warehouses');
    const response = await owner.post('/api/warehouse/add', newWarehouse({ drivers: [staff.warehouseman] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(['drivers']);
    expect(await countRows('warehouses')).toBe(before);
  });

  it('needs add_warehouse: the dispatcher is refused with 403 / 110', async () => {
    const before = await countRows('warehouses');
    const dispatcher = await login(app, 'dispatcher');
    const response = await dispatcher.post('/api/warehouse/add', newWarehouse());
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe(ErrorCode.accessDenied);
    expect(await countRows('warehouses')).toBe(before);
  });
});

describe('PUT /api/warehouse/:id/edit', () => {
  it('replaces drivers and warehousemen and edits, adds and retires cars', async () => {
    const created = (
      await owner.post(
        '/api/warehouse/add',
        newWarehouse({
          cars: [
            { name: 'Old', hex_color: '#000000' },
            { name: 'Keep', hex_color: '#111111' },
          ],
        }),
      )
    ).json().item;
    const keep = created.cars.find((c: { name: string }) => c.name === 'Keep');
    const dispatcher = await login(app, 'dispatcher');
    const response = await dispatcher.put(`/api/warehouse/${created.id}/edit`, {
      drivers: [staff.driver, staff.driver3],
      warehousemen: [],
      cars: [
        { id: keep.id, name: 'Kept and renamed', hex_color: '#222222' },
        { name: 'New', hex_color: '#333333' },
      ],
      version: created.version,
    });
    expect(response.statusCode).toBe(200);
    const { item } = response.json();
    expect(item.drivers.map((d: { username: string }) => d.username).sort()).toEqual(['driver', 'driver3']);
    expect(item.warehousemen).toEqual([]);
    expect(item.cars.map((c: { name: string }) => c.name).sort()).toEqual(['Kept and renamed', 'New']);
    expect(item.cars.find((c: { id: number }) => c.id === keep.id)).toMatchObject({ hex_color: '#222222' });
    expect(item.version).toBe(created.version + 1);
    expect(item.name).toBe(created.name);
  });

  it('answers 409 / 140 to a stale version and changes nothing', async () => {
    const created = (await owner.post('/api/warehouse/add', newWarehouse())).json().item;
    const edit = { drivers: [], warehousemen: [], version: created.version };
    expect((await owner.put(`/api/warehouse/${created.id}/edit`, edit)).statusCode).toBe(200);
    const stale = await owner.put(`/api/warehouse/${created.id}/edit`, { ...edit, drivers: [staff.driver] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe(ErrorCode.conflict);
    expect((await owner.get(`/api/warehouse/${created.id}`)).json().item.drivers).toEqual([]);
  });

  it('refuses a car of another warehouse and rolls back the staff change', async () => {
    const a = (
      await owner.post('/api/warehouse/add', newWarehouse({ cars: [{ name: 'A', hex_color: '#000000' }] }))
    ).json().item;
    const b = (await owner.post('/api/warehouse/add', newWarehouse())).json().item;
    const response = await owner.put(`/api/warehouse/${b.id}/edit`, {
      drivers: [staff.driver],
      warehousemen: [],
      cars: [{ id: a.cars[0].id, name: 'Stolen', hex_color: '#000000' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(['cars']);
    const after = (await owner.get(`/api/warehouse/${b.id}`)).json().item;
    expect(after.drivers.map((d: { username: string }) => d.username)).toEqual(['driver2']);
    expect(after.version).toBe(b.version);
  });

  it('answers 404 for an unknown warehouse and 403 to a technician', async () => {
    const missing = await owner.put('/api/warehouse/999999/edit', { drivers: [], warehousemen: [] });
    expect(missing.statusCode).toBe(404);
    const technician = await login(app, 'technician');
    const denied = await technician.put('/api/warehouse/1/edit', { drivers: [], warehousemen: [] });
    expect(denied.statusCode).toBe(403);
  });
});

describe('DELETE /api/warehouse/:id/hide', () => {
  it('hides the warehouse from the list unless hidden ones are asked for', async () => {
    const created = (await owner.post('/api/warehouse/add', newWarehouse({ name: 'Sklad ke skrytí' }))).json()
      .item;
    const response = await owner.delete(`/api/warehouse/${created.id}/hide`);
    expect(response.statusCode).toBe(200);
    expect(response.json().item.hidden).toBe(true);
    const listed = (await owner.get('/api/warehouses?name=skryt')).json();
    expect(listed).toEqual({ items: [], total: 0 });
    const withHidden = (await owner.get('/api/warehouses?name=skryt&hidden=true')).json();
    expect(withHidden.items.map((w: { id: number }) => w.id)).toEqual([created.id]);
    expect((await owner.delete(`/api/warehouse/${created.id}/hide`)).statusCode).toBe(200);
  });

  it('needs delete_warehouse: the dispatcher is refused; unknown ids answer 404', async () => {
    const dispatcher = await login(app, 'dispatcher');
    expect((await dispatcher.delete('/api/warehouse/1/hide')).statusCode).toBe(403);
    expect((await owner.delete('/api/warehouse/999999/hide')).statusCode).toBe(404);
  });
});

describe('GET /api/warehouses/own, /api/drivers, /api/warehousemen', () => {
  const demo = ['Sklad Havlíčkův Brod', 'Sklad Jihlava', 'Sklad Třebíč'];
  /** The demo warehouses among the user's own (tests above add others). */
  const ownNames = async (username: string) =>
    (await (await login(app, username)).get('/api/warehouses/own'))
      .json()
      .items.map((w: { name: string }) => w.name);
  const ownDemo = async (username: string) =>
    (await ownNames(username)).filter((n: string) => demo.includes(n));

  it('answers the warehouses a driver or warehouseman serves, and all to owner, dispatcher, technician', async () => {
    expect(await ownDemo('driver')).toEqual(['Sklad Jihlava', 'Sklad Třebíč']);
    expect(await ownDemo('warehouseman2')).toEqual(['Sklad Havlíčkův Brod']);
    const inUse = (await owner.get('/api/warehouses?per_page=100')).json().total;
    for (const username of ['dispatcher', 'owner', 'technician']) {
      const all = await ownNames(username);
      expect(all, username).toEqual(expect.arrayContaining(demo));
      expect(all, username).not.toContain('Sklad ke skrytí');
      expect(all.length, username).toBe(inUse);
    }
  });

  it('lists active drivers and warehousemen by function', async () => {
    const drivers = (await owner.get('/api/drivers'))
      .json()
      .items.map((u: { username: string }) => u.username);
    expect(drivers.sort()).toEqual(['driver', 'driver2', 'driver3']);
    const men = (await owner.get('/api/warehousemen'))
      .json()
      .items.map((u: { username: string }) => u.username);
    expect(men.sort()).toEqual(['warehouseman', 'warehouseman2', 'warehouseman3']);
  });

  it('lets a driver list drivers (transportations) but not warehousemen', async () => {
    const driver = await login(app, 'driver');
    expect((await driver.get('/api/drivers')).statusCode).toBe(200);
    expect((await driver.get('/api/warehousemen')).statusCode).toBe(403);
  });
});
