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

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
  owner = await login(app, 'owner');
});
afterAll(() => t?.close());

const countRows = async (table: 'suppliers' | 'adtypes') =>
  Number((await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n);

describe('GET /api/suppliers', () => {
  it('lists the demo suppliers with valid accounts and their IBANs, for owner and dispatcher', async () => {
    const dispatcher = await login(app, 'dispatcher');
    const response = await dispatcher.get('/api/suppliers');
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      {
        id: expect.any(Number),
        name: 'Letokruh s.r.o.',
        bank_account: '2718340003',
        bank_code: '0100',
        iban: 'CZ9701000000002718340003',
        active: true,
        full_address: 'Dřevařská 1254/12',
        town: 'Jihlava',
        zip_code: '586 01',
        country: 'CZ',
        ico: '27082440',
        dic: 'CZ27082440',
        register_entry: 'zapsaná v obchodním rejstříku vedeném Krajským soudem v Brně, oddíl C, vložka 54321',
        email: 'obchod@letokruh.example',
        phone: '+420603791074',
        vat_payer: true,
      },
      {
        id: expect.any(Number),
        name: 'Palivové dřevo Vysočina s.r.o.',
        bank_account: '35-1154780008',
        bank_code: '0800',
        iban: 'CZ7608000000351154780008',
        active: true,
        full_address: 'Lesní 318',
        town: 'Třebíč',
        zip_code: '674 01',
        country: 'CZ',
        ico: '25596641',
        dic: '',
        register_entry: 'zapsaná v obchodním rejstříku vedeném Krajským soudem v Brně, oddíl C, vložka 33187',
        email: 'info@drevo-vysocina.example',
        phone: '+420568841207',
        vat_payer: false,
      },
    ]);
  });

  it('is listed to whoever may print a delivery note (view_order), and to nobody signed out', async () => {
    for (const username of ['driver', 'technician', 'warehouseman']) {
      const c = await login(app, username);
      const response = await c.get('/api/suppliers');
      expect(response.statusCode, username).toBe(200);
      expect(response.json().items.length).toBeGreaterThan(0);
      // Keeping them stays the owner's.
      const refused = await c.post('/api/supplier/add', {
        name: 'X',
        bank_account: '19-2000145399',
        bank_code: '0800',
      });
      expect(refused.statusCode, username).toBe(403);
      expect(refused.json().error_code).toBe(ErrorCode.accessDenied);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/suppliers' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('suppliers kept by the owner', () => {
  it('adds a supplier, keeping the account without leading zeros, then edits and removes it', async () => {
    const added = await owner.post('/api/supplier/add', {
      name: 'Pila Brtnice',
      bank_account: '000019-2000145399',
      bank_code: '0800',
    });
    expect(added.statusCode).toBe(201);
    const { item } = added.json();
    expect(item).toMatchObject({
      bank_account: '19-2000145399',
      iban: 'CZ6508000000192000145399',
      active: true,
    });

    const edited = await owner.put(`/api/supplier/${item.id}/edit`, {
      name: 'Pila Brtnice a.s.',
      bank_account: '2000145399',
      bank_code: '0800',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().item).toMatchObject({ name: 'Pila Brtnice a.s.', bank_account: '2000145399' });

    const removed = await owner.delete(`/api/supplier/${item.id}/delete`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().item.active).toBe(false);
    const names = (await owner.get('/api/suppliers')).json().items.map((s: { name: string }) => s.name);
    expect(names).not.toContain('Pila Brtnice a.s.');
    expect((await owner.delete(`/api/supplier/${item.id}/delete`)).statusCode).toBe(404);
  });

  it('refuses wrong check digits in the account or the prefix, and a bank code of other than 4 digits', async () => {
    const before = await countRows('suppliers');
    const cases: [Record<string, string>, string[]][] = [
      [{ bank_account: '2000145398', bank_code: '0800' }, ['bank_account']],
      [{ bank_account: '18-2000145399', bank_code: '0800' }, ['bank_account']],
      [{ bank_account: '1000000031', bank_code: '0100' }, ['bank_account']],
      [{ bank_account: 'CZ6508000000192000145399', bank_code: '0800' }, ['bank_account']],
      [{ bank_account: '2000145399', bank_code: '800' }, ['bank_code']],
    ];
    for (const [account, fields] of cases) {
      const response = await owner.post('/api/supplier/add', { name: 'Pila Nová', ...account });
      expect(response.statusCode, JSON.stringify(account)).toBe(400);
      expect(response.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields });
    }
    const empty = await owner.post('/api/supplier/add', { name: ' ', bank_account: '', bank_code: '' });
    expect([...empty.json().fields].sort()).toEqual(['bank_account', 'bank_code', 'name']);
    expect(await countRows('suppliers')).toBe(before);
  });

  it('refuses a name that an active supplier has (409 / 140), in any letter case', async () => {
    const response = await owner.post('/api/supplier/add', {
      name: 'LETOKRUH S.R.O.',
      bank_account: '2000145399',
      bank_code: '0800',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error_code: ErrorCode.conflict, fields: ['name'] });
  });

  it('is for the owner only: a dispatcher may list but not change; unknown ids answer 404', async () => {
    const dispatcher = await login(app, 'dispatcher');
    const body = { name: 'Pila', bank_account: '2000145399', bank_code: '0800' };
    expect((await dispatcher.post('/api/supplier/add', body)).statusCode).toBe(403);
    const [first] = (await owner.get('/api/suppliers')).json().items;
    expect((await dispatcher.put(`/api/supplier/${first.id}/edit`, body)).statusCode).toBe(403);
    expect((await dispatcher.delete(`/api/supplier/${first.id}/delete`)).json().error_code).toBe(
      ErrorCode.accessDenied,
    );
    const missing = await owner.put('/api/supplier/99999/edit', body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_code).toBe(ErrorCode.notFound);
  });
});

describe('the identity a Czech trader shows', () => {
  const account = { bank_account: '2000145399', bank_code: '0800' };
  const identity = {
    full_address: 'Pilařská 12',
    town: 'Brtnice',
    zip_code: '58832',
    country: 'CZ',
    ico: '270 82 440',
    dic: 'cz 27082440',
    register_entry: 'zapsaná v obchodním rejstříku vedeném Krajským soudem v Brně, oddíl C, vložka 1234',
    email: 'pila@brtnice.example',
    phone: '603 791 074',
    vat_payer: true,
  };

  it('keeps the identity normalised: IČO and DIČ without spaces, PSČ "588 32", phone in E.164', async () => {
    const added = await owner.post('/api/supplier/add', {
      name: 'Pila Brtnice s.r.o.',
      ...account,
      ...identity,
    });
    expect(added.statusCode, added.body).toBe(201);
    const { item } = added.json();
    expect(item).toMatchObject({
      ico: '27082440',
      dic: 'CZ27082440',
      zip_code: '588 32',
      phone: '+420603791074',
      vat_payer: true,
      country: 'CZ',
    });
    const listed = (await owner.get('/api/suppliers'))
      .json()
      .items.find((s: { id: number }) => s.id === item.id);
    expect(listed).toEqual(item);

    // A client that sends only the name and the account (as clients did before the identity
    // existed) keeps the identity.
    const renamed = await owner.put(`/api/supplier/${item.id}/edit`, {
      name: 'Pila Brtnice a.s.',
      ...account,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().item).toMatchObject({
      name: 'Pila Brtnice a.s.',
      ico: '27082440',
      vat_payer: true,
    });

    // Leaving VAT: the DIČ may stay or go.
    const nonPayer = await owner.put(`/api/supplier/${item.id}/edit`, {
      name: 'Pila Brtnice a.s.',
      ...account,
      ...identity,
      dic: '',
      vat_payer: false,
      phone: '+420 568 841 207',
    });
    expect(nonPayer.statusCode).toBe(200);
    expect(nonPayer.json().item).toMatchObject({ dic: '', vat_payer: false, phone: '+420568841207' });
    expect((await owner.delete(`/api/supplier/${item.id}/delete`)).statusCode).toBe(200);
  });

  it('refuses a wrong IČO, DIČ, PSČ, e-mail or phone with 400 naming the field, writing nothing', async () => {
    const before = await countRows('suppliers');
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ico: '27082441', dic: '', vat_payer: false }, ['ico']],
      [{ ico: '2708244' }, ['ico']],
      [{ dic: '27082440' }, ['dic']],
      [{ dic: 'CZ27082441' }, ['dic']],
      [{ dic: 'CZ25596641' }, ['dic']],
      [{ dic: '', vat_payer: true }, ['dic']],
      [{ zip_code: '5883' }, ['zip_code']],
      [{ email: 'pila@' }, ['email']],
      [{ phone: '603 791 07' }, ['phone']],
      [{ country: 'SK' }, ['country']],
    ];
    for (const [change, fields] of cases) {
      const response = await owner.post('/api/supplier/add', {
        name: 'Pila Nová',
        ...account,
        ...identity,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toMatchObject({
        error_code: ErrorCode.invalidInput,
        fields,
      });
    }
    expect(await countRows('suppliers')).toBe(before);
  });

  it('checks an edit against the stored identity: a payer flag without any DIČ is refused', async () => {
    const [, vysocina] = (await owner.get('/api/suppliers')).json().items;
    const response = await owner.put(`/api/supplier/${vysocina.id}/edit`, {
      name: vysocina.name,
      bank_account: vysocina.bank_account,
      bank_code: vysocina.bank_code,
      vat_payer: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['dic'] });
    expect((await owner.get('/api/suppliers')).json().items[1].vat_payer).toBe(false);
  });
});

describe('ad types', () => {
  it('lists the demo ad types to those who take or change orders, not to a driver', async () => {
    const technician = await login(app, 'technician');
    const response = await technician.get('/api/adtypes');
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Google', 'Facebook', 'Doporučení', 'Leták', 'Rádio']),
    );
    const driver = await login(app, 'driver');
    const denied = await driver.get('/api/adtypes');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error_code).toBe(ErrorCode.accessDenied);
  });

  it('the owner adds, renames and removes one; a removed name may be used again', async () => {
    const added = await owner.post('/api/adtype/add', { name: 'Billboard' });
    expect(added.statusCode).toBe(201);
    const { id } = added.json().item;
    const renamed = await owner.put(`/api/adtype/${id}/edit`, { name: 'Billboard D1' });
    expect(renamed.json().item).toEqual({ id, name: 'Billboard D1', active: true });
    const taken = await owner.put(`/api/adtype/${id}/edit`, { name: 'google' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual(['name']);
    expect((await owner.delete(`/api/adtype/${id}/delete`)).json().item.active).toBe(false);
    expect((await owner.get('/api/adtypes')).json().items.map((a: { id: number }) => a.id)).not.toContain(id);
    expect((await owner.post('/api/adtype/add', { name: 'Billboard D1' })).statusCode).toBe(201);
  });

  it('refuses an empty name (400 / 120), a dispatcher (403 / 110) and an unknown id (404 / 130)', async () => {
    const before = await countRows('adtypes');
    const empty = await owner.post('/api/adtype/add', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['name'] });
    const dispatcher = await login(app, 'dispatcher');
    const denied = await dispatcher.post('/api/adtype/add', { name: 'Instagram' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error_code).toBe(ErrorCode.accessDenied);
    expect(await countRows('adtypes')).toBe(before);
    const missing = await owner.delete('/api/adtype/99999/delete');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_code).toBe(ErrorCode.notFound);
  });
});
