import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import { formatPhone } from '@letokruh/contracts/rules/format';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../../test/build.ts';

/** Decision 0040: phones stored in E.164, one address line whichever way a customer is created. */

let t: BuiltTestApp;
let db: Db;
let technician: Client;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.db;
  technician = await login(t.app, 'technician');
});
afterAll(() => t?.close());

let n = 0;
const customer = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    firstName: `Format${n}`,
    lastName: 'Zkouška',
    phone: '603 791 074',
    email: '',
    address: 'Masarykova 12',
    town: 'Jihlava',
    zip: '58601',
    country: 'Česká republika',
    lat: 49.3961,
    lon: 15.5912,
    allow_duplicate: true,
    ...overrides,
  };
};

describe('customer phones in E.164', () => {
  it.each([
    ['603 791 074', '+420', '+420', '603791074'],
    ['603-791-074', '+420', '+420', '603791074'],
    ['+420603791074', '+420', '+420', '603791074'],
    ['00420 603 791 074', '+43', '+420', '603791074'],
    ['420603791074', '+420', '+420', '603791074'],
    ['0903 123 456', '+421', '+421', '903123456'],
    ['+43 664 1234567', '+420', '+43', '6641234567'],
  ])('%j under %s is stored as %s %s', async (phone, phonePrefix, prePhone, national) => {
    const response = await technician.post('/api/customer/add', customer({ phone, phonePrefix }));
    expect(response.statusCode, response.body).toBe(201);
    const { item } = response.json();
    expect(item).toMatchObject({
      pre_phone: prePhone,
      phone: national,
      whole_phone: `${prePhone}${national}`,
    });
    expect(formatPhone(item.whole_phone)).toMatch(/^\+\d{2,3}( \d{2,3})+$/);
  });

  it.each(['603 791', '+49 30 12345678', '0603 791 074', '603 791 074 5'])(
    'refuses %j with 400 / 120 on the phone field',
    async (phone) => {
      const response = await technician.post('/api/customer/add', customer({ phone }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['phone'] });
    },
  );

  it('an edit stores the same E.164 and refuses a bad number', async () => {
    const { item } = (await technician.post('/api/customer/add', customer())).json();
    const edit = {
      first_name: item.first_name,
      last_name: item.last_name,
      organization_id: '',
      organization_name: '',
      pre_phone: '+420',
      phone: '+421 903-123-456',
      email: '',
      final_address: item.address.full_address,
      town: 'Jihlava',
      zip: '586 01',
      country: 'Česká republika',
      lat: 49.3961,
      lon: 15.5912,
      version: item.version,
    };
    const edited = await technician.put(`/api/customer/${item.id}/edit`, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().item).toMatchObject({ pre_phone: '+421', whole_phone: '+421903123456' });
    const bad = await technician.put(`/api/customer/${item.id}/edit`, { ...edit, phone: '12', version: 2 });
    expect(bad.statusCode).toBe(400);
  });

  it('a duplicate is found whatever way the same number was typed', async () => {
    const first = customer({ phone: '737 111 222' });
    expect((await technician.post('/api/customer/add', first)).statusCode).toBe(201);
    const again = await technician.post(
      '/api/customer/add',
      customer({ phone: '+420 737-111-222', allow_duplicate: false }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().customers[0]).toMatchObject({ whole_phone: '+420737111222', matched_by: ['phone'] });
  });

  it('migration 0027 normalises the phones stored before it', async () => {
    const rows: [string, string, string][] = [
      ['+420', '420603000111', '603000111'],
      ['+420', '00420603000112', '603000112'],
      ['+421', '0903000113', '903000113'],
      ['+43', '06641234567', '6641234567'],
      ['+420', '603000114', '603000114'],
    ];
    const ids: number[] = [];
    for (const [pre, phone] of rows) {
      const inserted = await rowsOf<{ id: number }>(
        db,
        sql`insert into customers (first_name, last_name, pre_phone, phone, full_address, town, zip_code, country, gps_lat, gps_lon)
            values ('Stará', 'Data', ${pre}, ${phone}, 'Stará 1, 586 01 Jihlava', 'Jihlava', '586 01', 'Česká republika', 49.4, 15.6)
            returning id`,
      );
      ids.push(inserted[0]!.id);
    }
    await db.execute(sql`update users set phone = '603 111-222' where username = 'driver'`);
    const file = path.resolve(import.meta.dirname, '../../db/migrations/0027_phone_e164.sql');
    for (const statement of (await readFile(file, 'utf8')).split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    const after = await rowsOf<{ pre_phone: string; phone: string; whole_phone: string }>(
      db,
      sql`select pre_phone, phone, whole_phone from customers where id in ${ids} order by id`,
    );
    expect(after.map((r) => r.phone)).toEqual(rows.map((r) => r[2]));
    for (const r of after) expect(r.whole_phone).toBe(`${r.pre_phone}${r.phone}`);
    const user = await rowsOf<{ phone: string }>(db, sql`select phone from users where username = 'driver'`);
    expect(user[0]?.phone).toBe('+420603111222');
  });
});

describe('full_address: the API and the form give the same line', () => {
  it('the street alone (API) and the whole line (form) store "Masarykova 12, 586 01 Jihlava"', async () => {
    const api = await technician.post(
      '/api/customer/add',
      customer({ address: ' Masarykova  12 ', zip: '58601' }),
    );
    const form = await technician.post(
      '/api/customer/add',
      customer({ address: 'Masarykova 12, 586 01 Jihlava', zip: '586 01' }),
    );
    for (const response of [api, form]) {
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().item.address).toMatchObject({
        full_address: 'Masarykova 12, 586 01 Jihlava',
        zip_code: '586 01',
        town: 'Jihlava',
      });
    }
  });

  it('the order step creates its customer with the same line', async () => {
    const id = (await technician.get('/api/order/add')).json().id as number;
    const step = await technician.post(`/api/order/${id}/customer`, customer());
    expect(step.statusCode, step.body).toBe(200);
    expect(step.json().item.customer.address.full_address).toBe('Masarykova 12, 586 01 Jihlava');
  });
});
