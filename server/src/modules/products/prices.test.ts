import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPrices } from '../../db/schema/index.ts';
import { login } from '../../test/build.ts';
import { buildProductsTest, type ProductsTest, productForm } from '../../test/products.ts';

let t: ProductsTest;
const today = pragueDay();

beforeAll(async () => {
  t = await buildProductsTest();
});
afterAll(() => t?.close());

describe('PUT /api/product/:id/change_price', () => {
  const change = (id: number, overrides: Record<string, unknown> = {}) =>
    t.owner.put(`/api/product/${id}/change_price`, {
      product_id: id,
      warehouse: t.wid('Jihlava'),
      currency: 'CZK',
      price: 1500,
      vat: 21,
      from_date: today,
      ...overrides,
    });

  it('a price from tomorrow leaves today untouched and shows in the history', async () => {
    const { item } = (
      await t.owner.post('/api/product/add', productForm({ priceForm: [{ currency: 'CZK', price: 900 }] }))
    ).json();
    const response = await change(item.id, { price: 990, from_date: addDays(today, 1) });
    expect(response.statusCode).toBe(200);
    const detail = response.json().item;
    expect(
      detail.prices.find((p: { warehouse: { id: number } }) => p.warehouse.id === t.wid('Jihlava')).amount,
    ).toBe(900);
    expect(detail.price_history[0]).toMatchObject({ amount: 990, from_date: addDays(today, 1) });
    expect(detail.price_history).toHaveLength(t.warehouses.length + 1);
    expect((await t.offered(item.id, t.wid('Jihlava')))?.pricesWithVat[0]?.amount).toBe(900);
  });

  it('a price from today is in force at once; within one day the latest entered wins', async () => {
    const { item } = (
      await t.owner.post('/api/product/add', productForm({ priceForm: [{ currency: 'CZK', price: 900 }] }))
    ).json();
    expect((await change(item.id, { price: 950, vat: 12 })).statusCode).toBe(200);
    expect(await t.offered(item.id, t.wid('Jihlava'))).toMatchObject({
      pricesWithVat: [{ currency: 'CZK', amount: 950 }],
      vats: [{ currency: 'CZK', vat: 12 }],
    });
    expect((await t.offered(item.id, t.wid('Třebíč')))?.pricesWithVat[0]?.amount).toBe(900);
  });

  it('the price in force is the latest from_date on or before the day', async () => {
    const { item } = (await t.owner.post('/api/product/add', productForm())).json();
    const w = t.wid('Havlíčkův');
    await t.db.insert(productPrices).values([
      {
        productId: item.id,
        warehouseId: w,
        currency: 'EUR',
        price: 10,
        vat: 20,
        fromDate: addDays(today, -30),
      },
      {
        productId: item.id,
        warehouseId: w,
        currency: 'EUR',
        price: 12,
        vat: 20,
        fromDate: addDays(today, -1),
      },
      {
        productId: item.id,
        warehouseId: w,
        currency: 'EUR',
        price: 11,
        vat: 20,
        fromDate: addDays(today, -10),
      },
      {
        productId: item.id,
        warehouseId: w,
        currency: 'EUR',
        price: 14,
        vat: 20,
        fromDate: addDays(today, 2),
      },
    ]);
    expect((await t.offered(item.id, w, 'EUR'))?.pricesWithVat).toEqual([{ currency: 'EUR', amount: 12 }]);
    const detail = (await t.owner.get(`/api/product/${item.id}`)).json().item;
    expect(detail.prices.map((p: { amount: number }) => p.amount)).toEqual([12]);
    expect(detail.price_history.map((p: { amount: number }) => p.amount)).toEqual([14, 12, 11, 10]);
  });

  it('refuses a past date, a product_id of another product, an unknown warehouse, a bad VAT', async () => {
    const { item } = (await t.owner.post('/api/product/add', productForm())).json();
    const before = await t.countPrices();
    const cases: [Record<string, unknown>, string][] = [
      [{ from_date: addDays(today, -1) }, 'from_date'],
      [{ product_id: item.id + 1000 }, 'product_id'],
      [{ warehouse: 999999 }, 'warehouse'],
      [{ vat: 11 }, 'vat'],
      [{ price: -1 }, 'price'],
      [{ currency: 'USD' }, 'currency'],
      [{ from_date: '2026-02-30' }, 'from_date'],
    ];
    for (const [overrides, field] of cases) {
      const response = await change(item.id, overrides);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fields, field).toEqual([field]);
    }
    expect(await t.countPrices()).toBe(before);
    expect((await change(999999, { product_id: 999999 })).statusCode).toBe(404);
  });

  it("refuses a VAT rate not valid on from_date in the currency's country, writing nothing", async () => {
    const { item } = (await t.owner.post('/api/product/add', productForm())).json();
    const before = await t.countPrices();
    // Today is after 2023: Czechia has 21, 12 and 0; Austria 20, 13, 10 and 0.
    for (const [currency, vat] of [
      ['CZK', 15],
      ['CZK', 10],
      ['CZK', 20],
      ['EUR', 21],
      ['EUR', 12],
    ] as const) {
      const response = await change(item.id, { currency, vat, from_date: addDays(today, 3) });
      expect(response.statusCode, `${currency} ${vat}`).toBe(400);
      expect(response.json()).toMatchObject({ error_code: 127, fields: ['vat'] });
    }
    expect(await t.countPrices()).toBe(before);
    for (const [currency, vat] of [
      ['CZK', 21],
      ['CZK', 12],
      ['CZK', 0],
      ['EUR', 20],
      ['EUR', 13],
      ['EUR', 10],
    ] as const) {
      expect((await change(item.id, { currency, vat })).statusCode, `${currency} ${vat}`).toBe(200);
    }
    expect(await t.countPrices()).toBe(before + 6);
  });

  it("the add form's prices start today, so their rates must be valid today", async () => {
    const name = `Jedle 15 % ${Math.random().toString(36).slice(2, 7)}`;
    const response = await t.owner.post(
      '/api/product/add',
      productForm({
        name,
        priceForm: [
          { currency: 'CZK', price: 900, vat: 12 },
          { currency: 'EUR', price: 36, vat: 15 },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: 127, fields: ['priceForm.1.vat'] });
    const found = (await t.owner.get(`/api/products?name=${encodeURIComponent(name)}`)).json();
    expect(found.items).toEqual([]);
  });

  it('needs change_product: the dispatcher is refused', async () => {
    const dispatcher = await login(t.app, 'dispatcher');
    const response = await dispatcher.put('/api/product/1/change_price', {
      product_id: 1,
      warehouse: t.wid('Jihlava'),
      currency: 'CZK',
      price: 1,
      vat: 21,
      from_date: today,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/available_products', () => {
  it('groups the offer by type in the spec order with the fields of domain.md §1.3', async () => {
    const response = await t.technician.get(
      `/api/available_products?warehouse_id=${t.wid('Jihlava')}&currency=EUR`,
    );
    expect(response.statusCode).toBe(200);
    const groups = response.json().products_types;
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['Měkké', 'Tvrdé', 'Doplňkový prodej']);
    const product = groups[1].products.find((p: { name: string }) => p.name === 'Buk štípaný sypané 33 cm');
    expect(product).toEqual({
      id: expect.any(Number),
      name: 'Buk štípaný sypané 33 cm',
      shorten_name: 'BK33S',
      type: 'Tvrdé',
      subtype: 'hard',
      length: 33,
      measurement_unit: 'PRMS',
      pricesWithVat: [{ currency: 'EUR', amount: 83.5 }],
      vats: [{ currency: 'EUR', vat: 20 }],
    });
  });

  it('refuses an unknown warehouse (404), a bad currency or a missing parameter (400), a driver (403)', async () => {
    expect(
      (await t.technician.get('/api/available_products?warehouse_id=999999&currency=CZK')).statusCode,
    ).toBe(404);
    const bad = await t.technician.get(
      `/api/available_products?warehouse_id=${t.wid('Jihlava')}&currency=USD`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(['currency']);
    expect((await t.technician.get('/api/available_products?currency=CZK')).statusCode).toBe(400);
    const driver = await login(t.app, 'driver');
    expect(
      (await driver.get(`/api/available_products?warehouse_id=${t.wid('Jihlava')}&currency=CZK`)).statusCode,
    ).toBe(403);
  });
});
