import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@letokruh/contracts/errors';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import {
  deliver,
  deliveryForm,
  deliveryRecord,
  jpeg,
  photoPart,
  signaturePart,
} from '../../test/delivery.ts';
import { pdf } from '../../test/files.ts';
import { crew, makeOrder, warehouseIds } from '../../test/orders.ts';
import { demoSupplierIds } from '../../test/payments.ts';
import { makeProduct } from '../../test/products.ts';
import { readQr } from '../../test/read-qr.ts';

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let driver: Client;
let driver2: Client;
let jihlava: number;
let customerId: number;
let driverId: number;
let carId: number;
let productA: number;
let productB: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, driver, driver2 } = await signIn(t.app, [
    'owner',
    'dispatcher',
    'driver',
    'driver2',
  ]));
  ({ jihlava } = await warehouseIds(owner));
  customerId = await someCustomerId(owner);
  ({ driverId, carId } = await crew(owner, jihlava, 'driver'));
  productA = await makeProduct(owner, jihlava, { stock: 100 });
  productB = await makeProduct(owner, jihlava, { stock: 100 });
});
afterAll(() => t?.close());

/** An order of the driver for today: 2 of product A and 3 of product B. */
async function driversOrder(intern: Record<string, unknown> = {}) {
  const order = await makeOrder(owner, {
    warehouseId: jihlava,
    customerId,
    lines: [
      { id: productA, amount: 2 },
      { id: productB, amount: 3 },
    ],
    intern: {
      driver_id: driverId,
      car_id: carId,
      expected_delivery_date: pragueDay(),
      confirm_overlap: true,
      ...intern,
    },
  });
  const lines = (order as unknown as { products: { id: number; product: { product: { id: number } } }[] })
    .products;
  const lineOf = (product: number) => lines.find((l) => l.product.product.id === product)!.id;
  return { id: order.id, lineA: lineOf(productA), lineB: lineOf(productB) };
}

const stockOf = async (product: number) =>
  Number(
    (
      await rowsOf<{ amount: string }>(
        t.db,
        sql`select amount from product_stock where warehouse_id = ${jihlava} and product_id = ${product}`,
      )
    )[0]!.amount,
  );
const ledgerSum = async (product: number) =>
  Number(
    (
      await rowsOf<{ s: string }>(
        t.db,
        sql`select coalesce(sum(delta), 0) as s from stock_ledger where warehouse_id = ${jihlava} and product_id = ${product}`,
      )
    )[0]!.s,
  );
const count = async (query: ReturnType<typeof sql>) =>
  Number((await rowsOf<{ n: string }>(t.db, query))[0]!.n);
const proofFiles = (orderId: number) =>
  count(sql`select count(*) as n from files where owner_type = 'delivery' and owner_id = ${orderId}`);

describe('on the way', () => {
  it("records the driver's start once per key; another's order is a 404, the office a 403", async () => {
    const { id } = await driversOrder();
    const body = { key: randomUUID(), at: new Date().toISOString(), position: null };
    const first = await driver.post(`/api/driver/order/${id}/on_the_way`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().on_the_way_at).not.toBeNull();
    const again = await driver.post(`/api/driver/order/${id}/on_the_way`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().on_the_way_at).toBe(first.json().on_the_way_at);
    expect(
      (await driver2.post(`/api/driver/order/${id}/on_the_way`, { ...body, key: randomUUID() })).statusCode,
    ).toBe(404);
    expect((await dispatcher.post(`/api/driver/order/${id}/on_the_way`, body)).statusCode).toBe(403);
    // A key of this action cannot be reused for another order.
    const other = await driversOrder();
    expect((await driver.post(`/api/driver/order/${other.id}/on_the_way`, body)).statusCode).toBe(409);
    expect(
      (await driver.post(`/api/driver/order/${id}/on_the_way`, { ...body, key: 'abc' })).statusCode,
    ).toBe(400);
  });
});

describe('delivered, with proof', () => {
  it('records the proof, marks the order done, takes the stock, holds the cash until handed in', async () => {
    const { id, lineA } = await driversOrder();
    const [a, b] = [await stockOf(productA), await stockOf(productB)];
    // A remark on a line delivered whole makes no partial delivery.
    const answer = await deliver(
      driver,
      id,
      { cash_received: 1234, lines: [{ id: lineA, delivered_amount: 2, reason: 'Složeno u garáže' }] },
      2,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      id,
      done: true,
      delivered: { receiver_name: 'Jana Nováková', partial: false, cash_received: 1234 },
    });
    expect([await stockOf(productA), await stockOf(productB)]).toEqual([a - 2, b - 3]);
    expect(await proofFiles(id)).toBe(3);

    const proof = (await dispatcher.get(`/api/order/${id}/delivery`)).json().delivery;
    expect(proof).toMatchObject({
      receiver_name: 'Jana Nováková',
      position: { lat: 49.3961, lon: 15.5912, accuracy: 12 },
      cash_received: 1234,
      cash_handed_in_at: null,
      driver: { id: driverId },
    });
    expect(proof.photos).toHaveLength(2);
    expect(proof.lines.map((l: { delivered_amount: number }) => l.delivered_amount).sort()).toEqual([2, 3]);
    const signature = await dispatcher.get(`/api/order/${id}/delivery/files/${proof.signature.id}/download`);
    expect(signature.statusCode).toBe(200);
    expect(signature.headers['content-type']).toBe('image/png');
    expect(signature.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // A file of the proof is not a file of another order.
    expect(
      (await dispatcher.get(`/api/order/${id + 1}/delivery/files/${proof.signature.id}/download`)).statusCode,
    ).toBe(404);

    // The cash is on the driver's hands, for the driver and the office alike.
    const held = (await driver.get('/api/driver/day')).json().cash_on_hand;
    expect(held.find((c: { currency: string }) => c.currency === 'CZK').orders).toContainEqual(
      expect.objectContaining({ id, amount: 1234 }),
    );
    expect((await dispatcher.get(`/api/driver/day?driver=${driverId}`)).json().cash_on_hand).toEqual(held);
    // The office confirms it was handed in: it leaves the driver's hands.
    expect((await dispatcher.put(`/api/order/${id}/collect_revenue`)).statusCode).toBe(200);
    const after = (await driver.get('/api/driver/day'))
      .json()
      .cash_on_hand.flatMap((c: { orders: unknown[] }) => c.orders);
    expect(after).not.toContainEqual(expect.objectContaining({ id }));
    expect(
      (await dispatcher.get(`/api/order/${id}/delivery`)).json().delivery.cash_handed_in_at,
    ).not.toBeNull();

    // Audited: the plugin's row and the proof's own.
    const audit = await rowsOf<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity = 'order' and entity_id = ${id} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['delivery_proof', 'delivered']));
    // Delivered twice with a new key: refused, nothing changes.
    const twice = await deliver(driver, id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error_code).toBe(ErrorCode.orderDelivered);
    expect(await proofFiles(id)).toBe(3);
  });

  it('a retried delivery (the same key) is recorded once, even sent many times at once', async () => {
    const { id } = await driversOrder();
    const a = await stockOf(productA);
    const record = deliveryRecord();
    const form = await deliveryForm(record, [await signaturePart(), photoPart()]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        driver.post(`/api/driver/order/${id}/delivered`, form.payload, { headers: form.headers }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await stockOf(productA)).toBe(a - 2);
    expect(await proofFiles(id)).toBe(2);
    expect(await count(sql`select count(*) as n from order_deliveries where order_id = ${id}`)).toBe(1);
    expect(await count(sql`select count(*) as n from driver_action_keys where order_id = ${id}`)).toBe(1);
    expect(await ledgerSum(productA)).toBe(await stockOf(productA));
  });

  it('a partial delivery takes only what was delivered; undone gives back only that', async () => {
    const { id, lineA, lineB } = await driversOrder();
    const [a, b] = [await stockOf(productA), await stockOf(productB)];
    const answer = await deliver(driver, id, {
      lines: [
        { id: lineA, delivered_amount: 1, reason: 'Jeden kus poškozený, vrácen' },
        { id: lineB, delivered_amount: 3, reason: '' },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().delivered.partial).toBe(true);
    expect([await stockOf(productA), await stockOf(productB)]).toEqual([a - 1, b - 3]);
    const proof = (await owner.get(`/api/order/${id}/delivery`)).json().delivery;
    expect(proof.lines).toContainEqual(
      expect.objectContaining({
        id: lineA,
        ordered_amount: 2,
        delivered_amount: 1,
        reason: 'Jeden kus poškozený, vrácen',
      }),
    );
    expect((await owner.put(`/api/order/${id}/undone`)).statusCode).toBe(200);
    expect([await stockOf(productA), await stockOf(productB)]).toEqual([a, b]);
    // The proof is void since (decision 0074): done again by the office takes the order's amounts.
    expect((await owner.put(`/api/order/${id}/done`)).statusCode).toBe(200);
    expect([await stockOf(productA), await stockOf(productB)]).toEqual([a - 2, b - 3]);
    for (const p of [productA, productB]) expect(await ledgerSum(p)).toBe(await stockOf(p));
  });

  it('an order the office marked done before the driver delivered: the stock follows the proof', async () => {
    const { id, lineB } = await driversOrder();
    const b = await stockOf(productB);
    expect((await owner.put(`/api/order/${id}/done`)).statusCode).toBe(200);
    expect(await stockOf(productB)).toBe(b - 3);
    const answer = await deliver(driver, id, {
      lines: [{ id: lineB, delivered_amount: 0, reason: 'Odmítnuto' }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await stockOf(productB)).toBe(b);
    expect(await ledgerSum(productB)).toBe(await stockOf(productB));
  });

  it('refuses bad proof with a 4xx and writes nothing', async () => {
    const supplier = (await owner.get('/api/suppliers')).json().items[1].id;
    const { id, lineA } = await driversOrder({ payment_type: 'qr_transfer', supplier_id: supplier });
    const a = await stockOf(productA);
    const sig = await signaturePart();
    const cases: [string, Promise<{ payload: Buffer; headers: Record<string, string> }>, number][] = [
      ['no signature', deliveryForm(deliveryRecord(), [photoPart()]), 400],
      ['two signatures', deliveryForm(deliveryRecord(), [sig, sig]), 400],
      ['a JPEG signature', deliveryForm(deliveryRecord(), [{ ...sig, data: jpeg, type: 'image/jpeg' }]), 415],
      [
        'a PDF photo',
        deliveryForm(deliveryRecord(), [sig, { ...photoPart(), data: pdf, type: 'application/pdf' }]),
        415,
      ],
      [
        'HTML as a photo',
        deliveryForm(deliveryRecord(), [sig, { ...photoPart(), data: '<html>', type: 'image/jpeg' }]),
        415,
      ],
      [
        'six photos',
        deliveryForm(deliveryRecord(), [sig, ...Array.from({ length: 6 }, () => photoPart())]),
        413,
      ],
      ['an unknown file field', deliveryForm(deliveryRecord(), [sig, { ...photoPart(), field: 'x' }]), 400],
      ['the record not JSON', deliveryForm('{"key":', [sig]), 400],
      ['no receiver', deliveryForm(deliveryRecord({ receiver_name: ' ' }), [sig]), 400],
      ['a month old', deliveryForm(deliveryRecord({ at: '2026-01-01T10:00:00+01:00' }), [sig]), 400],
      ['cash on a transfer order', deliveryForm(deliveryRecord({ cash_received: 100 }), [sig]), 400],
      [
        'more than ordered',
        deliveryForm(deliveryRecord({ lines: [{ id: lineA, delivered_amount: 3, reason: 'x' }] }), [sig]),
        400,
      ],
      [
        'less without a reason',
        deliveryForm(deliveryRecord({ lines: [{ id: lineA, delivered_amount: 1, reason: '' }] }), [sig]),
        400,
      ],
      [
        'a line of another order',
        deliveryForm(deliveryRecord({ lines: [{ id: 1, delivered_amount: 1, reason: 'x' }] }), [sig]),
        400,
      ],
      [
        'a position off the globe',
        deliveryForm(deliveryRecord({ position: { lat: 91, lon: 0, accuracy: null } }), [sig]),
        400,
      ],
    ];
    for (const [what, form, status] of cases) {
      const { payload, headers } = await form;
      const answer = await driver.post(`/api/driver/order/${id}/delivered`, payload, { headers });
      expect(answer.statusCode, `${what}: ${answer.body}`).toBe(status);
    }
    // A body cut short.
    const whole = await deliveryForm(deliveryRecord(), [sig]);
    const cut = await driver.post(`/api/driver/order/${id}/delivered`, whole.payload.subarray(0, 200), {
      headers: whole.headers,
    });
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(cut.statusCode).toBeLessThan(500);
    expect(await proofFiles(id)).toBe(0);
    expect(await stockOf(productA)).toBe(a);
    expect(await count(sql`select count(*) as n from order_deliveries where order_id = ${id}`)).toBe(0);
    expect(await count(sql`select count(*) as n from driver_action_keys where order_id = ${id}`)).toBe(0);
    const stored = await rowsOf<{ n: string }>(
      t.db,
      sql`select count(*) as n from files where owner_type = 'delivery'`,
    );
    expect(Number(stored[0]!.n)).toBeGreaterThanOrEqual(0);
  });

  it("another driver's order is a 404, the office cannot record a delivery, a cancelled order 409", async () => {
    const { id } = await driversOrder();
    expect((await deliver(driver2, id)).statusCode).toBe(404);
    expect((await deliver(dispatcher, id)).statusCode).toBe(403);
    expect((await owner.delete(`/api/order/${id}/delete`)).statusCode).toBe(200);
    const cancelled = await deliver(driver, id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error_code).toBe(ErrorCode.orderCancelled);
    expect(await proofFiles(id)).toBe(0);
    expect((await owner.get(`/api/order/${id}/delivery`)).json().delivery).toBeNull();
  });
});

describe('the QR payment at the door', () => {
  it("the driver gets the QR of their own transfer order, for the order's supplier; another driver's is a 404", async () => {
    const { letokruh } = await demoSupplierIds(owner);
    const { id } = await driversOrder({ payment_type: 'qr_transfer', supplier_id: letokruh });
    const answer = await driver.get(`/api/driver/order/${id}/qr_payment`);
    expect(answer.statusCode, answer.body).toBe(200);
    const qr = answer.json();
    expect(qr.variable_symbol).toBe(String((await owner.get(`/api/order/${id}`)).json().item.intern_id));
    const png = Buffer.from(qr.image.replace(/^data:image\/png;base64,/, ''), 'base64');
    const decoded = await readQr(png);
    expect(decoded.text).toContain(`X-VS:${qr.variable_symbol}`);
    expect((await driver2.get(`/api/driver/order/${id}/qr_payment`)).statusCode).toBe(404);
    // The office sees what its driver shows.
    expect((await dispatcher.get(`/api/driver/order/${id}/qr_payment`)).json().image).toBe(qr.image);
  });
});

describe('the delivery note of a delivered order', () => {
  const noteOf = async (id: number, language: 'cs' | 'de') => {
    const { letokruh } = await demoSupplierIds(owner);
    const response = await dispatcher.get(
      `/api/order/${id}/get_delivery_note?supplier=${letokruh}&language=${language}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const pdf = response.rawPayload;
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
      .toString('utf8')
      .replace(/[\u00a0\u202f]/g, ' ')
      .replace(/[ \t]+/g, ' ');
    const images = execFileSync('pdfimages', ['-list', '-'], { input: pdf }).toString('utf8');
    // pdfimages lists an image's transparency as a row of its own (type smask).
    const rows = images.trim().split('\n').slice(2);
    return { text, images: rows.filter((r) => r.trim().split(/\s+/)[2] === 'image').length };
  };

  it('says delivered and received, by whom, when, where, what differed, the cash, with the signature image', async () => {
    const { id, lineA } = await driversOrder();
    const before = await noteOf(id, 'cs');
    expect(before.text).toContain('Převzal (datum, podpis)');
    expect(before.text).not.toContain('Doručeno a převzato');
    expect(before.images).toBe(0);
    // A day back (a queued action), on the minute.
    const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 24 * 3600_000);
    const answer = await deliver(driver, id, {
      at: at.toISOString(),
      receiver_name: 'Žofie Řezníčková',
      cash_received: 1500,
      lines: [{ id: lineA, delivered_amount: 1.5, reason: 'Půl metru vráceno' }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { text, images } = await noteOf(id, 'cs');
    expect(text).toContain('Doručeno a převzato');
    expect(text).toContain('Převzal: Žofie Řezníčková');
    // The Prague wall clock of the instant the driver recorded, written as the screen writes it
    // (decision 0088: 28.11.2026 05:59).
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Prague',
        day: 'numeric',
        month: 'numeric',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    expect(text).toContain(
      `Doručeno: ${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`,
    );
    expect(text).toContain('49.39610, 15.59120 (± 12 m)');
    expect(text).toContain('objednáno 2');
    expect(text).toContain('dodáno 1,5');
    expect(text.replace(/\s+/g, ' ')).toContain('Půl metru vráceno');
    expect(text).toContain('Hotovost převzal řidič: 1 500,00 Kč');
    // 1.5 × 1 210 + 3 × 1 210 + 600 = 6 045; 1 500 in cash leaves 4 545 (domain.md §2.13).
    expect(text).toContain('Zbývá doplatit převodem: 4 545,00 Kč');
    expect(text).toContain('Podpis příjemce');
    expect(text).not.toContain('Převzal (datum, podpis)');
    expect(images).toBe(1);
    const german = await noteOf(id, 'de');
    expect(german.text).toContain('Geliefert und übernommen');
    expect(german.text).toContain('Übernommen von: Žofie Řezníčková');
    expect(german.images).toBe(1);
    // Set back to not done by the office: the note asks for signatures again.
    expect((await owner.put(`/api/order/${id}/undone`)).statusCode).toBe(200);
    const undone = await noteOf(id, 'cs');
    expect(undone.text).not.toContain('Doručeno a převzato');
    expect(undone.images).toBe(0);
  });
});

describe('money after a delivery (domain.md §2.13)', () => {
  /** A cash order of the driver for today with the lines given (typed prices), in `currency`. */
  async function moneyOrder(currency: 'CZK' | 'EUR', lines: { id: number; amount: number; price: number }[]) {
    const { letokruh } = await demoSupplierIds(owner);
    const order = await makeOrder(owner, {
      warehouseId: jihlava,
      customerId,
      lines,
      items: { currency },
      intern: {
        driver_id: driverId,
        car_id: carId,
        expected_delivery_date: pragueDay(),
        confirm_overlap: true,
        supplier_id: letokruh,
      },
    });
    const products = (
      order as unknown as { products: { id: number; product: { product: { id: number } } }[] }
    ).products;
    return { order, line: (product: number) => products.find((l) => l.product.product.id === product)!.id };
  }
  const storedTotal = async (id: number) =>
    Number(
      (await rowsOf<{ p: string }>(t.db, sql`select price_with_vat as p from orders where id = ${id}`))[0]!.p,
    );

  it('CZK cash: partial, zero and full lines give the hand-computed total; the cash bound; the balance by QR', async () => {
    const productC = await makeProduct(owner, jihlava, { stock: 100 });
    const { order, line } = await moneyOrder('CZK', [
      { id: productA, amount: 2, price: 1210.45 },
      { id: productB, amount: 3, price: 99.99 },
      { id: productC, amount: 4, price: 3211 },
    ]);
    // The delivery is the CZK minimum, which the hand computation below counts.
    expect(order.delivery_price.price).toBe(600);
    // Ordered: 2 × 1 210.45 + 3 × 99.99 + 4 × 3 211 + 600 = 2 420.90 + 299.97 + 12 844 + 600 = 16 164.87.
    expect(order.price_with_vat).toBe(16164.87);
    expect(order.amount_to_pay).toBe(16165);
    const lines = [
      { id: line(productA), delivered_amount: 1, reason: 'Jeden kus prasklý' },
      { id: line(productB), delivered_amount: 0, reason: 'Zákazník nechtěl' },
    ];
    // Delivered: 1 210.45 + 0 + 12 844 + 600 = 14 654.45, in cash 14 654 (rounding −0.45).
    // Twice the amount due is 29 308: a haléř more is refused, and writes nothing.
    const over = await deliver(driver, order.id, { lines, cash_received: 29308.01, note: 'spropitné' });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().fields).toEqual(['cash_received']);
    const noNote = await deliver(driver, order.id, { lines, cash_received: 14655 });
    expect(noNote.statusCode, noNote.body).toBe(400);
    expect(noNote.json().fields).toEqual(['note']);
    expect(await count(sql`select count(*) as n from order_deliveries where order_id = ${order.id}`)).toBe(0);
    expect(await storedTotal(order.id)).toBe(16164.87);

    const answer = await deliver(driver, order.id, { lines, cash_received: 10000 });
    expect(answer.statusCode, answer.body).toBe(200);
    const stop = answer.json();
    expect(stop).toMatchObject({ amount_to_pay: 14654, cash_rounding: -0.45 });
    expect(stop.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: line(productA), amount: 1, ordered_amount: 2 }),
        expect.objectContaining({ id: line(productB), amount: 0, ordered_amount: 3 }),
        expect.objectContaining({ id: line(productC), amount: 4, ordered_amount: 4 }),
      ]),
    );
    const money = {
      ordered_price_with_vat: 16164.87,
      price_with_vat: 14654.45,
      amount_due: 14654,
      rounding: -0.45,
      ordered_amount_due: 16165,
      // Paid by transfer, exact: 14 654.45 − 10 000.
      balance: 4654.45,
      excess: 0,
    };
    expect(stop.delivered.money).toEqual(money);
    // The order's page, its stored total (the list's sort, the overviews) and the proof follow.
    const item = (await owner.get(`/api/order/${order.id}`)).json().item;
    expect(item).toMatchObject({ price_with_vat: 14654.45, amount_to_pay: 14654 });
    expect(await storedTotal(order.id)).toBe(14654.45);
    expect((await owner.get(`/api/order/${order.id}/delivery`)).json().delivery.money).toEqual(money);
    const day = (await driver.get('/api/driver/day')).json();
    const onDay = day.days[0].stops.find((s: { id: number }) => s.id === order.id);
    expect(onDay.delivered.money.balance).toBe(4654.45);
    // The QR pays the balance alone (in whole crowns, the QR rule), for the office and the driver.
    const { letokruh } = await demoSupplierIds(owner);
    const qr = (await owner.get(`/api/order/${order.id}/qr_payment?supplier=${letokruh}`)).json();
    expect(qr).toMatchObject({ amount: 4654, original_amount: 4654.45, for_balance: true });
    expect((await readQr(Buffer.from(qr.image.split(',')[1], 'base64'))).text).toContain('AM:4654');
    expect((await driver.get(`/api/driver/order/${order.id}/qr_payment`)).json().amount).toBe(4654);
  });

  it('EUR cash: partial, zero and full lines, unrounded; cash above the amount due with a note', async () => {
    const productC = await makeProduct(owner, jihlava, { stock: 100 });
    const { order, line } = await moneyOrder('EUR', [
      { id: productA, amount: 3, price: 45.9 },
      { id: productB, amount: 5, price: 7.49 },
      { id: productC, amount: 1, price: 2.99 },
    ]);
    expect(order.delivery_price.price).toBe(30);
    // Ordered: 137.70 + 37.45 + 2.99 + 30 = 208.14.
    expect(order.amount_to_pay).toBe(208.14);
    const lines = [
      { id: line(productA), delivered_amount: 2, reason: 'Poškozeno' },
      { id: line(productB), delivered_amount: 0, reason: 'Vráceno' },
    ];
    // Delivered: 91.80 + 0 + 2.99 + 30 = 124.79; 130 taken with a note leaves 5.21 beyond.
    const answer = await deliver(driver, order.id, { lines, cash_received: 130, note: 'Nechtěl vrátit' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().delivered.money).toEqual({
      ordered_price_with_vat: 208.14,
      price_with_vat: 124.79,
      amount_due: 124.79,
      rounding: 0,
      ordered_amount_due: 208.14,
      balance: 0,
      excess: 5.21,
    });
    expect(await storedTotal(order.id)).toBe(124.79);
    // Nothing is left to pay: no QR.
    const { letokruh } = await demoSupplierIds(owner);
    expect((await owner.get(`/api/order/${order.id}/qr_payment?supplier=${letokruh}`)).statusCode).toBe(409);
  });

  it('a transfer order delivered in part: its QR asks for the delivered total', async () => {
    const { letokruh } = await demoSupplierIds(owner);
    const { id, lineB } = await driversOrder({ payment_type: 'qr_transfer', supplier_id: letokruh });
    // 2 × 1 210 + 1 × 1 210 + 600 = 4 230.
    const answer = await deliver(driver, id, {
      lines: [{ id: lineB, delivered_amount: 1, reason: 'Vráceno' }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().delivered.money).toMatchObject({ amount_due: 4230, balance: 0 });
    const qr = (await driver.get(`/api/driver/order/${id}/qr_payment`)).json();
    expect(qr).toMatchObject({ amount: 4230, for_balance: false });
  });
});
