import { ErrorCode } from '@letokruh/contracts/errors';
import { isValidIco } from '@letokruh/contracts/rules/czech-id';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { demoCustomerCount } from '../../db/seed/customers.ts';
import { type BuiltTestApp, buildTestApp, type Client, login, type TestApp } from '../../test/build.ts';
import { customerForm } from '../../test/customers.ts';

let t: BuiltTestApp;
let app: TestApp;
let db: Db;
let technician: Client;
let dispatcher: Client;
let driver: Client;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
  technician = await login(app, 'technician');
  dispatcher = await login(app, 'dispatcher');
  driver = await login(app, 'driver');
});
afterAll(() => t?.close());

const countCustomers = async () =>
  Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from customers`))[0]?.n);

describe('GET /api/customers', () => {
  it('pages the demo customers with the fields of domain.md §1.3', async () => {
    const response = await technician.get('/api/customers?per_page=20&current_page=2');
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json();
    expect(total).toBe(demoCustomerCount);
    expect(items).toHaveLength(20);
    const c = items[0];
    expect(c.intern_id).toBeGreaterThanOrEqual(10001);
    expect(c.whole_phone).toBe(`${c.pre_phone}${c.phone}`);
    expect(c.name).toBe(`${c.first_name} ${c.last_name}`);
    expect(c.address.navigation_link).toContain(`${c.address.gps_lat},${c.address.gps_lon}`);
    expect(c.address.gps_lat).toBeGreaterThan(48.9);
    expect(c.address.gps_lat).toBeLessThan(49.8);
  });

  it('filters by name, intern id, phone, e-mail and address, each narrowing', async () => {
    const all = (await technician.get('/api/customers?per_page=1000')).json().items;
    const someone = all.find((c: { email: string }) => c.email);
    const byId = (await technician.get(`/api/customers?internId=${someone.intern_id}`)).json();
    expect(byId.items.map((c: { id: number }) => c.id)).toEqual([someone.id]);
    const byPhone = (
      await technician.get(`/api/customers?phone=${encodeURIComponent(someone.phone.slice(2, 8))}`)
    ).json();
    expect(byPhone.items.map((c: { id: number }) => c.id)).toContain(someone.id);
    for (const c of byPhone.items) expect(c.whole_phone).toContain(someone.phone.slice(2, 8));
    const byName = (await technician.get('/api/customers?fullName=nov&per_page=100')).json();
    expect(byName.total).toBeGreaterThan(0);
    for (const c of byName.items) expect(`${c.name} ${c.organization_name}`.toLowerCase()).toContain('nov');
    const byAddress = (
      await technician.get(`/api/customers?address=${encodeURIComponent('Třebíč')}&per_page=100`)
    ).json();
    expect(byAddress.total).toBeGreaterThan(0);
    for (const c of byAddress.items) expect(c.address.full_address).toContain('Třebíč');
    const both = (
      await technician.get(`/api/customers?address=${encodeURIComponent('Třebíč')}&email=seznam&per_page=100`)
    ).json();
    expect(both.total).toBeLessThan(byAddress.total);
    for (const c of both.items) expect(c.email).toContain('seznam');
    const none = (await technician.get('/api/customers?fullName=%25')).json();
    expect(none.total).toBe(0);
  });

  it('filters by warehouse: exactly the customers with an order from it', async () => {
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`select distinct customer_id as id from orders where warehouse_id = 1 and customer_id is not null`,
    );
    const expected = rows.map((r) => r.id).sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(0);
    const answer = (await technician.get('/api/customers?warehouse=1&per_page=1000')).json();
    expect(answer.total).toBe(expected.length);
    expect(answer.items.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b)).toEqual(
      expected,
    );
    expect(answer.total).toBeLessThan(demoCustomerCount);
    const narrowed = (await technician.get('/api/customers?warehouse=1&fullName=nov&per_page=1000')).json();
    expect(narrowed.total).toBeLessThanOrEqual(answer.total);
    for (const c of narrowed.items) expect(expected).toContain(c.id);
    expect((await technician.get('/api/customers?warehouse=999999')).json().total).toBe(0);
    expect((await technician.get('/api/customers?warehouse=x')).statusCode).toBe(400);
  });

  it('refuses a bad page size and a user without view_customer', async () => {
    expect((await technician.get('/api/customers?per_page=15')).statusCode).toBe(400);
    expect((await technician.get('/api/customers?internId=abc')).statusCode).toBe(400);
    expect((await driver.get('/api/customers')).statusCode).toBe(200);
  });
});

describe('POST /api/customer/add', () => {
  it('creates a customer with +420 by default, digits-only phone and a new intern_id', async () => {
    const before = (await technician.get('/api/customers?per_page=1000')).json().items;
    const response = await technician.post(
      '/api/customer/add',
      customerForm({ organizationName: 'Zelenka s.r.o.' }),
    );
    expect(response.statusCode).toBe(201);
    const { item } = response.json();
    expect(item).toMatchObject({
      first_name: 'Alžběta',
      last_name: 'Zelenková',
      pre_phone: '+420',
      phone: '603123456',
      whole_phone: '+420603123456',
      organization_name: 'Zelenka s.r.o.',
      organization_id: '',
      to_contact: false,
      address: {
        full_address: 'Lipová 12, 588 13 Polná',
        town: 'Polná',
        zip_code: '588 13',
        gps_lat: 49.4875,
      },
    });
    expect(Math.max(...before.map((c: { intern_id: number }) => c.intern_id))).toBeLessThan(item.intern_id);
    const other = await technician.post(
      '/api/customer/add',
      customerForm({ phonePrefix: '+421', email: '' }),
    );
    expect(other.json().item).toMatchObject({ whole_phone: '+421603123456', email: '' });
    expect(other.json().item.intern_id).not.toBe(item.intern_id);
  });

  it('names every missing required field (domain.md §2.5) and writes nothing', async () => {
    const before = await countCustomers();
    const response = await technician.post('/api/customer/add', { organizationId: '12345678' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe(ErrorCode.invalidInput);
    expect([...response.json().fields].sort()).toEqual(
      ['address', 'country', 'firstName', 'lastName', 'lat', 'lon', 'phone', 'town', 'zip'].sort(),
    );
    for (const [overrides, field] of [
      [{ email: 'not-an-email' }, 'email'],
      [{ phonePrefix: '+1' }, 'phonePrefix'],
      [{ phone: '60x123' }, 'phone'],
      [{ lat: 91 }, 'lat'],
    ] as const) {
      const bad = await technician.post('/api/customer/add', customerForm(overrides));
      expect(bad.statusCode, field).toBe(400);
      expect(bad.json().fields).toEqual([field]);
    }
    expect(await countCustomers()).toBe(before);
  });

  it('needs add_customer: the driver is refused with 403 / 110', async () => {
    const response = await driver.post('/api/customer/add', customerForm());
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe(ErrorCode.accessDenied);
  });
});

describe('GET /api/customer/:id and PUT /api/customer/:id/edit', () => {
  const edit = (c: { first_name: string; version: number }, overrides: Record<string, unknown> = {}) => ({
    first_name: c.first_name,
    last_name: 'Zelenková-Malá',
    organization_id: '25596641',
    organization_name: '',
    pre_phone: '+43',
    phone: '6641234567',
    email: '',
    final_address: 'Hauptplatz 5, 3830 Waidhofen an der Thaya',
    town: 'Waidhofen an der Thaya',
    zip: '3830',
    country: 'Rakousko',
    lat: 48.8153,
    lon: 15.2857,
    version: c.version,
    ...overrides,
  });

  it('answers the customer with files and orders under the spec keys', async () => {
    const { item } = (await technician.post('/api/customer/add', customerForm())).json();
    const response = await driver.get(`/api/customer/${item.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customer: { ...item, files: [] }, orders: [] });
    const withOrders = await rowsOf<{ id: number; n: number }>(
      db,
      sql`select customer_id as id, count(*)::int as n from orders where customer_id is not null
          group by customer_id order by count(*) desc, customer_id limit 1`,
    );
    const busy = withOrders[0]!;
    // The dispatcher sees every warehouse's orders; a driver only his warehouses' (decision 0021).
    const detail = (await dispatcher.get(`/api/customer/${busy.id}`)).json();
    expect(detail.orders).toHaveLength(busy.n);
    const ids = detail.orders.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(detail.orders[0]).toEqual({
      id: expect.any(Number),
      intern_id: expect.any(Number),
      created: expect.any(String),
      expected_delivery_date: expect.toSatisfy(
        (d: unknown) => d === null || /^\d{4}-\d{2}-\d{2}$/.test(String(d)),
      ),
      hidden: expect.any(Boolean),
      done: expect.any(Boolean),
      warehouse: expect.objectContaining({ id: expect.any(Number), name: expect.any(String) }),
    });
    const missing = await driver.get('/api/customer/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_code).toBe(ErrorCode.notFound);
  });

  it('takes the edit payload (final_address, pre_phone) and bumps the version', async () => {
    const { item } = (await technician.post('/api/customer/add', customerForm())).json();
    const response = await technician.put(`/api/customer/${item.id}/edit`, edit(item));
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({
      id: item.id,
      intern_id: item.intern_id,
      last_name: 'Zelenková-Malá',
      whole_phone: '+436641234567',
      address: {
        full_address: 'Hauptplatz 5, 3830 Waidhofen an der Thaya',
        country: 'Rakousko',
        zip_code: '3830',
      },
      version: item.version + 1,
    });
  });

  it('answers 409 to a stale version, 400 to a missing field, 404, 403, writing nothing', async () => {
    const { item } = (await technician.post('/api/customer/add', customerForm())).json();
    expect((await technician.put(`/api/customer/${item.id}/edit`, edit(item))).statusCode).toBe(200);
    const stale = await technician.put(`/api/customer/${item.id}/edit`, edit(item, { last_name: 'Jiná' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe(ErrorCode.conflict);
    const { final_address: _omit, ...withoutAddress } = edit(item);
    const missing = await technician.put(`/api/customer/${item.id}/edit`, withoutAddress);
    expect(missing.json().fields).toEqual(['final_address']);
    expect((await technician.put('/api/customer/999999/edit', edit(item))).statusCode).toBe(404);
    expect((await driver.put(`/api/customer/${item.id}/edit`, edit(item))).statusCode).toBe(403);
    expect((await driver.get(`/api/customer/${item.id}`)).json().customer.last_name).toBe('Zelenková-Malá');
  });
});

describe('IČO and DIČ of a company customer', () => {
  it('keeps the demo companies valid under the check (their IČOs carry the check digit)', async () => {
    const all = (await technician.get('/api/customers?per_page=1000')).json().items as {
      organization_id: string;
      vat_id: string;
    }[];
    const companies = all.filter((c) => c.organization_id);
    expect(companies.length).toBeGreaterThan(10);
    for (const c of companies) expect(isValidIco(c.organization_id), c.organization_id).toBe(true);
    expect(companies.filter((c) => c.vat_id === `CZ${c.organization_id}`).length).toBeGreaterThan(0);
  });

  it('keeps both normalised, answers vat_id, and checks the IČO of a Czech customer', async () => {
    const added = await technician.post(
      '/api/customer/add',
      customerForm({ organizationId: '270 82 440', vatId: 'cz 27082440', organizationName: 'Pila s.r.o.' }),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().item).toMatchObject({ organization_id: '27082440', vat_id: 'CZ27082440' });

    const before = await countCustomers();
    for (const [overrides, field] of [
      [{ organizationId: '27082441' }, 'organizationId'],
      [{ organizationId: '2708244' }, 'organizationId'],
      [{ vatId: '27082440' }, 'vatId'],
      [{ organizationId: '27082440', vatId: 'CZ25596641' }, 'vatId'],
      [{ vatId: 'SK2022749618', country: 'Slovensko' }, 'vatId'],
      [{ vatId: 'ATU1358562', country: 'Rakousko' }, 'vatId'],
    ] as const) {
      const bad = await technician.post('/api/customer/add', customerForm(overrides));
      expect(bad.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(bad.json().fields, JSON.stringify(overrides)).toEqual([field]);
    }
    expect(await countCustomers()).toBe(before);
    // A Slovak IČO is only 8 digits; an Austrian company number is free text.
    for (const overrides of [
      { organizationId: '12345678', vatId: 'SK2022749619', country: 'Slovensko' },
      { organizationId: 'FN 123456a', vatId: 'ATU13585627', country: 'Rakousko' },
    ]) {
      expect((await technician.post('/api/customer/add', customerForm(overrides))).statusCode).toBe(201);
    }
  });

  it('lets a customer with a legacy invalid IČO be edited, and checks the IČO once it changes', async () => {
    const { item } = (await technician.post('/api/customer/add', customerForm())).json();
    await db.execute(
      sql`update customers set organization_id = '12345678', vat_id = 'CZ12345678' where id = ${item.id}`,
    );
    const body = {
      first_name: item.first_name,
      last_name: item.last_name,
      organization_id: '12345678',
      organization_name: 'Stará firma',
      pre_phone: '+420',
      phone: '603999888',
      email: '',
      final_address: item.address.full_address,
      town: item.address.town,
      zip: item.address.zip_code,
      country: item.address.country,
      lat: item.address.gps_lat,
      lon: item.address.gps_lon,
    };
    // domain.md's payload without vat_id: the stored DIČ stays.
    const phoneOnly = await technician.put(`/api/customer/${item.id}/edit`, body);
    expect(phoneOnly.statusCode, phoneOnly.body).toBe(200);
    expect(phoneOnly.json().item).toMatchObject({
      phone: '603999888',
      organization_id: '12345678',
      vat_id: 'CZ12345678',
    });

    const changed = await technician.put(`/api/customer/${item.id}/edit`, {
      ...body,
      organization_id: '12345670',
    });
    expect(changed.statusCode).toBe(400);
    // A new IČO checks the DIČ beside it again too.
    expect(changed.json()).toMatchObject({
      error_code: ErrorCode.invalidInput,
      fields: ['organization_id', 'vat_id'],
    });
    const fixed = await technician.put(`/api/customer/${item.id}/edit`, {
      ...body,
      organization_id: '27082440',
      vat_id: 'CZ27082440',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().item).toMatchObject({ organization_id: '27082440', vat_id: 'CZ27082440' });
  });
});

describe('PUT /api/customer/:id/change_to_contact', () => {
  it('lets the dispatcher toggle the flag, and nobody else', async () => {
    const { item } = (await technician.post('/api/customer/add', customerForm())).json();
    const on = await dispatcher.put(`/api/customer/${item.id}/change_to_contact`);
    expect(on.statusCode).toBe(200);
    expect(on.json().item.to_contact).toBe(true);
    expect((await dispatcher.put(`/api/customer/${item.id}/change_to_contact`)).json().item.to_contact).toBe(
      false,
    );
    const owner = await login(app, 'owner');
    expect((await owner.put(`/api/customer/${item.id}/change_to_contact`)).statusCode).toBe(403);
    expect((await technician.put(`/api/customer/${item.id}/change_to_contact`)).statusCode).toBe(403);
    expect((await dispatcher.put('/api/customer/999999/change_to_contact')).statusCode).toBe(404);
  });
});

describe('GET /api/phone_prefixes', () => {
  it('answers the three prefixes with their countries', async () => {
    const response = await driver.get('/api/phone_prefixes');
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((p: { code: string }) => p.code)).toEqual(['+420', '+421', '+43']);
  });
});
