import fs from 'node:fs/promises';
import path from 'node:path';
import { avatarMaxBytes } from '@letokruh/contracts/auth';
import { ErrorCode } from '@letokruh/contracts/errors';
import { defaultPermissionMatrix, type FunctionName, functionNames } from '@letokruh/contracts/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createUser, demoUsers } from '../../db/seed/users.ts';
import {
  anonymous,
  type BuiltTestApp,
  buildTestApp,
  client,
  login,
  multipart,
  type TestApp,
} from '../../test/build.ts';

let t: BuiltTestApp;
let app: TestApp;
let db: Db;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
});
afterAll(() => t?.close());

/** A 1×1 transparent PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const profile = { first_name: 'Eva', last_name: 'Malá', email: 'eva@example.cz', phone: '777123456' };

const loginStatus = async (username: string, password: string) =>
  (await (await anonymous(app)).post('/api/auth/login', { username, password })).statusCode;

describe('PUT /api/auth/user', () => {
  it('needs the current password: 400 / 102 when it is missing, and nothing changes', async () => {
    await createUser(db, { username: 'eva1', first_name: 'Old', last_name: 'Name' });
    const c = await login(app, 'eva1');
    for (const body of [profile, { ...profile, old_password: '' }]) {
      const response = await c.put('/api/auth/user', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error_code).toBe(ErrorCode.missingPassword);
    }
    expect((await c.get('/api/auth/user')).json().user.name).toBe('Old Name');
  });

  it('refuses a wrong current password with 400 / 101, and nothing changes', async () => {
    await createUser(db, { username: 'eva2', first_name: 'Old', last_name: 'Name' });
    const c = await login(app, 'eva2');
    const response = await c.put('/api/auth/user', { ...profile, old_password: 'wrong' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe(ErrorCode.wrongPassword);
    expect((await c.get('/api/auth/user')).json().user.first_name).toBe('Old');
  });

  it('wrong current passwords count like failed logins: locked after ten, even the right one', async () => {
    await createUser(db, { username: 'eva9' });
    const c = await login(app, 'eva9');
    // A stolen session guessing at once: ten are checked, the rest refused unhashed.
    const guesses = await Promise.all(
      Array.from({ length: 14 }, () => c.put('/api/auth/user', { ...profile, old_password: 'wrong' })),
    );
    expect(guesses.filter((g) => g.statusCode === 400)).toHaveLength(10);
    expect(guesses.filter((g) => g.statusCode === 429)).toHaveLength(4);
    const locked = await c.put('/api/auth/user', { ...profile, old_password: 'demo' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error_code).toBe(ErrorCode.tooManyAttempts);
  });

  it('with the right password saves the fields and rebuilds name; other sessions stay', async () => {
    await createUser(db, { username: 'eva3' });
    const c = await login(app, 'eva3');
    const other = await login(app, 'eva3');
    const response = await c.put('/api/auth/user', { ...profile, old_password: 'demo' });
    expect(response.statusCode).toBe(200);
    // Decision 0040: the phone is stored and answered in E.164.
    const saved = { ...profile, phone: '+420777123456', name: 'Eva Malá' };
    expect(response.json().user).toMatchObject({ ...saved, username: 'eva3' });
    expect((await c.get('/api/auth/user')).json().user).toMatchObject(saved);
    expect((await other.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('a new password works afterwards, the old one does not, and other sessions end', async () => {
    await createUser(db, { username: 'eva4' });
    const c = await login(app, 'eva4');
    const other = await login(app, 'eva4');
    const response = await c.put('/api/auth/user', {
      ...profile,
      old_password: 'demo',
      new_password: 'fresh-secret',
    });
    expect(response.statusCode).toBe(200);
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect(await loginStatus('eva4', 'demo')).toBe(400);
    expect(await loginStatus('eva4', 'fresh-secret')).toBe(200);
  });

  it('names the bad fields of an invalid profile', async () => {
    await createUser(db, { username: 'eva5' });
    const c = await login(app, 'eva5');
    const response = await c.put('/api/auth/user', {
      ...profile,
      first_name: '',
      email: 'not-an-email',
      old_password: 'demo',
      new_password: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe(ErrorCode.invalidInput);
    expect(response.json().fields).toEqual(expect.arrayContaining(['first_name', 'email', 'new_password']));
  });

  it('a user who must change the password is held to the profile until they do', async () => {
    const { id } = await createUser(db, { username: 'eva6', functions: ['dispatcher'] });
    await db.execute(sql`update users set must_change_password = true where id = ${id}`);
    const c = await login(app, 'eva6');
    expect(c.user).toMatchObject({ must_change_password: true });
    const held = await c.get('/api/functions');
    expect(held.statusCode).toBe(403);
    expect(held.json().error_code).toBe(ErrorCode.passwordChangeRequired);
    const without = await c.put('/api/auth/user', { ...profile, old_password: 'demo' });
    expect(without.json().error_code).toBe(ErrorCode.passwordChangeRequired);
    const same = await c.put('/api/auth/user', { ...profile, old_password: 'demo', new_password: 'demo' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      error_code: ErrorCode.passwordChangeRequired,
      fields: ['new_password'],
    });
    expect((await c.get('/api/functions')).statusCode).toBe(403);
    const changed = await c.put('/api/auth/user', {
      ...profile,
      old_password: 'demo',
      new_password: 'new-one',
    });
    expect(changed.json().user.must_change_password).toBe(false);
    expect((await c.get('/api/functions')).statusCode).toBe(200);
  });

  it('refuses the change without the CSRF header (403 / 111)', async () => {
    const c = await login(app, 'owner');
    const response = await c.put(
      '/api/auth/user',
      { ...profile, old_password: 'demo' },
      { headers: { 'x-csrftoken': '' } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe(ErrorCode.csrfFailed);
    expect((await c.get('/api/auth/user')).json().user.first_name).toBe('Petr');
  });
});

describe('avatar', () => {
  const upload = async (
    c: Awaited<ReturnType<typeof login>>,
    data: Buffer | string,
    name: string,
    type: string,
  ) => {
    const { payload, headers } = await multipart('avatar', data, name, type);
    return c.post('/api/auth/avatar', payload, { headers });
  };
  const storedAvatars = async () => fs.readdir(path.join(t.dataDir, 'files', 'avatars')).catch(() => []);

  it('GET answers 404 / 130 while the user has no avatar', async () => {
    const c = await login(app, 'warehouseman');
    const response = await c.get('/api/auth/avatar');
    expect(response.statusCode).toBe(404);
    expect(response.json().error_code).toBe(ErrorCode.notFound);
  });

  it('refuses a file that is not an image with 415 / 122, whatever type it claims', async () => {
    await createUser(db, { username: 'ava1' });
    const c = await login(app, 'ava1');
    for (const [name, type] of [
      ['notes.txt', 'text/plain'],
      ['fake.png', 'image/png'],
    ] as const) {
      const response = await upload(c, 'just some text', name, type);
      expect(response.statusCode, name).toBe(415);
      expect(response.json().error_code).toBe(ErrorCode.unsupportedFileType);
    }
    expect((await c.get('/api/auth/user')).json().user.avatar).toBe(false);
  });

  it('accepts a PNG and serves it back as image/png', async () => {
    await createUser(db, { username: 'ava2' });
    const c = await login(app, 'ava2');
    const response = await upload(c, png, 'me.png', 'image/png');
    expect(response.statusCode).toBe(200);
    expect(response.json().user.avatar).toBe(true);
    const image = await c.get('/api/auth/avatar');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    // Another user does not get this avatar.
    expect((await (await login(app, 'driver')).get('/api/auth/avatar')).statusCode).toBe(404);
  });

  it('a new avatar replaces the old one in the storage', async () => {
    await createUser(db, { username: 'ava3' });
    const c = await login(app, 'ava3');
    const before = await storedAvatars();
    await upload(c, png, 'one.png', 'image/png');
    const gif = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
    expect((await upload(c, gif, 'two.gif', 'image/gif')).statusCode).toBe(200);
    expect(await storedAvatars()).toHaveLength(before.length + 1);
    const image = await c.get('/api/auth/avatar');
    expect(image.headers['content-type']).toBe('image/gif');
  });

  it(`refuses a file over ${avatarMaxBytes} bytes with 413 / 121`, async () => {
    await createUser(db, { username: 'ava4' });
    const c = await login(app, 'ava4');
    const big = Buffer.concat([png, Buffer.alloc(avatarMaxBytes + 1 - png.length + 1)]);
    const response = await upload(c, big, 'big.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().error_code).toBe(ErrorCode.payloadTooLarge);
    expect((await c.get('/api/auth/user')).json().user.avatar).toBe(false);
    // Just under the limit is fine, though it is more than the JSON body limit.
    const fits = Buffer.concat([png, Buffer.alloc(avatarMaxBytes - png.length - 1024)]);
    expect(fits.length).toBeGreaterThan(app.ctx.config.bodyLimit);
    expect((await upload(c, fits, 'fits.png', 'image/png')).statusCode).toBe(200);
  });

  it('answers 400 / 120 to an upload that is not multipart or has no file', async () => {
    const c = await login(app, 'driver');
    const json = await c.post('/api/auth/avatar', { avatar: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error_code).toBe(ErrorCode.invalidInput);
    const form = new FormData();
    form.append('note', 'no file here');
    const encoded = new Response(form);
    const noFile = await c.post('/api/auth/avatar', Buffer.from(await encoded.arrayBuffer()), {
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['avatar'] });
  });

  it('answers 401 to an upload without a session', async () => {
    const c = await anonymous(app);
    const response = await upload(c as Awaited<ReturnType<typeof login>>, png, 'me.png', 'image/png');
    expect(response.statusCode).toBe(401);
  });
});

describe('functions and permissions', () => {
  it('GET /api/functions lists the five functions to a logged-in user only', async () => {
    expect((await client(app).get('/api/functions')).statusCode).toBe(401);
    const c = await login(app, 'driver');
    const response = await c.get('/api/functions');
    expect(response.statusCode).toBe(200);
    const names = response.json().items.map((f: { name: string }) => f.name);
    expect(names).toHaveLength(5);
    expect([...names].sort()).toEqual([...functionNames].sort());
  });

  it.each(demoUsers.map((u) => [u.username, u.functions![0]!] as const))(
    'demo user %s has exactly the default permissions of %s',
    async (username, fn: FunctionName) => {
      const c = await login(app, username);
      expect(c.user.permissions).toEqual([...defaultPermissionMatrix[fn]].sort());
      expect((await c.get('/api/auth/user')).json().user.permissions).toEqual(c.user.permissions);
    },
  );

  it('a driver cannot see users, stats or prices; an owner can', async () => {
    const driver = await login(app, 'driver');
    for (const p of ['view_user', 'view_stats', 'view_product', 'add_order', 'change_order']) {
      expect(driver.user.permissions).not.toContain(p);
    }
    const owner = await login(app, 'owner');
    expect(owner.user.permissions).toEqual(
      expect.arrayContaining(['view_user', 'view_stats', 'delete_user']),
    );
  });

  it('a user with two functions holds the union of their permissions', async () => {
    await createUser(db, { username: 'both', functions: ['driver', 'warehouseman'] });
    const c = await login(app, 'both');
    const union = [
      ...new Set([...defaultPermissionMatrix.driver, ...defaultPermissionMatrix.warehouseman]),
    ].sort();
    expect(c.user.permissions).toEqual(union);
  });
});
