import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { someCustomerId } from '../../../test/customers.ts';
import { makeOrder, warehouseIds } from '../../../test/orders.ts';
import { makeProduct, stockOf } from '../../../test/products.ts';

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let technician: Client;
let warehouseman: Client;
let driver: Client;
let jihlava: number;
let brod: number;
let customerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, technician, warehouseman, driver } = await signIn(t.app, [
    'owner',
    'dispatcher',
    'technician',
    'warehouseman',
    'driver',
  ]));
  ({ jihlava, brod } = await warehouseIds(owner));
  customerId = await someCustomerId(owner);
});
afterAll(() => t?.close());

const ledgerOf = async (orderId: number) =>
  await rowsOf<{ product_id: number; delta: number; reason: string }>(
    t.db,
    sql`select product_id, delta::float as delta, reason from stock_ledger where order_id = ${orderId} order by id`,
  );

describe('done and undone move the stock (domain.md §3.3 Stock)', () => {
  it('done takes the items from the warehouse, undone puts them back, both with ledger rows', async () => {
    const a = await makeProduct(owner, jihlava, { stock: 10 });
    const b = await makeProduct(owner, jihlava, { stock: 3 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [
        { id: a, amount: 4 },
        { id: b, amount: 2.5 },
      ],
    });
    const done = await dispatcher.put(`/api/order/${order.id}/done`);
    expect(done.statusCode).toBe(200);
    expect(done.json().item).toMatchObject({ done: true, version: order.version + 1 });
    expect(await stockOf(owner, jihlava, a)).toBe(6);
    expect(await stockOf(owner, jihlava, b)).toBe(0.5);
    expect(await ledgerOf(order.id)).toEqual([
      { product_id: a, delta: -4, reason: 'order_done' },
      { product_id: b, delta: -2.5, reason: 'order_done' },
    ]);

    const undone = await dispatcher.put(`/api/order/${order.id}/undone`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().item.done).toBe(false);
    expect(await stockOf(owner, jihlava, a)).toBe(10);
    expect(await stockOf(owner, jihlava, b)).toBe(3);
    expect((await ledgerOf(order.id)).slice(2)).toEqual([
      { product_id: a, delta: 4, reason: 'order_undone' },
      { product_id: b, delta: 2.5, reason: 'order_undone' },
    ]);
  });

  it('done may take the stock below zero, and starts keeping a product the yard did not keep', async () => {
    const a = await makeProduct(owner, brod, { stock: 1 });
    const notKept = await makeProduct(owner, jihlava, { stock: 5 }); // on offer everywhere, kept only in Jihlava
    const order = await makeOrder(technician, {
      warehouseId: brod,
      customerId,
      lines: [
        { id: a, amount: 3 },
        { id: notKept, amount: 1.5 },
      ],
    });
    expect((await owner.get(`/api/update_stock/${brod}/${notKept}`)).statusCode).toBe(404);
    expect((await dispatcher.put(`/api/order/${order.id}/done`)).statusCode).toBe(200);
    expect(await stockOf(owner, brod, a)).toBe(-2);
    expect(await stockOf(owner, brod, notKept)).toBe(-1.5);
    expect(await stockOf(owner, jihlava, notKept)).toBe(5);
  });

  it('cancelling a done order puts the goods back and leaves it not done; restore does not take them again', async () => {
    const a = await makeProduct(owner, jihlava, { stock: 5 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: a, amount: 2 }],
    });
    await dispatcher.put(`/api/order/${order.id}/done`);
    expect(await stockOf(owner, jihlava, a)).toBe(3);
    const cancelled = await technician.delete(`/api/order/${order.id}/delete`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().item).toMatchObject({ hidden: true, done: false });
    expect(await stockOf(owner, jihlava, a)).toBe(5);
    const restored = await technician.put(`/api/order/${order.id}/restore`);
    expect(restored.json().item).toMatchObject({ hidden: false, done: false });
    expect(await stockOf(owner, jihlava, a)).toBe(5);
  });

  it('editing the items of a done order moves only the difference', async () => {
    const a = await makeProduct(owner, jihlava, { stock: 10 });
    const b = await makeProduct(owner, jihlava, { stock: 10 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: a, amount: 4 }],
    });
    await dispatcher.put(`/api/order/${order.id}/done`);
    const edited = await technician.post(`/api/order/${order.id}/items`, {
      warehouse_id: jihlava,
      currency: 'CZK',
      products: [
        { amount: 3, product: { product: { id: a } } },
        { amount: 1, product: { product: { id: b } } },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(await stockOf(owner, jihlava, a)).toBe(7);
    expect(await stockOf(owner, jihlava, b)).toBe(9);
    expect((await ledgerOf(order.id)).slice(1)).toEqual([
      { product_id: a, delta: 1, reason: 'order_undone' },
      { product_id: b, delta: -1, reason: 'order_done' },
    ]);
  });
});

describe('transitions the state forbids answer 409 / 140 and change nothing', () => {
  it('done twice, undone when not done, cancel twice, restore when not cancelled, done when cancelled', async () => {
    const a = await makeProduct(owner, jihlava, { stock: 10 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: a, amount: 1 }],
    });
    const refused = async (call: Promise<{ statusCode: number; json(): { error_code: number } }>) => {
      const response = await call;
      expect(response.statusCode).toBe(409);
      expect(response.json().error_code).toBe(ErrorCode.conflict);
    };
    await refused(dispatcher.put(`/api/order/${order.id}/undone`));
    await refused(dispatcher.put(`/api/order/${order.id}/restore`));
    await dispatcher.put(`/api/order/${order.id}/done`);
    await refused(dispatcher.put(`/api/order/${order.id}/done`));
    expect(await stockOf(owner, jihlava, a)).toBe(9);
    await dispatcher.delete(`/api/order/${order.id}/delete`);
    await refused(dispatcher.delete(`/api/order/${order.id}/delete`));
    await refused(dispatcher.put(`/api/order/${order.id}/done`));
    await refused(dispatcher.put(`/api/order/${order.id}/collect_revenue`));
    expect(await stockOf(owner, jihlava, a)).toBe(10);
  });

  it('a draft without customer or warehouse cannot be done', async () => {
    const { id } = (await technician.get('/api/order/add')).json();
    const response = await dispatcher.put(`/api/order/${id}/done`);
    expect(response.statusCode).toBe(409);
  });

  it('unknown orders answer 404 / 130', async () => {
    for (const call of [
      dispatcher.put('/api/order/999999/done'),
      dispatcher.delete('/api/order/999999/delete'),
      dispatcher.put('/api/order/999999/collect_revenue'),
      warehouseman.put('/api/order/999999/1/prepared'),
    ]) {
      const response = await call;
      expect(response.statusCode).toBe(404);
      expect(response.json().error_code).toBe(ErrorCode.notFound);
    }
  });
});

describe('revenue (domain.md §1.4, §1.6: owner or dispatcher)', () => {
  it('collect once, return, collect again; a transfer is marked paid by the same call', async () => {
    const a = await makeProduct(owner, jihlava, { stock: 10 });
    const cash = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: a, amount: 1 }],
    });
    const collected = await dispatcher.put(`/api/order/${cash.id}/collect_revenue`);
    expect(collected.statusCode).toBe(200);
    expect(collected.json().item).toMatchObject({
      pay_by_cash: true,
      collected_revenue_by: { username: 'dispatcher', name: 'Jana Nováková' },
      collected_revenue_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await owner.put(`/api/order/${cash.id}/collect_revenue`)).statusCode).toBe(409);
    const returned = await owner.put(`/api/order/${cash.id}/return_revenue`);
    expect(returned.json().item).toMatchObject({ collected_revenue_by: null, collected_revenue_at: null });
    expect((await owner.put(`/api/order/${cash.id}/return_revenue`)).statusCode).toBe(409);

    const suppliers = (await owner.get('/api/suppliers')).json().items;
    const transfer = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: a, amount: 1 }],
      intern: { payment_type: 'qr_transfer', supplier_id: suppliers[0].id },
    });
    const paid = await owner.put(`/api/order/${transfer.id}/collect_revenue`);
    expect(paid.json().item).toMatchObject({
      pay_by_cash: false,
      collected_revenue_by: { username: 'owner' },
    });
  });

  it('a technician (change_order, no owner or dispatcher function) is refused 403 / 110', async () => {
    const a = await makeProduct(owner, jihlava, { stock: 10 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: a, amount: 1 }],
    });
    for (const path of ['collect_revenue', 'return_revenue']) {
      const response = await technician.put(`/api/order/${order.id}/${path}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe(ErrorCode.accessDenied);
    }
  });
});

describe('item prepared (prepare_order)', () => {
  it('a warehouseman marks lines; the order is prepared when all are; not twice, not when done', async () => {
    const a = await makeProduct(owner, jihlava, { stock: 10 });
    const b = await makeProduct(owner, jihlava, { stock: 10 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [
        { id: a, amount: 1 },
        { id: b, amount: 1 },
      ],
    });
    const [first, second] = order.products;
    const one = await warehouseman.put(`/api/order/${order.id}/${first!.id}/prepared`);
    expect(one.statusCode).toBe(200);
    expect(one.json().item.prepared).toBe(false);
    expect(one.json().item.products.map((l: { prepared: boolean }) => l.prepared)).toEqual([true, false]);
    expect((await warehouseman.put(`/api/order/${order.id}/${first!.id}/prepared`)).statusCode).toBe(409);
    const both = await warehouseman.put(`/api/order/${order.id}/${second!.id}/prepared`);
    expect(both.json().item.prepared).toBe(true);

    const other = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: a, amount: 1 }],
    });
    expect((await warehouseman.put(`/api/order/${other.id}/${first!.id}/prepared`)).statusCode).toBe(404);
    await dispatcher.put(`/api/order/${other.id}/done`);
    expect(
      (await warehouseman.put(`/api/order/${other.id}/${other.products[0]!.id}/prepared`)).statusCode,
    ).toBe(409);
  });

  it('a driver (no prepare_order) is refused; a warehouseman cannot do the other transitions', async () => {
    const a = await makeProduct(owner, jihlava, { stock: 10 });
    const order = await makeOrder(technician, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: a, amount: 1 }],
    });
    const prepared = await driver.put(`/api/order/${order.id}/${order.products[0]!.id}/prepared`);
    expect(prepared.statusCode).toBe(403);
    expect(prepared.json().error_code).toBe(ErrorCode.accessDenied);
    for (const [method, path] of [
      ['PUT', 'done'],
      ['PUT', 'undone'],
      ['PUT', 'restore'],
      ['DELETE', 'delete'],
      ['PUT', 'collect_revenue'],
    ] as const) {
      const response = await warehouseman.request(method, `/api/order/${order.id}/${path}`);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().error_code).toBe(ErrorCode.accessDenied);
    }
    expect(await stockOf(owner, jihlava, a)).toBe(10);
  });
});
