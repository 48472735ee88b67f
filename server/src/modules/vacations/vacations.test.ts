import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login, type TestApp } from '../../test/build.ts';

let t: BuiltTestApp;
let app: TestApp;
let db: Db;
let dispatcher: Client;
/** Ids of the demo's users by username and of its warehouses by town. */
let users: Record<string, number>;
let warehouse: Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
  dispatcher = await login(app, 'dispatcher');
  const owner = await login(app, 'owner');
  const userList = (await owner.get('/api/users?per_page=100')).json().items as {
    id: number;
    username: string;
  }[];
  users = Object.fromEntries(userList.map((u) => [u.username, u.id]));
  const list = (await dispatcher.get('/api/warehouses')).json().items as { id: number; name: string }[];
  warehouse = Object.fromEntries(list.map((w) => [w.name.replace('Sklad ', ''), w.id]));
});
afterAll(() => t?.close());

type Body = Record<string, unknown>;
type Item = { id: number; vacation_from: string; version: number; active: boolean } & Body;

/**
 * What differs between warehouse closures and drivers' vacations; every test of the `describe.each`
 * below runs for both (one flow, one suite: decision 0060), the subject's own rules follow it.
 */
type Subject = {
  subject: 'warehouse' | 'user';
  table: string;
  list: string;
  add: string;
  item: (id: number | string) => string;
  edit: (id: number | string) => string;
  deactivate: (id: number | string) => string;
  /** The field that names whose vacation it is, on add. */
  owner: string;
  /** A vacation to add, with fields changed. */
  body: (overrides?: Body) => Body;
  /** What the add of `body()` answers. */
  added: () => Body;
  /** The last day before the first: refused on add and on edit. */
  backwards: Body;
  /** An edit to another owner and other days, and what it answers. */
  edited: () => [Body, Body];
  /** The name of a listed vacation's owner. */
  ownerName: (item: Item) => string;
  /** The owner of the demo's past vacation, which the list shows last. */
  pastOwner: string;
  /** Who lists with a filter by owner, the filter, and the only owner the answer names. */
  filter: () => [string, string, string];
  /** Who may list, and who may not. */
  listers: string[];
  notListers: string[];
  /** Who may not add. */
  notAdders: string[];
  /** Who may read a vacation but not change or deactivate it. */
  readers: string[];
  /** The calendar's call for the days of `body()`. */
  calendar: () => string;
};

const subjects: Subject[] = [
  {
    subject: 'warehouse',
    table: 'warehouse_vacations',
    list: '/api/warehouse_vacations',
    add: '/api/warehouse_vacation/add',
    item: (id) => `/api/warehouse_vacation/${id}`,
    edit: (id) => `/api/warehouse_vacation/${id}/edit`,
    // domain.md's path puts the words the other way round here (domain.md §2.7).
    deactivate: (id) => `/api/vacation_warehouse/${id}/delete`,
    owner: 'warehouse',
    body: (overrides = {}) => ({
      warehouse: warehouse.Jihlava,
      vacation_from: '2027-07-12',
      vacation_to: '2027-07-16',
      ...overrides,
    }),
    added: () => ({
      warehouse: { id: warehouse.Jihlava, name: 'Sklad Jihlava', color: '#2f9e44', text_color: '#000000' },
      vacation_from: '2027-07-12',
      vacation_to: '2027-07-16',
      from_time: null,
      to_time: null,
    }),
    backwards: { vacation_from: '2027-07-16', vacation_to: '2027-07-12' },
    edited: () => [
      {
        warehouse: warehouse.Třebíč,
        vacation_from: '2027-07-12',
        vacation_to: '2027-07-13',
        to_time: '12:00',
        version: 1,
      },
      {
        warehouse: { name: 'Sklad Třebíč' },
        vacation_from: '2027-07-12',
        vacation_to: '2027-07-13',
        from_time: null,
        to_time: '12:00',
      },
    ],
    ownerName: (item) => (item.warehouse as { name: string }).name,
    pastOwner: 'Sklad Havlíčkův Brod',
    filter: () => ['technician', `warehouse=${warehouse.Třebíč}`, 'Sklad Třebíč'],
    listers: ['technician'],
    notListers: ['driver'],
    notAdders: ['driver', 'technician'],
    readers: ['warehouseman', 'technician'],
    calendar: () => `/api/api/get-vacations?warehouses=${warehouse.Jihlava}&dates=2027-07-12`,
  },
  {
    subject: 'user',
    table: 'user_vacations',
    list: '/api/user_vacations',
    add: '/api/user_vacation/add',
    item: (id) => `/api/user_vacation/${id}`,
    edit: (id) => `/api/user_vacation/${id}/edit`,
    deactivate: (id) => `/api/vacation_user/${id}/delete`,
    owner: 'driver',
    body: (overrides = {}) => ({
      driver: users.driver2,
      vacation_from: '2027-08-02',
      vacation_to: '2027-08-06',
      ...overrides,
    }),
    added: () => ({
      user: {
        id: users.driver2,
        username: 'driver2',
        first_name: 'Martin',
        last_name: 'Kučera',
        name: 'Martin Kučera',
      },
      vacation_from: '2027-08-02',
      vacation_to: '2027-08-06',
    }),
    backwards: { vacation_from: '2027-08-07', vacation_to: '2027-08-06' },
    // The edit names the driver with domain.md's `user` (domain.md §2.7).
    edited: () => [
      { user: users.driver3, vacation_from: '2027-08-03', vacation_to: '2027-08-04', version: 1 },
      { user: { username: 'driver3' }, vacation_from: '2027-08-03', vacation_to: '2027-08-04' },
    ],
    ownerName: (item) => (item.user as { username: string }).username,
    pastOwner: 'driver',
    filter: () => ['dispatcher', `user=${users.driver3}`, 'driver3'],
    listers: ['driver'],
    notListers: [],
    notAdders: ['driver'],
    readers: ['technician'],
    calendar: () => '/api/api/get-drivers-vacations?dates=2027-08-02',
  },
];

const count = async (table: string) =>
  Number(
    (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n,
  );

describe.each(subjects)('$subject vacations', (s) => {
  const addOne = async (): Promise<Item> => (await dispatcher.post(s.add, s.body())).json().item;

  describe(`POST ${s.add}`, () => {
    it('adds a vacation of whole days and answers it as the list will show it', async () => {
      const response = await dispatcher.post(s.add, s.body());
      expect(response.statusCode).toBe(201);
      expect(response.json().item).toEqual({
        id: expect.any(Number),
        ...s.added(),
        active: true,
        version: 1,
      });
    });

    it('refuses from after to with 400 / 120 naming both dates, and writes nothing', async () => {
      const before = await count(s.table);
      const response = await dispatcher.post(s.add, s.body(s.backwards));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error_code: ErrorCode.invalidInput,
        fields: ['vacation_from', 'vacation_to'],
      });
      expect(await count(s.table)).toBe(before);
    });

    it('refuses a missing owner and an unknown one (400 on the owner)', async () => {
      for (const owner of [undefined, 999999]) {
        const response = await dispatcher.post(s.add, s.body({ [s.owner]: owner }));
        expect(response.statusCode, String(owner)).toBe(400);
        expect(response.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: [s.owner] });
      }
    });

    it('refuses whoever may not add, with 403 / access denied', async () => {
      for (const username of s.notAdders) {
        const response = await (await login(app, username)).post(s.add, s.body());
        expect(response.statusCode, username).toBe(403);
        expect(response.json().error_code).toBe(ErrorCode.accessDenied);
      }
    });
  });

  describe(`GET ${s.list}`, () => {
    it('pages the active vacations, those not over yet first, the past ones last', async () => {
      const response = await dispatcher.get(`${s.list}?current_page=1&per_page=100`);
      expect(response.statusCode).toBe(200);
      const { items, total } = response.json() as { items: Item[]; total: number };
      expect(total).toBe(items.length);
      // The demo's past vacation (a few weeks ago) comes last.
      expect(s.ownerName(items.at(-1) as Item)).toBe(s.pastOwner);
      const upcoming = items.slice(0, -1).map((i) => i.vacation_from);
      expect(upcoming).toEqual([...upcoming].sort());
      const page = await dispatcher.get(`${s.list}?current_page=2&per_page=10`);
      expect(page.json()).toMatchObject({ items: total > 10 ? expect.any(Array) : [], total });
    });

    it('filters by owner', async () => {
      const [username, filter, only] = s.filter();
      const response = await (await login(app, username)).get(`${s.list}?${filter}`);
      expect(response.statusCode).toBe(200);
      const { items } = response.json() as { items: Item[] };
      expect(new Set(items.map(s.ownerName))).toEqual(new Set([only]));
    });

    it('is for those who may look at the list only', async () => {
      for (const username of s.listers) {
        expect((await (await login(app, username)).get(s.list)).statusCode, username).toBe(200);
      }
      for (const username of s.notListers) {
        const denied = await (await login(app, username)).get(s.list);
        expect(denied.statusCode, username).toBe(403);
        expect(denied.json().error_code).toBe(ErrorCode.accessDenied);
      }
    });

    it('refuses a page size off the list', async () => {
      const response = await dispatcher.get(`${s.list}?per_page=15`);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual(['per_page']);
    });
  });

  describe(`GET and PUT ${s.item(':id')}`, () => {
    it('reads a vacation, edits it with its version and refuses a stale version with 409 / 140', async () => {
      const item = await addOne();
      expect((await dispatcher.get(s.item(item.id))).json().item).toEqual(item);
      const [body, answer] = s.edited();
      const edited = await dispatcher.put(s.edit(item.id), body);
      expect(edited.statusCode).toBe(200);
      expect(edited.json().item).toMatchObject({ ...answer, version: 2 });
      const stale = await dispatcher.put(s.edit(item.id), s.body({ version: 1 }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error_code).toBe(ErrorCode.conflict);
      expect((await dispatcher.get(s.item(item.id))).json().item.version).toBe(2);
    });

    it('refuses from after to on edit and leaves the vacation as it was', async () => {
      const item = await addOne();
      const response = await dispatcher.put(s.edit(item.id), s.body(s.backwards));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual(['vacation_from', 'vacation_to']);
      expect((await dispatcher.get(s.item(item.id))).json().item).toEqual(item);
    });

    it('answers 404 / 130 for an unknown id and 400 for a malformed one', async () => {
      for (const [method, url] of [
        ['GET', s.item(999999)],
        ['PUT', s.edit(999999)],
        ['DELETE', s.deactivate(999999)],
      ] as const) {
        const response = await dispatcher.request(method, url, method === 'PUT' ? { payload: s.body() } : {});
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error_code).toBe(ErrorCode.notFound);
      }
      expect((await dispatcher.get(s.item('abc'))).statusCode).toBe(400);
    });

    it('whoever may only look reads but does not change or deactivate (403 / access denied)', async () => {
      const item = await addOne();
      for (const username of s.readers) {
        const reader = await login(app, username);
        expect((await reader.get(s.item(item.id))).statusCode, username).toBe(200);
        for (const denied of [
          await reader.put(s.edit(item.id), s.body()),
          await reader.delete(s.deactivate(item.id)),
        ]) {
          expect(denied.statusCode, username).toBe(403);
          expect(denied.json().error_code).toBe(ErrorCode.accessDenied);
        }
      }
    });
  });

  describe(`DELETE ${s.deactivate(':id')}`, () => {
    it('deactivates: gone from the list and the calendar, still readable, not editable; twice is fine', async () => {
      const item = await addOne();
      const response = await dispatcher.delete(s.deactivate(item.id));
      expect(response.statusCode).toBe(200);
      expect(response.json().item).toMatchObject({ id: item.id, active: false, version: 2 });
      const list = (await dispatcher.get(`${s.list}?per_page=1000`)).json() as { items: Item[] };
      expect(list.items.map((i) => i.id)).not.toContain(item.id);
      const calendar = (await dispatcher.get(s.calendar())).json() as { data: { id: number }[] };
      expect(calendar.data.map((d) => d.id)).not.toContain(item.id);
      expect((await dispatcher.get(s.item(item.id))).json().item.active).toBe(false);
      const edit = await dispatcher.put(s.edit(item.id), s.body());
      expect(edit.statusCode).toBe(409);
      expect((await dispatcher.delete(s.deactivate(item.id))).statusCode).toBe(200);
    });
  });
});

describe('warehouse closures of hours', () => {
  const closure = (overrides: Body = {}) => subjects[0]!.body(overrides);

  it('keeps the hours of a closure that starts or ends within a day', async () => {
    const response = await dispatcher.post(
      '/api/warehouse_vacation/add',
      closure({ vacation_to: '2027-07-12', from_time: '12:30', to_time: '16:00' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().item).toMatchObject({ from_time: '12:30', to_time: '16:00' });
  });

  it('refuses a first hour after the last on one day, naming both hours, and writes nothing', async () => {
    const before = await count('warehouse_vacations');
    const sameDay = await dispatcher.post(
      '/api/warehouse_vacation/add',
      closure({ vacation_to: '2027-07-12', from_time: '16:00', to_time: '12:00' }),
    );
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.json().fields).toEqual(['from_time', 'to_time']);
    expect(await count('warehouse_vacations')).toBe(before);
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

  it('refuses a warehouse no longer in use (400 on warehouse)', async () => {
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
});

describe("drivers' vacations", () => {
  const vacation = (overrides: Body = {}) => subjects[1]!.body(overrides);

  it('takes the driver as `user` too, and a vacation of one day', async () => {
    const response = await dispatcher.post(
      '/api/user_vacation/add',
      vacation({ driver: undefined, user: users.driver3, vacation_to: '2027-08-02' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().item.user.username).toBe('driver3');
  });

  it('refuses a user who is not a driver, and names each malformed field', async () => {
    const response = await dispatcher.post(
      '/api/user_vacation/add',
      vacation({ driver: users.warehouseman }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['driver'] });
    const bad = await dispatcher.post('/api/user_vacation/add', { driver: 'x', vacation_from: '2027-8-1' });
    expect([...bad.json().fields].sort()).toEqual(['driver', 'vacation_from', 'vacation_to']);
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
});
