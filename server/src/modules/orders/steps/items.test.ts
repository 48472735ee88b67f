import { ErrorCode } from '@letokruh/contracts/errors';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { someCustomerId } from '../../../test/customers.ts';
import { itemsPayload, makeOrder, warehouseIds } from '../../../test/orders.ts';
import { makeProduct } from '../../../test/products.ts';

let t: BuiltTestApp;
let owner: Client;
let technician: Client;
let warehouseman: Client;
let driver: Client;
let jihlava: number;
let brod: number;
let customer: { id: number; first_name: string; last_name: string; phone: string; whole_phone: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, technician, warehouseman, driver } = await signIn(t.app, [
    'owner',
    'technician',
    'warehouseman',
    'driver',
  ]));
  ({ jihlava, brod } = await warehouseIds(owner));
  customer = (await owner.get(`/api/customer/${await someCustomerId(owner, 2)}`)).json().customer;
});
afterAll(() => t?.close());

const draft = async () => (await technician.get('/api/order/add')).json().id as number;

describe('POST /order/{id}/items', () => {
  it('saves the lines with the prices in force and answers the totals of the rule (CZK)', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 0 });
    const id = await draft();
    await technician.post(`/api/order/${id}/customer`, { id_found: customer.id });
    const saved = await technician.post(
      `/api/order/${id}/items`,
      itemsPayload(jihlava, [{ id: product, amount: 2 }], { distance: 12, duration: 20 }),
    );
    expect(saved.statusCode).toBe(200);
    // 1210 × 2 = 2420 (2000 net); delivery 30 × 12 × 2 = 720, net 720 / 1.21 = 595.04.
    expect(saved.json().item).toMatchObject({
      warehouse: { id: jihlava },
      currency: 'CZK',
      distance: 12,
      duration: 20,
      expected_travel_length: 24,
      product_prices: 2420,
      price_with_vat: 3140,
      total_price: 2595.04,
      total_price_vat: 544.96,
      delivery_price: { amount: 30, minimum_price: 600, price: 720 },
      products: [
        {
          amount: 2,
          prepared: false,
          product: { product: { id: product }, amount: 1210, currency: 'CZK', vat: 21, discount: 1 },
          total_price_vat: 2420,
          total_price: 2000,
        },
      ],
    });
  });

  it('EUR: its own rate and minimum, VAT from the price list, a typed price kept', async () => {
    const product = await makeProduct(owner, brod, { stock: 0 });
    const id = await draft();
    const saved = await technician.post(`/api/order/${id}/items`, {
      ...itemsPayload(brod, [{ id: product, amount: 3, price: 40 }], { distance: 10 }),
      currency: 'EUR',
    });
    // 40 × 3 = 120 (100 net); delivery 1.25 × 10 × 2 = 25 → minimum 30 (25 net).
    expect(saved.json().item).toMatchObject({
      product_prices: 120,
      price_with_vat: 150,
      total_price: 125,
      total_price_vat: 25,
      delivery_price: { amount: 1.25, minimum_price: 30, price: 30 },
    });
    expect(saved.json().item.products[0].product).toMatchObject({ amount: 40, vat: 20, currency: 'EUR' });
  });

  it('a saved line keeps its price when the price list changes; a new order gets the new price', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 0 });
    const order = await makeOrder(technician, { warehouseId: jihlava, customerId: customer.id, lines: [] });
    await technician.post(
      `/api/order/${order.id}/items`,
      itemsPayload(jihlava, [{ id: product, amount: 1 }]),
    );
    const changed = await owner.put(`/api/product/${product}/change_price`, {
      product_id: product,
      warehouse: jihlava,
      currency: 'CZK',
      price: 1500,
      vat: 21,
      from_date: pragueDay(),
    });
    expect(changed.statusCode).toBe(200);
    const resaved = await technician.post(
      `/api/order/${order.id}/items`,
      itemsPayload(jihlava, [{ id: product, amount: 4 }]),
    );
    expect(resaved.json().item.products[0].product.amount).toBe(1210);
    const other = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId: customer.id,
      lines: [{ id: product, amount: 1 }],
    });
    expect(other.products[0]!.product.amount).toBe(1500);
  });

  it('refuses products not offered there, a product twice, unknown warehouses and bad amounts (400)', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 0 });
    await owner.delete(`/api/product/${product}/delete`);
    const id = await draft();
    const cases: [unknown, string[]][] = [
      [itemsPayload(jihlava, [{ id: product, amount: 1 }]), ['products.0.product.product.id']],
      [
        itemsPayload(jihlava, [
          { id: 1, amount: 1 },
          { id: 1, amount: 2 },
        ]),
        ['products'],
      ],
      [itemsPayload(999999, []), ['warehouse_id']],
      [itemsPayload(jihlava, [{ id: 1, amount: 0 }]), ['products.0.amount']],
      [itemsPayload(jihlava, [{ id: 1, amount: 1, price: -1 }]), ['products.0.product.amount']],
      [{ ...itemsPayload(jihlava, []), currency: 'USD' }, ['currency']],
    ];
    for (const [payload, fields] of cases) {
      const response = await technician.post(`/api/order/${id}/items`, payload as object);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error_code).toBe(ErrorCode.invalidInput);
      expect(response.json().fields).toEqual(fields);
    }
  });

  it('a stale version answers 409 and writes nothing; a cancelled order cannot be edited', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 0 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId: customer.id,
      lines: [{ id: product, amount: 1 }],
    });
    const first = await technician.post(
      `/api/order/${order.id}/items`,
      itemsPayload(jihlava, [{ id: product, amount: 2 }], { version: order.version }),
    );
    expect(first.statusCode).toBe(200);
    const second = await owner.post(
      `/api/order/${order.id}/items`,
      itemsPayload(jihlava, [{ id: product, amount: 9 }], { version: order.version }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error_code).toBe(ErrorCode.conflict);
    expect((await technician.get(`/api/order/${order.id}`)).json().item.products[0].amount).toBe(2);

    await owner.delete(`/api/order/${order.id}/delete`);
    expect(
      (await technician.post(`/api/order/${order.id}/items`, itemsPayload(jihlava, []))).statusCode,
    ).toBe(409);
    expect(
      (await warehouseman.post(`/api/order/${order.id}/items`, itemsPayload(jihlava, []))).statusCode,
    ).toBe(403);
  });
});

describe('GET /order/{id}/drivers and /order/{id}/warehouse_cars', () => {
  it("offers the warehouse's drivers and cars; a draft every driver and no car", async () => {
    const id = await draft();
    const allDrivers = (await technician.get(`/api/order/${id}/drivers`)).json().items;
    expect(allDrivers.map((d: { username: string }) => d.username).sort()).toEqual([
      'driver',
      'driver2',
      'driver3',
    ]);
    expect((await technician.get(`/api/order/${id}/warehouse_cars`)).json()).toEqual({ items: [] });
    await technician.post(`/api/order/${id}/items`, itemsPayload(jihlava, []));
    const drivers = (await technician.get(`/api/order/${id}/drivers`)).json().items;
    expect(drivers.map((d: { username: string }) => d.username).sort()).toEqual(['driver', 'driver2']);
    const cars = (await technician.get(`/api/order/${id}/warehouse_cars`)).json().items;
    expect(cars.map((c: { name: string }) => c.name).sort()).toEqual([
      'Avia D120 (1J7 3309)',
      'Tatra 815 (1J2 4521)',
    ]);
    expect((await driver.get(`/api/order/${id}/drivers`)).statusCode).toBe(403);
    expect((await technician.get('/api/order/999999/warehouse_cars')).statusCode).toBe(404);
  });
});

describe('items of another currency', () => {
  it('a currency change takes the new currency’s prices and VAT', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 0 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId: customer.id,
      lines: [{ id: product, amount: 2 }],
    });
    const eur = await technician.post(`/api/order/${order.id}/items`, {
      ...itemsPayload(jihlava, [{ id: product, amount: 2 }]),
      currency: 'EUR',
    });
    expect(eur.json().item.products[0].product).toMatchObject({ amount: 50, vat: 20, currency: 'EUR' });
    expect(eur.json().item.delivery_price).toMatchObject({ amount: 1.25, minimum_price: 30 });
  });
});
