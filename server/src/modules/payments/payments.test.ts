import { ErrorCode } from '@letokruh/contracts/errors';
import type { Order } from '@letokruh/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { setCustomer, someCustomerId } from '../../test/customers.ts';
import { makeOrder, warehouseIds } from '../../test/orders.ts';
import { dataUrlPng, demoSupplierIds, pngSize, supplierWithBadAccount } from '../../test/payments.ts';
import { makeProduct } from '../../test/products.ts';
import { readQr } from '../../test/read-qr.ts';

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let technician: Client;
let driver: Client;
let suppliers: { letokruh: number; vysocina: number };
let brod: number;
let productId: number;
let customerId: number;
/** 1 234,50 Kč with VAT, no delivery price: the QR asks for 1 235 Kč. */
let czk: Order;

const noDelivery = { distance: 0, minimim_delivery_price: 0 };
const order = (lines: { amount: number; price: number }[], items: Record<string, unknown> = {}) =>
  makeOrder(owner, {
    warehouseId: brod,
    customerId,
    lines: lines.map((l) => ({ id: productId, ...l })),
    items: { ...noDelivery, ...items },
  });
const qr = (c: Client, orderId: number, supplier: number | string) =>
  c.get(`/api/order/${orderId}/qr_payment?supplier=${supplier}`);

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, technician, driver } = await signIn(t.app, [
    'owner',
    'dispatcher',
    'technician',
    'driver',
  ]));
  suppliers = await demoSupplierIds(owner);
  ({ brod } = await warehouseIds(owner));
  productId = await makeProduct(owner, brod);
  customerId = await someCustomerId(owner, 2);
  await setCustomer(t.db, customerId, {
    first_name: 'Jana',
    last_name: 'Nováková',
    email: 'jana@example.cz',
  });
  czk = await order([{ amount: 1, price: 1234.5 }]);
});
afterAll(() => t?.close());

describe('GET /order/{id}/qr_payment', () => {
  it('answers the SPAYD of the supplier account, the amount rounded to whole koruny, and its 350 px QR', async () => {
    const response = await qr(dispatcher, czk.id, suppliers.vysocina);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const vs = String(czk.intern_id);
    expect(czk.price_with_vat).toBe(1234.5);
    expect(body).toMatchObject({
      amount: 1235,
      original_amount: 1234.5,
      rounded: true,
      currency: 'CZK',
      variable_symbol: vs,
      iban: 'CZ7608000000351154780008',
      format: 'spayd',
      spayd: `SPD*1.0*ACC:CZ7608000000351154780008*AM:1235.00*CC:CZK*X-VS:${vs}*MSG:Objednavka ${vs}`,
    });
    const png = dataUrlPng(body.image);
    expect(pngSize(png)).toEqual({ width: 350, height: 350 });
    // The image draws exactly that payload at error correction M, as a decoder reads it.
    const read = await readQr(png);
    expect(read.text).toBe(body.spayd);
    expect(read.ecLevel).toBe('M');
  });

  it('says "not rounded" for a whole CZK total, and the owner may ask too', async () => {
    const whole = await order([{ amount: 2, price: 500 }]);
    const body = (await qr(owner, whole.id, suppliers.letokruh)).json();
    expect(body).toMatchObject({
      amount: 1000,
      original_amount: 1000,
      rounded: false,
      iban: 'CZ9701000000002718340003',
    });
    expect(body.spayd).toContain('*AM:1000.00*');
  });

  it('gives a EUR order the EPC (SEPA) code with the cents kept, the BIC and the name in UTF-8', async () => {
    const eur = await order([{ amount: 3, price: 12.35 }], { currency: 'EUR' });
    const response = await qr(dispatcher, eur.id, suppliers.vysocina);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      amount: 37.05,
      original_amount: 37.05,
      rounded: false,
      currency: 'EUR',
      format: 'epc',
    });
    expect(body.spayd.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'GIBACZPX',
      'Palivové dřevo Vysočina s.r.o.',
      'CZ7608000000351154780008',
      'EUR37.05',
      '',
      '',
      `Objednávka ${eur.intern_id}`,
    ]);
    const png = dataUrlPng(body.image);
    expect(pngSize(png)).toEqual({ width: 350, height: 350 });
    const read = await readQr(png);
    expect(read.bytes.equals(Buffer.from(body.spayd, 'utf8'))).toBe(true);
    expect(read.text.split('\n')[5]).toBe('Palivové dřevo Vysočina s.r.o.');
  });

  it('is only for the owner and dispatcher functions (domain.md §1.6)', async () => {
    for (const c of [technician, driver]) {
      const response = await qr(c, czk.id, suppliers.vysocina);
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe(ErrorCode.accessDenied);
    }
  });

  it('refuses an unknown order (404), a missing or unknown supplier (400) and a bad account (400 / 151)', async () => {
    expect((await qr(dispatcher, 99_999_999, suppliers.vysocina)).statusCode).toBe(404);
    const missing = await dispatcher.get(`/api/order/${czk.id}/qr_payment`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual(['supplier']);
    expect((await qr(dispatcher, czk.id, 'abc')).statusCode).toBe(400);
    const unknown = await qr(dispatcher, czk.id, 99_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['supplier'] });
    const bad = await qr(dispatcher, czk.id, await supplierWithBadAccount(t.db));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_code: ErrorCode.supplierAccountInvalid, fields: ['supplier'] });
  });

  it('refuses a draft and a cancelled order (409 / 140) and an order with nothing to pay', async () => {
    const draft = (await owner.get('/api/order/add')).json().id as number;
    const draftAnswer = await qr(dispatcher, draft, suppliers.vysocina);
    expect(draftAnswer.statusCode).toBe(409);
    expect(draftAnswer.json().error_code).toBe(ErrorCode.conflict);

    const cancelled = await order([{ amount: 1, price: 100 }]);
    expect((await owner.delete(`/api/order/${cancelled.id}/delete`)).statusCode).toBe(200);
    expect((await qr(dispatcher, cancelled.id, suppliers.vysocina)).statusCode).toBe(409);
    expect((await owner.put(`/api/order/${cancelled.id}/restore`)).statusCode).toBe(200);
    expect((await qr(dispatcher, cancelled.id, suppliers.vysocina)).statusCode).toBe(200);

    const free = await order([{ amount: 1, price: 0 }]);
    expect((await qr(dispatcher, free.id, suppliers.vysocina)).statusCode).toBe(409);
  });

  it('takes a removed supplier only for the order that already names it', async () => {
    const added = await owner.post('/api/supplier/add', {
      name: 'Odcházející dodavatel',
      bank_account: '19-2000145399',
      bank_code: '0800',
    });
    expect(added.statusCode).toBe(201);
    const gone = added.json().item.id as number;
    const own = await order([{ amount: 1, price: 100 }]);
    const intern = await owner.post(`/api/order/${own.id}/intern`, {
      payment_type: 'qr_transfer',
      supplier_id: gone,
      expected_delivery_duration: 30,
      expected_delivery_date: own.expected_delivery_date,
      expected_delivery_time: own.expected_delivery_time,
      driver_id: own.driver?.id ?? null,
      confirm_overlap: true,
    });
    expect(intern.statusCode, intern.body).toBe(200);
    expect((await owner.delete(`/api/supplier/${gone}/delete`)).statusCode).toBe(200);

    const mine = await qr(dispatcher, own.id, gone);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().iban).toBe('CZ6508000000192000145399');
    expect((await qr(dispatcher, czk.id, gone)).statusCode).toBe(400);
  });
});
