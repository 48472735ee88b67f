import { execFileSync } from 'node:child_process';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { deliver } from '../../test/delivery.ts';
import { crew, makeOrder, warehouseIds } from '../../test/orders.ts';
import { demoSupplierIds } from '../../test/payments.ts';
import { makeProduct } from '../../test/products.ts';

/**
 * domain.md §2.11 (decision 0074): a proof of delivery (receiver, signature, photos, position,
 * cash) is for the order's own driver and the office. `driver2` serves the same warehouse as
 * `driver` (the demo's Jihlava), so the warehouse scope lets both see the order itself.
 */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let warehouseman: Client;
let driver: Client;
let driver2: Client;
let driver2Id: number;
let supplier: number;
let order: { id: number; signature: number; photo: number };
const receiver = 'Květoslava Příjemcová';

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, warehouseman, driver, driver2 } = await signIn(t.app, [
    'owner',
    'dispatcher',
    'warehouseman',
    'driver',
    'driver2',
  ]));
  const { jihlava } = await warehouseIds(owner);
  const { driverId, carId } = await crew(owner, jihlava, 'driver');
  ({ driverId: driver2Id } = await crew(owner, jihlava, 'driver2'));
  ({ letokruh: supplier } = await demoSupplierIds(owner));
  const product = await makeProduct(owner, jihlava, { stock: 100 });
  const made = await makeOrder(owner, {
    warehouseId: jihlava,
    customerId: await someCustomerId(owner),
    lines: [{ id: product, amount: 2 }],
    intern: {
      driver_id: driverId,
      car_id: carId,
      expected_delivery_date: pragueDay(),
      confirm_overlap: true,
    },
  });
  const answer = await deliver(driver, made.id, { receiver_name: receiver });
  expect(answer.statusCode, answer.body).toBe(200);
  const proof = (await owner.get(`/api/order/${made.id}/delivery`)).json().delivery;
  order = { id: made.id, signature: proof.signature.id, photo: proof.photos[0].id };
});
afterAll(() => t?.close());

const proofOf = (c: Client) => c.get(`/api/order/${order.id}/delivery`);
const fileOf = (c: Client, file: number) => c.get(`/api/order/${order.id}/delivery/files/${file}/download`);

/** The delivery note's text and its number of images (the signature is the only one). */
async function noteOf(c: Client) {
  const answer = await c.get(`/api/order/${order.id}/get_delivery_note?supplier=${supplier}&language=cs`);
  expect(answer.statusCode, answer.body).toBe(200);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: answer.rawPayload })
    .toString('utf8')
    .replace(/\s+/g, ' ');
  const list = execFileSync('pdfimages', ['-list', '-'], { input: answer.rawPayload }).toString('utf8');
  const images = list
    .trim()
    .split('\n')
    .slice(2)
    .filter((r) => r.trim().split(/\s+/)[2] === 'image');
  return { text, images: images.length };
}

describe('another driver of the same warehouse', () => {
  it('sees the order, but neither the proof nor its files', async () => {
    expect((await driver2.get(`/api/order/${order.id}`)).statusCode).toBe(200);
    const proof = await proofOf(driver2);
    expect(proof.statusCode).toBe(404);
    expect(proof.body).not.toContain(receiver);
    for (const file of [order.signature, order.photo]) {
      const answer = await fileOf(driver2, file);
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      // Nor through the order's own files, whose owner the proof's files are not.
      expect((await driver2.get(`/api/order/${order.id}/files/${file}/download`)).statusCode).toBe(404);
    }
  });

  it('prints the order’s delivery note with the lines to sign, without the proof', async () => {
    const { text, images } = await noteOf(driver2);
    expect(text).not.toContain(receiver);
    expect(text).not.toContain('Doručeno a převzato');
    expect(text).toContain('Převzal (datum, podpis)');
    expect(images).toBe(0);
    // The office's note, read before or after, is not the one served to the driver.
    expect((await noteOf(dispatcher)).images).toBe(1);
    expect((await noteOf(driver2)).images).toBe(0);
  });

  it('cannot print merged notes at all (no can_export_delivery_notes)', async () => {
    const answer = await driver2.get(
      `/api/download_multiple_delivery_notes?orders=${order.id}&supplier=${supplier}&language=cs`,
    );
    expect(answer.statusCode).toBe(403);
  });
});

describe('the order’s own driver and the office', () => {
  it('read the proof and download its signature and photo', async () => {
    for (const [who, c] of [
      ['driver', driver],
      ['dispatcher', dispatcher],
      ['owner', owner],
      ['warehouseman', warehouseman],
    ] as const) {
      const proof = await proofOf(c);
      expect(proof.statusCode, who).toBe(200);
      expect(proof.json().delivery.receiver_name, who).toBe(receiver);
      const signature = await fileOf(c, order.signature);
      expect(signature.statusCode, who).toBe(200);
      expect(signature.headers['content-type'], who).toBe('image/png');
      expect((await fileOf(c, order.photo)).statusCode, who).toBe(200);
    }
    for (const c of [driver, dispatcher]) {
      const { text, images } = await noteOf(c);
      expect(text).toContain(`Převzal: ${receiver}`);
      expect(images).toBe(1);
    }
  });

  it('the proof stays its driver’s when the order goes to another driver, who reads it too', async () => {
    // A reassignment after the delivery, as the office's intern step would write it.
    await t.db.execute(sql`update orders set driver_id = ${driver2Id} where id = ${order.id}`);
    expect((await proofOf(driver)).statusCode).toBe(200);
    expect((await proofOf(driver2)).statusCode).toBe(200);
    expect((await fileOf(driver2, order.signature)).statusCode).toBe(200);
  });
});
