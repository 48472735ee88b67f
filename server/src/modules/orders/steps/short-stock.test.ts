import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../../../test/build.ts';
import { someCustomerId } from '../../../test/customers.ts';
import { itemsPayload, makeOrder, noConfirmation, warehouseIds } from '../../../test/orders.ts';
import { makeProduct } from '../../../test/products.ts';
import { shortLines } from './short-stock.ts';

/**
 * Decision 0064: the items step warns (409 / 144 with the products short) when the lines would take
 * available stock below zero in the order's warehouse, counting the order's own reservation back;
 * a confirmation with a reason saves anyway and is written to the audit log.
 */

let t: BuiltTestApp;
let owner: Client;
let technician: Awaited<ReturnType<typeof login>>;
let customerId: number;
let jihlava: number;
let brod: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
  technician = await login(t.app, 'technician');
  customerId = await someCustomerId(owner);
  ({ jihlava, brod } = await warehouseIds(owner));
});
afterAll(() => t?.close());

const stockOf = async (warehouseId: number, productId: number) =>
  (await owner.get(`/api/update_stock/${warehouseId}/${productId}`)).json().item as {
    amount: number;
    reserved: number;
    available: number;
  };
const save = (id: number, warehouseId: number, productId: number, amount: number, extra = {}) =>
  technician.post(`/api/order/${id}/items`, itemsPayload(warehouseId, [{ id: productId, amount }], extra));
const overrides = (orderId: number) =>
  rowsOf<{ user_id: number; details: { reason: string; warehouse_id: number; short: unknown[] } }>(
    t.db,
    sql`select user_id, details from audit_log
      where entity = 'order' and entity_id = ${orderId} and action = 'short_stock_override' order by id`,
  );

describe('POST /order/{id}/items against the available stock', () => {
  it('warns with the products short, writes nothing, and saves with a reason (audited)', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 5, name: 'Dub štípaný 33 cm zkušební' });
    const holder = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: product, amount: 3 }],
      items: noConfirmation,
    });
    expect(await stockOf(jihlava, product)).toMatchObject({ amount: 5, reserved: 3, available: 2 });

    const other = await makeOrder(technician, { warehouseId: jihlava, customerId, lines: [], intern: false });
    const refused = await save(other.id, jihlava, product, 4, noConfirmation);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error_code: ErrorCode.stockShortNeedsConfirmation,
      message: expect.stringContaining('Dub štípaný 33 cm zkušební'),
      short: [
        {
          product_id: product,
          name: 'Dub štípaný 33 cm zkušební',
          measurement_unit: 'PRMS',
          available: 2,
          asked: 4,
        },
      ],
    });
    expect((await technician.get(`/api/order/${other.id}`)).json().item.products).toEqual([]);

    // A confirmation needs its reason.
    const noReason = await save(other.id, jihlava, product, 4, {
      confirm_short_stock: true,
      short_stock_reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      error_code: ErrorCode.invalidInput,
      fields: ['short_stock_reason'],
    });
    expect(await overrides(other.id)).toEqual([]);

    const confirmed = await save(other.id, jihlava, product, 4, {
      confirm_short_stock: true,
      short_stock_reason: 'Zákazník počká, dodávka dubu přijde ve středu',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await overrides(other.id)).toEqual([
      {
        user_id: technician.user.id,
        details: {
          reason: 'Zákazník počká, dodávka dubu přijde ve středu',
          warehouse_id: jihlava,
          short: [expect.objectContaining({ product_id: product, available: 2, asked: 4 })],
        },
      },
    ]);
    // The audit page lists it under the order with the reason.
    const audit = (await owner.get(`/api/audit_log?entity=order&entity_id=${other.id}`)).json();
    expect(audit.items.map((i: { action: string }) => i.action)).toContain('short_stock_override');

    // `other` is still a draft: it reserves nothing until its intern step is saved, which checks
    // the stock again (it starts reserving there) but does not ask again about the shortage the
    // items step confirmed: one confirmation per action (intern.test.ts: a new shortage is asked).
    expect(await stockOf(jihlava, product)).toMatchObject({ reserved: 3, available: 2 });
    const intern = {
      payment_type: 'cash',
      expected_delivery_duration: 60,
      expected_delivery_date: '2031-03-03',
      expected_delivery_time: '08:00',
      driver_id: null,
      confirm_overlap: true,
    };
    const saved = await technician.post(`/api/order/${other.id}/intern`, intern);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(jihlava, product)).toMatchObject({ amount: 5, reserved: 7, available: -2 });

    // The holder's own 3 count back: keeping or lowering them never warns, taking more than 1 does.
    expect((await save(holder.id, jihlava, product, 3, noConfirmation)).statusCode).toBe(200);
    const more = await save(holder.id, jihlava, product, 4, noConfirmation);
    expect(more.statusCode).toBe(409);
    expect(more.json().short).toEqual([expect.objectContaining({ available: 1, asked: 4 })]);
    expect((await save(holder.id, jihlava, product, 1, noConfirmation)).statusCode).toBe(200);
    expect(await stockOf(jihlava, product)).toMatchObject({ reserved: 5, available: 0 });

    // In another warehouse nothing is held yet: Brod does not keep the product at all.
    const moved = await save(holder.id, brod, product, 1, noConfirmation);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().short).toEqual([expect.objectContaining({ available: 0, asked: 1 })]);
    expect(await stockOf(jihlava, product)).toMatchObject({ reserved: 5 });
  });

  it('follows cancel, restore, done and undone of the order', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 10 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: product, amount: 4 }],
    });
    expect(await stockOf(jihlava, product)).toMatchObject({ amount: 10, reserved: 4, available: 6 });
    await owner.delete(`/api/order/${order.id}/delete`);
    expect(await stockOf(jihlava, product)).toMatchObject({ amount: 10, reserved: 0, available: 10 });
    await owner.put(`/api/order/${order.id}/restore`);
    expect(await stockOf(jihlava, product)).toMatchObject({ reserved: 4, available: 6 });
    await owner.put(`/api/order/${order.id}/done`);
    // The goods left: on hand is lower, nothing is reserved any more; available stays.
    expect(await stockOf(jihlava, product)).toMatchObject({ amount: 6, reserved: 0, available: 6 });
    // A done order holds what it took: editing it checks only what it takes more.
    expect((await save(order.id, jihlava, product, 10, noConfirmation)).statusCode).toBe(200);
    expect((await save(order.id, jihlava, product, 10.01, noConfirmation)).statusCode).toBe(409);
    await owner.put(`/api/order/${order.id}/undone`);
    expect(await stockOf(jihlava, product)).toMatchObject({ amount: 10, reserved: 10, available: 0 });
  });
});

describe('shortLines', () => {
  const held = (amount: number, reserved: number) => ({
    name: 'Smrk',
    measurementUnit: 'PRMR',
    amount,
    reserved,
  });
  it('counts in hundredths, the own amount back, and only lines that take more', () => {
    const stock = new Map([
      [1, held(10.1, 10)],
      [2, held(0, 5)],
    ]);
    expect(shortLines([{ productId: 1, amount: 0.1 }], new Map(), stock)).toEqual([]);
    expect(shortLines([{ productId: 1, amount: 0.11 }], new Map(), stock)).toEqual([
      { product_id: 1, name: 'Smrk', measurement_unit: 'PRMR', available: 0.1, asked: 0.11 },
    ]);
    // Product 2 is over-promised; the order holding 5 of it keeps them, and takes no more.
    expect(shortLines([{ productId: 2, amount: 5 }], new Map([[2, 5]]), stock)).toEqual([]);
    expect(shortLines([{ productId: 2, amount: 5.01 }], new Map([[2, 5]]), stock)).toHaveLength(1);
    // A product the warehouse does not keep has nothing available.
    expect(shortLines([{ productId: 3, amount: 1 }], new Map(), stock)).toEqual([
      { product_id: 3, name: '3', measurement_unit: '', available: 0, asked: 1 },
    ]);
  });
});
