import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { someCustomerId } from '../../../test/customers.ts';
import { makeOrder, warehouseIds } from '../../../test/orders.ts';
import { makeProduct } from '../../../test/products.ts';

let t: BuiltTestApp;
let owner: Client;
let technician: Client;
let warehouseman: Client;
let driver: Client;
let jihlava: number;
let brod: number;
let customerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, technician, warehouseman, driver } = await signIn(t.app, [
    'owner',
    'technician',
    'warehouseman',
    'driver',
  ]));
  ({ jihlava, brod } = await warehouseIds(owner));
  customerId = await someCustomerId(owner, 4);
});
afterAll(() => t?.close());

describe('GET /order/{id}/copy', () => {
  it('a new number for the same customer, warehouse and products at today’s prices, not scheduled', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 0 });
    const source = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: product, amount: 3, price: 999 }],
      items: { distance: 15, duration: 25 },
    });
    const copied = await technician.get(`/api/order/${source.id}/copy`);
    expect(copied.statusCode).toBe(200);
    const copy = (await technician.get(`/api/order/${copied.json().order_id}`)).json().item;
    expect(copy.id).not.toBe(source.id);
    expect(copy.intern_id).toBeGreaterThan(source.intern_id);
    expect(copy).toMatchObject({
      customer: { id: customerId },
      warehouse: { id: jihlava },
      currency: 'CZK',
      distance: 15,
      duration: 25,
      expected_delivery_date: null,
      done: false,
      products: [{ amount: 3, prepared: false, product: { product: { id: product }, amount: 1210 } }],
    });
    expect((await warehouseman.get(`/api/order/${source.id}/copy`)).statusCode).toBe(403);
    expect((await technician.get('/api/order/999999/copy')).statusCode).toBe(404);
  });
});

describe('GET /api/api/get-orders (the calendar)', () => {
  it("the days' orders of the chosen warehouses with their totals, without cancelled ones", async () => {
    const product = await makeProduct(owner, jihlava, { stock: 0 });
    const a = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: product, amount: 1 }],
    });
    const b = await makeOrder(technician, {
      warehouseId: brod,
      customerId,
      lines: [],
      intern: { expected_delivery_date: a.expected_delivery_date, expected_delivery_time: '14:00' },
    });
    const day = a.expected_delivery_date!;
    const get = async (query: string) => {
      const response = await technician.get(`/api/api/get-orders?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { id: number }[]).map((o) => o.id);
    };
    expect(await get(`warehouses=${jihlava}&dates=${day}`)).toEqual([a.id]);
    expect(await get(`warehouses=${jihlava},${brod}&dates=2030-01-01&dates=${day}`)).toEqual([a.id, b.id]);
    expect(await get(`warehouses=${jihlava}&dates=${day}&show_cobined=true`)).toEqual([a.id, b.id]);
    expect(await get(`warehouses=${jihlava}&dates=${day}&show_cobined=true&id_out=${a.id}`)).toEqual([b.id]);
    expect(await get(`dates=${day}`)).toEqual([]);
    const [first] = (await technician.get(`/api/api/get-orders?warehouses=${jihlava}&dates=${day}`)).json()
      .data;
    expect(first).toMatchObject({ id: a.id, price_with_vat: 1810, calendar_name: expect.any(String) });
    expect(first.files).toBeUndefined();
    await owner.delete(`/api/order/${a.id}/delete`);
    expect(await get(`warehouses=${jihlava}&dates=${day}`)).toEqual([]);
  });

  it('the demo week has orders, and more than 62 days are refused', async () => {
    const today = pragueDay();
    const dates = Array.from({ length: 7 }, (_, i) => new Date(Date.parse(`${today}T12:00Z`) + i * 864e5))
      .map((d) => d.toISOString().slice(0, 10))
      .join(',');
    const week = (await owner.get(`/api/api/get-orders?warehouses=${jihlava},${brod}&dates=${dates}`)).json()
      .data;
    expect(week.length).toBeGreaterThan(5);
    const many = Array.from(
      { length: 63 },
      (_, i) => `2030-01-${String((i % 28) + 1).padStart(2, '0')}`,
    ).join(',');
    expect((await owner.get(`/api/api/get-orders?warehouses=${jihlava}&dates=${many}`)).statusCode).toBe(400);
  });
});

describe('order files', () => {
  it('uploads, lists on the detail, downloads and deletes; a warehouseman only downloads', async () => {
    const order = await makeOrder(technician, { warehouseId: jihlava, customerId, lines: [] });
    const form = new FormData();
    form.append('title', 'Dodací list 1');
    form.append('file_type', 'Dodací list');
    form.append('file', new Blob(['dodací list'], { type: 'text/plain' }), 'dl.txt');
    const encoded = new Response(form);
    const added = await technician.post(
      `/api/order/${order.id}/files/add`,
      Buffer.from(await encoded.arrayBuffer()),
      {
        headers: { 'content-type': encoded.headers.get('content-type')! },
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    const fileId = added.json().item.id;
    expect((await technician.get(`/api/order/${order.id}`)).json().item.files).toEqual([
      expect.objectContaining({ id: fileId, title: 'Dodací list 1', file_type: 'Dodací list' }),
    ]);
    const download = await warehouseman.get(`/api/order/${order.id}/files/${fileId}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('dodací list');
    expect((await warehouseman.delete(`/api/order/${order.id}/files/${fileId}/delete`)).statusCode).toBe(403);
    expect((await technician.delete(`/api/order/${order.id}/files/${fileId}/delete`)).statusCode).toBe(200);
    expect((await technician.get(`/api/order/${order.id}`)).json().item.files).toEqual([]);
  });

  it('takes only the types Dodací list, Faktura and Jiné, and only files of that order (400, 404)', async () => {
    const order = await makeOrder(technician, { warehouseId: jihlava, customerId, lines: [] });
    const other = await makeOrder(technician, { warehouseId: jihlava, customerId, lines: [] });
    const upload = async (orderId: number, fileType: string) => {
      const form = new FormData();
      form.append('title', 'Doklad');
      form.append('file_type', fileType);
      form.append('file', new Blob(['obsah'], { type: 'text/plain' }), 'doklad.txt');
      const encoded = new Response(form);
      return technician.post(`/api/order/${orderId}/files/add`, Buffer.from(await encoded.arrayBuffer()), {
        headers: { 'content-type': encoded.headers.get('content-type')! },
      });
    };
    for (const type of ['Faktura', 'Jiné']) expect((await upload(order.id, type)).statusCode).toBe(201);
    const wrongType = await upload(order.id, 'Smlouva');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual(['file_type']);
    expect((await upload(999_999, 'Jiné')).statusCode).toBe(404);
    const fileId = (await technician.get(`/api/order/${order.id}`)).json().item.files[0].id as number;
    expect((await technician.get(`/api/order/${other.id}/files/${fileId}/download`)).statusCode).toBe(404);
    expect((await technician.delete(`/api/order/${other.id}/files/${fileId}/delete`)).statusCode).toBe(404);
    expect((await technician.get(`/api/order/${order.id}`)).json().item.files).toHaveLength(2);
    expect((await driver.get(`/api/order/${order.id}/files/${fileId}/download`)).statusCode).toBe(200);
  });
});
