import { ErrorCode } from '@letokruh/contracts/errors';
import type { UserItem } from '@letokruh/contracts/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { createUser, demoUsers } from '../../db/seed/users.ts';
import {
  anonymous,
  type BuiltTestApp,
  buildTestApp,
  type Client,
  login,
  loginWithPassword,
  type TestApp,
} from '../../test/build.ts';

let t: BuiltTestApp;
let app: TestApp;
let db: Db;
let owner: Client;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
  owner = await login(app, 'owner');
});
afterAll(() => t?.close());

const idOf = async (username: string) => {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where lower(username) = lower(${username})`,
  );
  return row!.id;
};
const sessionCount = async (userId: number) => {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from sessions where user_id = ${userId}`,
  );
  return row!.n;
};
const loginStatus = async (username: string, password = 'demo') =>
  (await (await anonymous(app)).post('/api/auth/login', { username, password })).statusCode;

const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: number) => {
  expect(response.statusCode).toBe(status);
  expect((response.json() as { error_code: number }).error_code).toBe(code);
};

/** A permission given to a function for the length of one test. */
async function withGrant<T>(fn: string, codename: string, body: () => Promise<T>): Promise<T> {
  const matrix = (await owner.get('/api/permissions')).json();
  const current: string[] = matrix.functions.find((f: { name: string }) => f.name === fn).permissions;
  await owner.put('/api/permissions', { name: fn, permissions: [...current, codename] });
  try {
    return await body();
  } finally {
    await owner.put('/api/permissions', { name: fn, permissions: current });
  }
}

const newUser = {
  first_name: 'Marie',
  last_name: 'Veselá',
  email: 'marie@example.cz',
  phone: '604555666',
  functions: ['technical_specialist'],
  maximum_order_count: 6,
  password: 'prvni-heslo',
};

describe('GET /api/users', () => {
  it('pages the users with their functions, active ones first', async () => {
    await createUser(db, { username: 'retired1', last_name: 'Aaron', is_active: false });
    const first = await owner.get('/api/users?current_page=1&per_page=1000');
    expect(first.statusCode).toBe(200);
    const { items, total } = first.json() as { items: UserItem[]; total: number };
    expect(total).toBeGreaterThanOrEqual(demoUsers.length + 1);
    expect(items).toHaveLength(total);
    const ownerItem = items.find((u) => u.username === 'owner');
    expect(ownerItem).toMatchObject({
      first_name: 'Petr',
      last_name: 'Dvořák',
      name: 'Petr Dvořák',
      email: 'owner@letokruh.cz',
      phone: '+420603111222',
      is_active: true,
      functions: [{ name: 'owner' }],
      maximum_order_count: null,
    });
    expect(items.find((u) => u.username === 'technician')?.maximum_order_count).toBe(8);
    const active = items.map((u) => u.is_active);
    expect(active).toContain(false);
    expect(active.indexOf(false)).toBeGreaterThan(active.lastIndexOf(true));
  });

  it('the second page continues where the first ended', async () => {
    for (let i = 0; i < 8; i += 1) await createUser(db, { username: `pager${i}` });
    const page1 = (await owner.get('/api/users?current_page=1&per_page=10')).json();
    const page2 = (await owner.get('/api/users?current_page=2&per_page=10')).json();
    expect(page1.items).toHaveLength(10);
    expect(page2.total).toBe(page1.total);
    const ids1 = page1.items.map((u: UserItem) => u.id);
    for (const u of page2.items) expect(ids1).not.toContain(u.id);
  });

  it('refuses a page size outside 10, 20, 50, 100, 1000 with 400 / 120', async () => {
    const response = await owner.get('/api/users?per_page=15');
    expectError(response, 400, ErrorCode.invalidInput);
    expect(response.json().fields).toEqual(['per_page']);
  });

  it('is refused to a driver (403 / 110) and to a caller without a session (401)', async () => {
    expectError(await (await login(app, 'driver')).get('/api/users'), 403, ErrorCode.accessDenied);
    expectError(await (await anonymous(app)).get('/api/users'), 401, ErrorCode.notLoggedIn);
  });

  it('finds users by name, username or e-mail without accents or case', async () => {
    const names = async (name: string) => {
      const answer = (await owner.get(`/api/users?per_page=1000&name=${encodeURIComponent(name)}`)).json();
      expect(answer.total).toBe(answer.items.length);
      return (answer.items as UserItem[]).map((u) => u.name);
    };
    expect(await names('cerny')).toContain('Josef Černý');
    expect(await names('LUKÁŠ VES')).toEqual(['Lukáš Veselý']);
    expect(await names('driver2')).toHaveLength(1);
    expect(await names('%')).toEqual([]);
    expect((await owner.get(`/api/users?name=${'x'.repeat(151)}`)).statusCode).toBe(400);
  });

  it('a dispatcher (view_user) may read the list', async () => {
    expect((await (await login(app, 'dispatcher')).get('/api/users')).statusCode).toBe(200);
  });
});

describe('GET /api/user/:id', () => {
  it('answers the user as item', async () => {
    const response = await owner.get(`/api/user/${await idOf('technician')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({
      username: 'technician',
      name: 'Tomáš Svoboda',
      functions: [{ name: 'technical_specialist' }],
      avatar: false,
      version: expect.any(Number),
    });
  });

  it('carries the avatar flag of domain.md §2.3: true once the user has an avatar', async () => {
    const { id } = await createUser(db, { username: 'pictured' });
    await db.execute(sql`update users set avatar_key = 'avatars/pictured.png' where id = ${id}`);
    expect((await owner.get(`/api/user/${id}`)).json().item.avatar).toBe(true);
    const list = (await owner.get('/api/users?current_page=1&per_page=1000')).json() as { items: UserItem[] };
    expect(list.items.find((u) => u.id === id)?.avatar).toBe(true);
    expect(list.items.find((u) => u.username === 'driver')?.avatar).toBe(false);
  });

  it('answers 404 / 202 for an unknown id and 400 / 120 for a malformed one', async () => {
    expectError(await owner.get('/api/user/999999'), 404, ErrorCode.userNotFound);
    expectError(await owner.get('/api/user/abc'), 400, ErrorCode.invalidInput);
  });

  it('is refused to a driver with 403 / 110', async () => {
    const driver = await login(app, 'driver');
    expectError(await driver.get(`/api/user/${await idOf('owner')}`), 403, ErrorCode.accessDenied);
  });
});

describe('POST /api/user/add', () => {
  it('adds a user who signs in with the initial password and must change it first', async () => {
    const response = await owner.post('/api/user/add', { ...newUser, username: 'mvesela' });
    expect(response.statusCode).toBe(201);
    expect(response.json().item).toMatchObject({
      username: 'mvesela',
      name: 'Marie Veselá',
      functions: [{ name: 'technical_specialist' }],
      maximum_order_count: 6,
      is_active: true,
    });
    expect(await loginStatus('mvesela', 'demo')).toBe(400);
    const marie = await loginWithPassword(app, 'mvesela', 'prvni-heslo');
    expect(marie.user).toMatchObject({ must_change_password: true });
    expectError(await marie.get('/api/functions'), 403, ErrorCode.passwordChangeRequired);
    const changed = await marie.put('/api/auth/user', {
      first_name: 'Marie',
      last_name: 'Veselá',
      email: '',
      phone: '',
      old_password: 'prvni-heslo',
      new_password: 'moje-heslo',
    });
    expect(changed.json().user.must_change_password).toBe(false);
    expect((await marie.get('/api/functions')).statusCode).toBe(200);
  });

  it('refuses a username that differs only in case with 409 / 203 and adds nothing', async () => {
    const before = (await owner.get('/api/users')).json().total;
    const response = await owner.post('/api/user/add', { ...newUser, username: 'DISPATCHER' });
    expectError(response, 409, ErrorCode.usernameTaken);
    expect(response.json().fields).toEqual(['username']);
    expect((await owner.get('/api/users')).json().total).toBe(before);
  });

  it('names every bad field with 400 / 120', async () => {
    const response = await owner.post('/api/user/add', {
      ...newUser,
      username: 'bad name',
      first_name: ' ',
      email: 'not-an-email',
      phone: '603 79',
      functions: [],
      password: 'short',
      maximum_order_count: -1,
    });
    expectError(response, 400, ErrorCode.invalidInput);
    expect(response.json().fields).toEqual(
      expect.arrayContaining([
        'username',
        'first_name',
        'email',
        'phone',
        'functions',
        'password',
        'maximum_order_count',
      ]),
    );
    expectError(
      await owner.post('/api/user/add', { ...newUser, username: 'x', functions: ['pope'] }),
      400,
      ErrorCode.invalidInput,
    );
  });

  it('keeps no order limit for a user who is not a technician', async () => {
    const response = await owner.post('/api/user/add', {
      ...newUser,
      username: 'nolimit1',
      functions: ['driver'],
      maximum_order_count: 9,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().item).toMatchObject({
      functions: [{ name: 'driver' }],
      maximum_order_count: null,
    });
  });

  it('is refused to a dispatcher, who may only view users (403 / 110)', async () => {
    const dispatcher = await login(app, 'dispatcher');
    const response = await dispatcher.post('/api/user/add', { ...newUser, username: 'sneaky' });
    expectError(response, 403, ErrorCode.accessDenied);
    expect(await loginStatus('sneaky', newUser.password)).toBe(400);
  });

  it('only an owner may give the owner function, even to someone holding add_user', async () => {
    await withGrant('dispatcher', 'add_user', async () => {
      const dispatcher = await login(app, 'dispatcher');
      const refused = await dispatcher.post('/api/user/add', {
        ...newUser,
        username: 'boss2',
        functions: ['owner'],
      });
      expectError(refused, 403, ErrorCode.accessDenied);
      const allowed = await dispatcher.post('/api/user/add', { ...newUser, username: 'helper2' });
      expect(allowed.statusCode).toBe(201);
    });
  });
});

describe('PUT /api/user/:id/edit', () => {
  const edit = (item: UserItem, changes: Record<string, unknown> = {}) => ({
    first_name: item.first_name,
    last_name: item.last_name,
    email: item.email,
    phone: item.phone,
    functions: item.functions.map((f) => f.name),
    maximum_order_count: item.maximum_order_count,
    version: item.version,
    ...changes,
  });

  it('saves the fields, rebuilds name, replaces the functions and bumps the version', async () => {
    const { id } = await createUser(db, { username: 'edit1', functions: ['driver'] });
    const item: UserItem = (await owner.get(`/api/user/${id}`)).json().item;
    const response = await owner.put(
      `/api/user/${id}/edit`,
      edit(item, {
        first_name: 'Ondřej',
        last_name: 'Král',
        email: 'ondrej@example.cz',
        phone: '777 000-111',
        functions: ['technical_specialist', 'warehouseman'],
        maximum_order_count: 4,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({
      name: 'Ondřej Král',
      email: 'ondrej@example.cz',
      // Decision 0040: stored and answered in E.164 whatever the separators.
      phone: '+420777000111',
      functions: [{ name: 'technical_specialist' }, { name: 'warehouseman' }],
      maximum_order_count: 4,
      version: item.version + 1,
    });
    // The new functions' permissions hold from the user's next request.
    const user = await login(app, 'edit1');
    expect(user.user.permissions).toContain('prepare_order');
    expect(user.user.permissions).not.toContain('add_transportation');
  });

  it('answers a stale version with 409 / 140 and keeps the newer data', async () => {
    const { id } = await createUser(db, { username: 'edit2', first_name: 'Old', functions: ['driver'] });
    const item: UserItem = (await owner.get(`/api/user/${id}`)).json().item;
    const first = await owner.put(`/api/user/${id}/edit`, edit(item, { first_name: 'First' }));
    expect(first.statusCode).toBe(200);
    const second = await owner.put(`/api/user/${id}/edit`, edit(item, { first_name: 'Second' }));
    expectError(second, 409, ErrorCode.conflict);
    expect((await owner.get(`/api/user/${id}`)).json().item.first_name).toBe('First');
  });

  it('a change of the profile by the user also makes an older edit stale', async () => {
    const { id } = await createUser(db, { username: 'edit3', functions: ['driver'] });
    const item: UserItem = (await owner.get(`/api/user/${id}`)).json().item;
    const self = await login(app, 'edit3');
    await self.put('/api/auth/user', {
      first_name: 'Self',
      last_name: 'Made',
      email: '',
      phone: '',
      old_password: 'demo',
    });
    expectError(await owner.put(`/api/user/${id}/edit`, edit(item)), 409, ErrorCode.conflict);
  });

  it('drops the order limit when the technician function goes', async () => {
    const { id } = await createUser(db, {
      username: 'edit4',
      functions: ['technical_specialist'],
      maximum_order_count: 5,
    });
    const item: UserItem = (await owner.get(`/api/user/${id}`)).json().item;
    const response = await owner.put(`/api/user/${id}/edit`, edit(item, { functions: ['driver'] }));
    expect(response.json().item.maximum_order_count).toBeNull();
  });

  it('answers 404 / 202 for an unknown user and 400 / 120 with the bad fields', async () => {
    const item: UserItem = (await owner.get(`/api/user/${await idOf('driver')}`)).json().item;
    expectError(await owner.put('/api/user/999999/edit', edit(item)), 404, ErrorCode.userNotFound);
    const bad = await owner.put(
      `/api/user/${item.id}/edit`,
      edit(item, { last_name: '', email: 'x@', functions: [], version: undefined }),
    );
    expectError(bad, 400, ErrorCode.invalidInput);
    expect(bad.json().fields).toEqual(expect.arrayContaining(['last_name', 'email', 'functions', 'version']));
  });

  it('is refused to a dispatcher (403 / 110) and nothing changes', async () => {
    const item: UserItem = (await owner.get(`/api/user/${await idOf('driver')}`)).json().item;
    const dispatcher = await login(app, 'dispatcher');
    const response = await dispatcher.put(`/api/user/${item.id}/edit`, edit(item, { first_name: 'X' }));
    expectError(response, 403, ErrorCode.accessDenied);
    expect((await owner.get(`/api/user/${item.id}`)).json().item.first_name).toBe('Josef');
  });

  it('shields an owner from non-owners (403 / 204); another owner may edit an owner', async () => {
    await createUser(db, { username: 'owner2', functions: ['owner'] });
    const other = await login(app, 'owner2');
    const item: UserItem = (await owner.get(`/api/user/${await idOf('owner')}`)).json().item;
    await withGrant('dispatcher', 'change_user', async () => {
      const dispatcher = await login(app, 'dispatcher');
      expectError(
        await dispatcher.put(`/api/user/${item.id}/edit`, edit(item, { first_name: 'Hacked' })),
        403,
        ErrorCode.ownerShielded,
      );
    });
    const byOther = await other.put(`/api/user/${item.id}/edit`, edit(item, { phone: '603999777' }));
    expect(byOther.statusCode).toBe(200);
    const own = await owner.put(
      `/api/user/${item.id}/edit`,
      edit(byOther.json().item, { phone: '603999888' }),
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().item).toMatchObject({ phone: '+420603999888', first_name: 'Petr' });
  });

  it('an owner may give up the owner function, the last active owner may not (409 / 205)', async () => {
    const other = await login(app, 'owner2');
    const second: UserItem = (await owner.get(`/api/user/${await idOf('owner2')}`)).json().item;
    const gaveUp = await other.put(
      `/api/user/${second.id}/edit`,
      edit(second, { functions: ['dispatcher'] }),
    );
    expect(gaveUp.statusCode).toBe(200);
    const item: UserItem = (await owner.get(`/api/user/${await idOf('owner')}`)).json().item;
    const response = await owner.put(`/api/user/${item.id}/edit`, edit(item, { functions: ['dispatcher'] }));
    expectError(response, 409, ErrorCode.lastOwner);
    expect(response.json().fields).toEqual(['functions']);
  });

  it('a non-owner holding change_user cannot make anyone (or themself) an owner', async () => {
    await withGrant('dispatcher', 'change_user', async () => {
      const dispatcher = await login(app, 'dispatcher');
      const self: UserItem = (await dispatcher.get(`/api/user/${dispatcher.user.id}`)).json().item;
      const response = await dispatcher.put(
        `/api/user/${self.id}/edit`,
        edit(self, { functions: ['dispatcher', 'owner'] }),
      );
      expectError(response, 403, ErrorCode.accessDenied);
      const owners = (await owner.get(`/api/user/${self.id}`)).json().item.functions;
      expect(owners).toEqual([expect.objectContaining({ name: 'dispatcher' })]);
    });
  });
});

describe('DELETE /api/user/:id/delete and PUT /api/user/:id/reactivate', () => {
  it('deactivation ends every session of the user at once; the next request is a 401', async () => {
    const { id } = await createUser(db, { username: 'leaver', functions: ['driver'] });
    const phone = await login(app, 'leaver');
    const laptop = await login(app, 'leaver');
    expect(await sessionCount(id)).toBe(2);
    const response = await owner.delete(`/api/user/${id}/delete`);
    expect(response.statusCode).toBe(200);
    expect(response.json().item.is_active).toBe(false);
    expect(await sessionCount(id)).toBe(0);
    expectError(await phone.get('/api/auth/user'), 401, ErrorCode.notLoggedIn);
    expectError(await laptop.get('/api/functions'), 401, ErrorCode.notLoggedIn);
    expect(await loginStatus('leaver')).toBe(400);

    // Reactivation lets the user sign in again, but the old sessions stay ended.
    const back = await owner.put(`/api/user/${id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect(back.json().item.is_active).toBe(true);
    expectError(await phone.get('/api/auth/user'), 401, ErrorCode.notLoggedIn);
    expect(await loginStatus('leaver')).toBe(200);
  });

  it('a user without delete_user gets 403 / 200 (domain.md §2.8) and the user stays active', async () => {
    const id = await idOf('warehouseman');
    for (const who of ['driver', 'dispatcher']) {
      expectError(await (await login(app, who)).delete(`/api/user/${id}/delete`), 403, 200);
    }
    expect((await owner.get(`/api/user/${id}`)).json().item.is_active).toBe(true);
  });

  it('nobody deactivates an owner: 403 / 201, also not the owner themself', async () => {
    const id = await idOf('owner');
    expectError(await owner.delete(`/api/user/${id}/delete`), 403, ErrorCode.ownerCannotBeDeleted);
    await withGrant('dispatcher', 'delete_user', async () => {
      const dispatcher = await login(app, 'dispatcher');
      expectError(await dispatcher.delete(`/api/user/${id}/delete`), 403, ErrorCode.ownerCannotBeDeleted);
      // Nor themself: that would lock the caller out in the middle of their work.
      const self = await dispatcher.delete(`/api/user/${dispatcher.user.id}/delete`);
      expectError(self, 400, ErrorCode.invalidInput);
    });
    expect((await owner.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('answers 404 / 202 for unknown users', async () => {
    expectError(await owner.delete('/api/user/999999/delete'), 404, ErrorCode.userNotFound);
    expectError(await owner.put('/api/user/999999/reactivate'), 404, ErrorCode.userNotFound);
  });

  it('reactivation is refused to a dispatcher with 403 / 110', async () => {
    const { id } = await createUser(db, { username: 'gone', is_active: false });
    const dispatcher = await login(app, 'dispatcher');
    expectError(await dispatcher.put(`/api/user/${id}/reactivate`), 403, ErrorCode.accessDenied);
    expect((await owner.get(`/api/user/${id}`)).json().item.is_active).toBe(false);
  });

  it('an inactive holder of the owner function is reactivated by an owner only (403 / 204)', async () => {
    const { id } = await createUser(db, { username: 'oldowner', functions: ['owner'], is_active: false });
    await withGrant('dispatcher', 'delete_user', async () => {
      const dispatcher = await login(app, 'dispatcher');
      expectError(await dispatcher.put(`/api/user/${id}/reactivate`), 403, ErrorCode.ownerShielded);
    });
    expect((await owner.get(`/api/user/${id}`)).json().item.is_active).toBe(false);
    expect((await owner.put(`/api/user/${id}/reactivate`)).json().item.is_active).toBe(true);
  });

  it('deactivating twice or reactivating an active user changes nothing and succeeds', async () => {
    const { id } = await createUser(db, { username: 'twice' });
    expect((await owner.delete(`/api/user/${id}/delete`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/user/${id}/delete`)).json().item.is_active).toBe(false);
    expect((await owner.put(`/api/user/${id}/reactivate`)).statusCode).toBe(200);
    expect((await owner.put(`/api/user/${id}/reactivate`)).json().item.is_active).toBe(true);
  });
});
