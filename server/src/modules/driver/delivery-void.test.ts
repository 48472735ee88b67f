import { execFileSync } from 'node:child_process';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { deliver } from '../../test/delivery.ts';
import { crew, makeOrder, warehouseIds } from '../../test/orders.ts';
import { demoSupplierIds } from '../../test/payments.ts';
import { makeProduct } from '../../test/products.ts';

/**
 * domain.md §2.11 Undoing a delivery (decision 0074): the office may set a delivered order back
 * (undone) or cancel it. The proof stays for the record, marked void (when, by whom, which step):
 * it is no longer the order's proof, its amounts move no stock and its cash is on nobody's hands;
 * the order is where the step puts it. The driver does not record the delivery again.
 */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let driver: Client;
let jihlava: number;
let driverId: number;
let carId: number;
let customerId: number;
let product: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, driver } = await signIn(t.app, ['owner', 'dispatcher', 'driver']));
  ({ jihlava } = await warehouseIds(owner));
  ({ driverId, carId } = await crew(owner, jihlava, 'driver'));
  customerId = await someCustomerId(owner);
  product = await makeProduct(owner, jihlava, { stock: 100 });
});
afterAll(() => t?.close());

const stock = async () =>
  Number(
    (
      await rowsOf<{ amount: string }>(
        t.db,
        sql`select amount from product_stock where warehouse_id = ${jihlava} and product_id = ${product}`,
      )
    )[0]!.amount,
  );

/** Today's cash order of the driver for 4 of the product, delivered as 3 with 500 CZK taken. */
async function deliveredOrder() {
  const order = await makeOrder(owner, {
    warehouseId: jihlava,
    customerId,
    lines: [{ id: product, amount: 4 }],
    intern: {
      driver_id: driverId,
      car_id: carId,
      expected_delivery_date: pragueDay(),
      confirm_overlap: true,
    },
  });
  const line = (order as unknown as { products: { id: number }[] }).products[0]!.id;
  const before = await stock();
  const answer = await deliver(driver, order.id, {
    receiver_name: 'Radomír Převzal',
    cash_received: 500,
    lines: [{ id: line, delivered_amount: 3, reason: 'Jeden kus zůstal na autě' }],
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(await stock()).toBe(before - 3);
  return { id: order.id, before };
}

const day = async () => (await driver.get('/api/driver/day')).json();
const cashOrders = async () =>
  ((await day()).cash_on_hand as { orders: { id: number }[] }[]).flatMap((c) => c.orders.map((o) => o.id));

describe('undone, of a delivered order', () => {
  it('gives the delivered goods back and keeps the proof, void, for the record', async () => {
    const { id, before } = await deliveredOrder();
    expect(await cashOrders()).toContain(id);
    const undone = await dispatcher.put(`/api/order/${id}/undone`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().item.done).toBe(false);
    expect(await stock()).toBe(before);

    const proof = (await owner.get(`/api/order/${id}/delivery`)).json().delivery;
    expect(proof.receiver_name).toBe('Radomír Převzal');
    expect(proof.voided).toMatchObject({ reason: 'undone', by: { first_name: expect.any(String) } });
    const dispatcherId = (await dispatcher.get('/api/auth/user')).json().user.id;
    expect(proof.voided.by.id).toBe(dispatcherId);
    // Its files stay too: the signature is still there to be looked at.
    const signature = await owner.get(`/api/order/${id}/delivery/files/${proof.signature.id}/download`);
    expect(signature.statusCode).toBe(200);

    // Its cash is no longer on the driver's hands; the stop shows what was recorded, undone.
    expect(await cashOrders()).not.toContain(id);
    const stop = (await day()).days[0].stops.find((s: { id: number }) => s.id === id);
    expect(stop).toMatchObject({ done: false, delivered: { receiver_name: 'Radomír Převzal' } });
    expect(stop.delivered.voided_at).toBe(proof.voided.at);
  });

  it('done again by the office takes the order’s amounts, and prints no proof', async () => {
    const { id, before } = await deliveredOrder();
    expect((await dispatcher.put(`/api/order/${id}/undone`)).statusCode).toBe(200);
    expect((await dispatcher.put(`/api/order/${id}/done`)).statusCode).toBe(200);
    expect(await stock()).toBe(before - 4);
    const { letokruh } = await demoSupplierIds(owner);
    const note = await dispatcher.get(`/api/order/${id}/get_delivery_note?supplier=${letokruh}&language=cs`);
    expect(note.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: note.rawPayload })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).not.toContain('Doručeno a převzato');
    expect(text).not.toContain('Radomír Převzal');
    expect(text).toContain('Převzal (datum, podpis)');
    const ledger = await rowsOf<{ s: string }>(
      t.db,
      sql`select coalesce(sum(delta), 0) as s from stock_ledger where warehouse_id = ${jihlava} and product_id = ${product}`,
    );
    expect(Number(ledger[0]!.s)).toBe(await stock());
  });

  it('is not recorded again by the driver: 409, nothing written', async () => {
    const { id } = await deliveredOrder();
    expect((await dispatcher.put(`/api/order/${id}/undone`)).statusCode).toBe(200);
    const again = await deliver(driver, id, { receiver_name: 'Někdo Jiný' });
    expect(again.statusCode).toBe(409);
    const proof = (await owner.get(`/api/order/${id}/delivery`)).json().delivery;
    expect(proof.receiver_name).toBe('Radomír Převzal');
    expect(proof.voided.reason).toBe('undone');
  });
});

describe('cancel, of a delivered order', () => {
  it('gives the goods back and voids the proof as cancelled', async () => {
    const { id, before } = await deliveredOrder();
    expect((await dispatcher.request('DELETE', `/api/order/${id}/delete`)).statusCode).toBe(200);
    expect(await stock()).toBe(before);
    const proof = (await owner.get(`/api/order/${id}/delivery`)).json().delivery;
    expect(proof.voided.reason).toBe('cancelled');
    expect(await cashOrders()).not.toContain(id);
  });
});
