import { ErrorCode } from '@letokruh/contracts/errors';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/build.ts';
import { buildProductsTest, type ProductsTest, productForm } from '../../test/products.ts';

let t: ProductsTest;
const today = pragueDay();

beforeAll(async () => {
  t = await buildProductsTest();
});
afterAll(() => t?.close());

describe('GET /api/products and /api/product/:id', () => {
  it('pages the demo products with the prices in force in every warehouse', async () => {
    const response = await t.technician.get('/api/products?per_page=50');
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json();
    expect(total).toBeGreaterThanOrEqual(28);
    expect(new Set(items.map((p: { type: string }) => p.type))).toEqual(
      new Set(['Měkké', 'Tvrdé', 'Doplňkový prodej']),
    );
    const smrk = items.find((p: { name: string }) => p.name === 'Smrk štípaný sypané 33 cm');
    expect(smrk).toMatchObject({ length: 33, measurement_unit: 'PRMS', subtype: 'soft', hidden: false });
    expect(smrk.prices).toHaveLength(t.warehouses.length * 2);
    expect(smrk.prices).toContainEqual(
      expect.objectContaining({
        currency: 'CZK',
        amount: 1190,
        vat: 21,
        warehouse: { id: t.wid('Jihlava'), name: 'Sklad Jihlava' },
      }),
    );
  });

  it('filters by name and type; a driver without view_product is refused', async () => {
    const buk = (await t.technician.get('/api/products?name=buk&type=Tvrdé')).json();
    expect(buk.total).toBeGreaterThan(0);
    for (const p of buk.items) {
      expect(p.name.toLowerCase()).toContain('buk');
      expect(p.type).toBe('Tvrdé');
    }
    const driver = await login(t.app, 'driver');
    expect((await driver.get('/api/products')).statusCode).toBe(403);
    expect((await t.technician.get('/api/products?type=Plasty')).statusCode).toBe(400);
  });

  it('answers 404 / 130 for an unknown product', async () => {
    const response = await t.technician.get('/api/product/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().error_code).toBe(ErrorCode.notFound);
  });
});

describe('POST /api/product/add', () => {
  it('creates a product with prices from today: general lines, overridden per warehouse', async () => {
    const response = await t.owner.post(
      '/api/product/add',
      productForm({
        priceForm: [
          { currency: 'CZK', price: 1000 },
          { currency: 'CZK', price: 1100.5, vat: 12, warehouse: t.wid('Třebíč') },
          { currency: 'EUR', price: 40, vat: 20, warehouse: t.wid('Jihlava') },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const { item } = response.json();
    expect(item).toMatchObject({
      shorten_name: 'ZK',
      type: 'Tvrdé',
      subtype: null,
      description: '',
      hidden: false,
    });
    const byKey = Object.fromEntries(
      item.prices.map(
        (p: {
          warehouse: { id: number };
          currency: string;
          amount: number;
          vat: number;
          from_date: string;
        }) => [`${p.warehouse.id}:${p.currency}`, [p.amount, p.vat, p.from_date]],
      ),
    );
    expect(byKey).toEqual({
      [`${t.wid('Jihlava')}:CZK`]: [1000, 21, today],
      [`${t.wid('Havlíčkův')}:CZK`]: [1000, 21, today],
      [`${t.wid('Třebíč')}:CZK`]: [1100.5, 12, today],
      [`${t.wid('Jihlava')}:EUR`]: [40, 20, today],
    });
    expect((await t.offered(item.id, t.wid('Třebíč')))?.pricesWithVat).toEqual([
      { currency: 'CZK', amount: 1100.5 },
    ]);
    expect(await t.offered(item.id, t.wid('Třebíč'), 'EUR')).toBeUndefined();
  });

  it('refuses values out of the bounds of domain.md §2.5, naming the fields, and writes nothing', async () => {
    const before = await t.countPrices();
    const response = await t.owner.post(
      '/api/product/add',
      productForm({
        name: '',
        length: -1,
        measurement_unit: 'm3',
        priceForm: [{ currency: 'CZK', price: 1_000_001, vat: 11 }],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe(ErrorCode.invalidInput);
    expect([...response.json().fields].sort()).toEqual(
      ['length', 'measurement_unit', 'name', 'priceForm.0.price', 'priceForm.0.vat'].sort(),
    );
    const fraction = await t.owner.post(
      '/api/product/add',
      productForm({ priceForm: [{ currency: 'CZK', price: 10.005 }] }),
    );
    expect(fraction.statusCode).toBe(400);
    const unknown = await t.owner.post(
      '/api/product/add',
      productForm({ name: 'Nemá být', priceForm: [{ currency: 'CZK', price: 10, warehouse: 999999 }] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual(['priceForm']);
    expect((await t.owner.get('/api/products?name=Nemá být')).json().total).toBe(0);
    expect(await t.countPrices()).toBe(before);
  });

  it('needs add_product: the t.technician is refused with 403 / 110', async () => {
    const response = await t.technician.post('/api/product/add', productForm());
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe(ErrorCode.accessDenied);
  });
});

describe('DELETE /api/product/:id/delete and /api/unhidden_products', () => {
  it('takes the product off the offer but keeps it in the product list', async () => {
    const { item } = (
      await t.owner.post('/api/product/add', productForm({ priceForm: [{ currency: 'CZK', price: 100 }] }))
    ).json();
    const unhidden = async () =>
      (await t.technician.get('/api/unhidden_products')).json().items.map((p: { id: number }) => p.id);
    expect(await unhidden()).toContain(item.id);
    const types = (await t.technician.get('/api/unhidden_products'))
      .json()
      .items.map((p: { type: string }) => p.type);
    const ranks = types.map((type: string) => ['Měkké', 'Tvrdé', 'Doplňkový prodej'].indexOf(type));
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2]));
    const response = await t.owner.delete(`/api/product/${item.id}/delete`);
    expect(response.statusCode).toBe(200);
    expect(response.json().item.hidden).toBe(true);
    expect(await unhidden()).not.toContain(item.id);
    expect(await t.offered(item.id, t.wid('Jihlava'))).toBeUndefined();
    const listed = (await t.technician.get(`/api/products?name=${encodeURIComponent(item.name)}`)).json();
    expect(listed.items).toMatchObject([{ id: item.id, hidden: true }]);
    const onOffer = (
      await t.technician.get(`/api/products?name=${encodeURIComponent(item.name)}&hidden=false`)
    ).json();
    expect(onOffer.total).toBe(0);
  });

  it('needs delete_product and a known product; the offer needs view_product', async () => {
    expect((await t.technician.delete('/api/product/1/delete')).statusCode).toBe(403);
    expect((await t.owner.delete('/api/product/999999/delete')).statusCode).toBe(404);
    const driver = await login(t.app, 'driver');
    const offer = await driver.get('/api/unhidden_products');
    expect(offer.statusCode).toBe(403);
    expect(offer.json().error_code).toBe(ErrorCode.accessDenied);
  });
});
