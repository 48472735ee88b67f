import { ErrorCode } from '@letokruh/contracts/errors';
import { defaultPermissionMatrix } from '@letokruh/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { someCustomerId } from '../../../test/customers.ts';

let t: BuiltTestApp;
let owner: Client;
let technician: Client;
let warehouseman: Client;
let driver: Client;
let customer: { id: number; first_name: string; last_name: string; phone: string; whole_phone: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, technician, warehouseman, driver } = await signIn(t.app, [
    'owner',
    'technician',
    'warehouseman',
    'driver',
  ]));
  customer = (await owner.get(`/api/customer/${await someCustomerId(owner, 2)}`)).json().customer;
});
afterAll(() => t?.close());

const draft = async () => (await technician.get('/api/order/add')).json().id as number;

describe('GET /api/api/get-customers/phone', () => {
  it('finds by a part of the phone, spaces ignored, and by first and last name together', async () => {
    const spaced = `${customer.phone.slice(0, 3)} ${customer.phone.slice(3, 6)}`;
    const byPhone = (
      await technician.get(`/api/api/get-customers/phone?phone=${encodeURIComponent(spaced)}`)
    ).json();
    expect(byPhone.data.map((c: { id: number }) => c.id)).toContain(customer.id);
    const byName = await technician.get(
      `/api/api/get-customers/phone?first_name=${encodeURIComponent(customer.first_name.toLowerCase())}&last_name=${encodeURIComponent(customer.last_name)}`,
    );
    expect(byName.statusCode).toBe(200);
    for (const c of byName.json().data) {
      expect(c.first_name.toLowerCase()).toContain(customer.first_name.toLowerCase());
      expect(c.last_name).toContain(customer.last_name);
    }
    expect(byName.json().data.map((c: { id: number }) => c.id)).toContain(customer.id);
  });

  it('nothing asked finds nothing; at most 20 candidates; a driver is refused', async () => {
    expect((await technician.get('/api/api/get-customers/phone?phone=&first_name=')).json()).toEqual({
      data: [],
    });
    expect(
      (await technician.get('/api/api/get-customers/phone?phone=7')).json().data.length,
    ).toBeLessThanOrEqual(20);
    const refused = await driver.get('/api/api/get-customers/phone?phone=603');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_code).toBe(ErrorCode.accessDenied);
  });
});

describe('POST /order/{id}/customer', () => {
  it('takes the customer found, or creates one from the add-customer form', async () => {
    const id = await draft();
    const found = await technician.post(`/api/order/${id}/customer`, { id_found: customer.id });
    expect(found.statusCode).toBe(200);
    expect(found.json().item).toMatchObject({
      customer: { id: customer.id },
      address: { full_address: expect.any(String) },
    });
    expect(found.json().item.calendar_name).toContain(', ');

    const created = await technician.post(`/api/order/${id}/customer`, {
      firstName: 'Alena',
      lastName: 'Zkušební',
      phone: '777 123 456',
      address: 'Hlavní 1, 588 13 Polná',
      town: 'Polná',
      zip: '588 13',
      country: 'Česká republika',
      lat: 49.4875,
      lon: 15.7201,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().item.customer).toMatchObject({ first_name: 'Alena', whole_phone: '+420777123456' });
    expect(created.json().item.version).toBe(found.json().item.version + 1);
  });

  it('bad input answers 400 / 120 naming the fields; an unknown customer names id_found', async () => {
    const id = await draft();
    const missing = await technician.post(`/api/order/${id}/customer`, { firstName: 'Alena', phone: '12' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_code).toBe(ErrorCode.invalidInput);
    expect(missing.json().fields).toEqual(expect.arrayContaining(['lastName', 'phone', 'address', 'lat']));
    const unknown = await technician.post(`/api/order/${id}/customer`, { id_found: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual(['id_found']);
  });

  it('404 for an unknown order, 409 for a stale version, 403 for a warehouseman', async () => {
    expect((await technician.post('/api/order/999999/customer', { id_found: customer.id })).statusCode).toBe(
      404,
    );
    const id = await draft();
    const stale = await technician.post(`/api/order/${id}/customer`, { id_found: customer.id, version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe(ErrorCode.conflict);
    expect((await technician.get(`/api/order/${id}`)).json().item.customer).toBeNull();
    expect((await warehouseman.post(`/api/order/${id}/customer`, { id_found: customer.id })).statusCode).toBe(
      403,
    );
  });

  it('creating a customer needs add_customer; picking one does not', async () => {
    const without = defaultPermissionMatrix.technical_specialist.filter((p) => p !== 'add_customer');
    expect(
      (await owner.put('/api/permissions', { name: 'technical_specialist', permissions: without }))
        .statusCode,
    ).toBe(200);
    try {
      const id = await draft();
      const form = {
        firstName: 'Jan',
        lastName: 'Nový',
        phone: '777000111',
        address: 'A 1',
        town: 'B',
        zip: '1',
      };
      const refused = await technician.post(`/api/order/${id}/customer`, {
        ...form,
        country: 'CZ',
        lat: 49,
        lon: 15,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_code).toBe(ErrorCode.accessDenied);
      expect((await technician.post(`/api/order/${id}/customer`, { id_found: customer.id })).statusCode).toBe(
        200,
      );
    } finally {
      await owner.put('/api/permissions', {
        name: 'technical_specialist',
        permissions: defaultPermissionMatrix.technical_specialist,
      });
    }
  });
});

describe('GET /warehouse_distance/{orderId}', () => {
  it('lists the warehouses in use with cars and an estimated way to the customer', async () => {
    const id = await draft();
    expect((await technician.get(`/api/warehouse_distance/${id}`)).statusCode).toBe(409);
    await technician.post(`/api/order/${id}/customer`, { id_found: customer.id });
    const response = await technician.get(`/api/warehouse_distance/${id}`);
    expect(response.statusCode).toBe(200);
    const list = response.json().warehouses_distance;
    expect(list.map((w: { name: string }) => w.name).sort()).toEqual([
      'Sklad Havlíčkův Brod',
      'Sklad Jihlava',
      'Sklad Třebíč',
    ]);
    for (const w of list) {
      expect(w).toMatchObject({ estimate: true, color: expect.any(String), cars: expect.any(Array) });
      expect(w.distance).toBeGreaterThanOrEqual(0);
      expect(w.cars).toHaveLength(2);
      // 50 km/h: the minutes follow the kilometres.
      expect(w.duration).toBe(Math.ceil((w.distance / 50) * 60));
    }
    expect((await technician.get('/api/warehouse_distance/999999')).statusCode).toBe(404);
    expect((await driver.get(`/api/warehouse_distance/${id}`)).statusCode).toBe(403);
  });
});
