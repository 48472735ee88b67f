import { ErrorCode } from '@letokruh/contracts/errors';
import { seededRandom } from '@letokruh/contracts/rules/seeded-random';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login, type TestApp } from '../../test/build.ts';
import { makeProduct, stockOf } from '../../test/products.ts';

let t: BuiltTestApp;
let app: TestApp;
let db: Db;
let owner: Client;
let warehouseman: Client;
let technician: Client;
let jihlava: number;
let trebic: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
  owner = await login(app, 'owner');
  warehouseman = await login(app, 'warehouseman');
  technician = await login(app, 'technician');
  const warehouses = (await owner.get('/api/warehouses')).json().items as { id: number; name: string }[];
  jihlava = warehouses.find((w) => w.name === 'Sklad Jihlava')!.id;
  trebic = warehouses.find((w) => w.name === 'Sklad Třebíč')!.id;
});
afterAll(() => t?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(db, query);
const ledgerCount = async () =>
  Number((await rows<{ n: number }>(sql`select count(*)::int as n from stock_ledger`))[0]?.n);

/** A fresh product kept in a warehouse at 0, so that each test starts from a known amount. */
const keptProduct = (warehouseId: number) =>
  makeProduct(owner, warehouseId, { stock: 0, shorten_name: 'T', priceForm: [] });

describe('GET /api/warehouse/:id/product_stock', () => {
  it('pages the stock of a warehouse with its products', async () => {
    const response = await technician.get(`/api/warehouse/${jihlava}/product_stock?per_page=10`);
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json();
    expect(items).toHaveLength(10);
    expect(total).toBeGreaterThanOrEqual(28);
    expect(items[0]).toMatchObject({
      warehouse_id: jihlava,
      amount: expect.any(Number),
      product: {
        id: expect.any(Number),
        name: expect.any(String),
        measurement_unit: expect.stringMatching(/PRM[SR]/),
      },
    });
    const page3 = (
      await technician.get(`/api/warehouse/${jihlava}/product_stock?per_page=10&current_page=3`)
    ).json();
    expect(page3.items.length).toBe(Math.min(10, total - 20));
  });

  it('lists softwood first, then hardwood, then additional sale goods', async () => {
    const { items } = (await technician.get(`/api/warehouse/${jihlava}/product_stock?per_page=100`)).json();
    const order = ['Měkké', 'Tvrdé', 'Doplňkový prodej'];
    const ranks = items.map((s: { product: { type: string } }) => order.indexOf(s.product.type));
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2]));
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
  });

  it('refuses a driver (403), an unknown warehouse (404)', async () => {
    const driver = await login(app, 'driver');
    expect((await driver.get(`/api/warehouse/${jihlava}/product_stock`)).statusCode).toBe(403);
    expect((await technician.get('/api/warehouse/999999/product_stock')).statusCode).toBe(404);
  });
});

describe('POST /api/warehouse/:id/add_product', () => {
  it('starts keeping a product at 0, once', async () => {
    const productId = await keptProduct(trebic);
    expect(await stockOf(owner, trebic, productId)).toBe(0);
    const again = await owner.post(`/api/warehouse/${trebic}/add_product`, { product_id: productId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe(ErrorCode.conflict);
  });

  it('refuses a product off the offer (409), unknown ids (404), bad input (400), a technician (403)', async () => {
    const productId = await keptProduct(trebic);
    await owner.delete(`/api/product/${productId}/delete`);
    expect(
      (await owner.post(`/api/warehouse/${jihlava}/add_product`, { product_id: productId })).statusCode,
    ).toBe(409);
    expect(
      (await owner.post(`/api/warehouse/${jihlava}/add_product`, { product_id: 999999 })).statusCode,
    ).toBe(404);
    expect(
      (await owner.post('/api/warehouse/999999/add_product', { product_id: productId })).statusCode,
    ).toBe(404);
    const bad = await owner.post(`/api/warehouse/${jihlava}/add_product`, { product_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(['product_id']);
    expect(
      (await technician.post(`/api/warehouse/${jihlava}/add_product`, { product_id: 1 })).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/update_stock/:warehouseId/:productId', () => {
  it('changes the stock by the amount and writes a ledger row with who, when and why', async () => {
    const productId = await keptProduct(jihlava);
    const first = await warehouseman.put(`/api/update_stock/${jihlava}/${productId}`, { amount: 12.5 });
    expect(first.statusCode).toBe(200);
    expect(first.json().item.amount).toBe(12.5);
    const second = await warehouseman.put(`/api/update_stock/${jihlava}/${productId}`, { amount: -2 });
    expect(second.json().item.amount).toBe(10.5);
    const history = await warehouseman.get(`/api/product_stock_changes/${jihlava}?product_id=${productId}`);
    expect(history.statusCode).toBe(200);
    expect(history.json().total).toBe(2);
    expect(history.json().items).toMatchObject([
      {
        amount: -2,
        amount_after: 10.5,
        reason: 'manual',
        created_by: { first_name: 'Karel', last_name: 'Procházka' },
      },
      {
        amount: 12.5,
        amount_after: 12.5,
        reason: 'manual',
        product_stock: { warehouse_id: jihlava, product: { id: productId } },
      },
    ]);
    const created = new Date(history.json().items[0].created).getTime();
    expect(Math.abs(Date.now() - created)).toBeLessThan(60_000);
  });

  it('refuses to go below zero with 409 / 140 and writes nothing', async () => {
    const productId = await keptProduct(jihlava);
    await owner.put(`/api/update_stock/${jihlava}/${productId}`, { amount: 3 });
    const before = await ledgerCount();
    const response = await owner.put(`/api/update_stock/${jihlava}/${productId}`, { amount: -3.01 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error_code).toBe(ErrorCode.conflict);
    expect(await stockOf(owner, jihlava, productId)).toBe(3);
    expect(await ledgerCount()).toBe(before);
    expect(
      (await owner.put(`/api/update_stock/${jihlava}/${productId}`, { amount: -3 })).json().item.amount,
    ).toBe(0);
  });

  it('refuses amounts out of domain.md §2.5 bounds, zero, text and three decimals with 400 / 120', async () => {
    const productId = await keptProduct(jihlava);
    const before = await ledgerCount();
    for (const body of [
      { amount: 1_000_001 },
      { amount: -1_000_001 },
      { amount: 0 },
      { amount: '5' },
      { amount: 1.005 },
      {},
    ]) {
      const response = await owner.put(`/api/update_stock/${jihlava}/${productId}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['amount'] });
    }
    expect(
      (await owner.put(`/api/update_stock/${jihlava}/${productId}`, { amount: 1_000_000 })).statusCode,
    ).toBe(200);
    expect(await ledgerCount()).toBe(before + 1);
  });

  it('answers 404 for a product the warehouse does not keep and for unknown ids', async () => {
    const productId = await keptProduct(trebic);
    const notKept = await owner.put(`/api/update_stock/${jihlava}/${productId}`, { amount: 1 });
    expect(notKept.statusCode).toBe(404);
    expect(notKept.json().error_code).toBe(ErrorCode.notFound);
    expect((await owner.put(`/api/update_stock/999999/${productId}`, { amount: 1 })).statusCode).toBe(404);
    expect((await owner.put(`/api/update_stock/${jihlava}/999999`, { amount: 1 })).statusCode).toBe(404);
  });

  it('needs change_warehouse: the technician may look but not change, nor see the history', async () => {
    const response = await technician.put(`/api/update_stock/${jihlava}/1`, { amount: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe(ErrorCode.accessDenied);
    expect((await technician.get(`/api/product_stock_changes/${jihlava}`)).statusCode).toBe(403);
    expect((await technician.get(`/api/warehouse/${jihlava}/product_stock`)).statusCode).toBe(200);
  });
});

describe('the stock ledger', () => {
  it('50 concurrent changes of one product lose nothing; the amount equals the ledger sum', async () => {
    const productId = await keptProduct(jihlava);
    await owner.put(`/api/update_stock/${jihlava}/${productId}`, { amount: 100 });
    // Deltas that may run in any order without going below zero: at most 10 × 2 taken.
    const deltas = Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? -2 : (i % 7) + 0.25));
    const responses = await Promise.all(
      deltas.map((amount) => owner.put(`/api/update_stock/${jihlava}/${productId}`, { amount })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(deltas.map(() => 200));
    const expected = 100 + deltas.reduce((a, b) => a + b, 0);
    expect(await stockOf(owner, jihlava, productId)).toBeCloseTo(expected, 2);
    const ledger = await rows<{ delta: string; amount_after: string }>(sql`
      select delta::text, amount_after::text from stock_ledger
      where warehouse_id = ${jihlava} and product_id = ${productId} order by id`);
    expect(ledger).toHaveLength(51);
    // Each row's amount_after is the previous one plus its delta: the changes queued, none overlapped.
    let running = 0;
    for (const row of ledger) {
      running = Math.round((running + Number(row.delta)) * 100) / 100;
      expect(Number(row.amount_after)).toBe(running);
    }
    expect(running).toBeCloseTo(expected, 2);
  });

  it('over seeded random manual changes and conversions, stock equals the ledger and never goes below 0', async () => {
    // Seeded, so a failing run can be replayed from its seed.
    const next = seededRandom(20260301);
    const products = [await keptProduct(trebic), await keptProduct(trebic), await keptProduct(trebic)];
    const expected = new Map(products.map((p) => [p, 0]));
    let accepted = 0;
    let refused = 0;
    for (let step = 0; step < 80; step++) {
      const pick = () => products[Math.floor(next() * products.length)]!;
      const amount = Math.max(1, Math.round(next() * 2000)) / 100;
      const from = pick();
      const have = Math.round(expected.get(from)! * 100);
      const fits = Math.round(amount * 100) <= have;
      if (next() < 0.25) {
        const to = products.find((p) => p !== from)!;
        const out = Math.max(1, Math.round(next() * 2000)) / 100;
        const response = await owner.put(`/api/warehouse/${trebic}/product_conversion/submit`, {
          calculation_type: 'knowInputOutput',
          inputs: [{ product_id: from, amount }],
          outputs: [{ product_id: to, amount: out }],
        });
        expect(response.statusCode, `step ${step}`).toBe(fits ? 200 : 409);
        if (!fits) {
          refused += 1;
          continue;
        }
        expected.set(from, (have - Math.round(amount * 100)) / 100);
        expected.set(to, (Math.round(expected.get(to)! * 100) + Math.round(out * 100)) / 100);
        accepted += 2;
      } else {
        const delta = next() < 0.45 ? -amount : amount;
        const allowed = delta > 0 || fits;
        const response = await warehouseman.put(`/api/update_stock/${trebic}/${from}`, { amount: delta });
        expect(response.statusCode, `step ${step}`).toBe(allowed ? 200 : 409);
        if (!allowed) {
          refused += 1;
          continue;
        }
        expected.set(from, (have + Math.round(delta * 100)) / 100);
        accepted += 1;
      }
    }
    const ledger = await rows<{ product_id: number; delta: string; amount_after: string }>(sql`
      select product_id, delta::text, amount_after::text from stock_ledger
      where warehouse_id = ${trebic} and product_id = any(${sql.param(products)}::int[]) order by id`);
    // The seed exercises both paths: changes written and changes refused without a trace.
    expect(refused).toBeGreaterThan(5);
    expect(ledger).toHaveLength(accepted);
    const running = new Map(products.map((p) => [p, 0]));
    for (const row of ledger) {
      const after =
        (Math.round(running.get(row.product_id)! * 100) + Math.round(Number(row.delta) * 100)) / 100;
      expect(Number(row.amount_after)).toBe(after);
      expect(after).toBeGreaterThanOrEqual(0);
      running.set(row.product_id, after);
    }
    for (const p of products) {
      expect(await stockOf(owner, trebic, p)).toBe(expected.get(p));
      expect(running.get(p)).toBe(expected.get(p));
    }
  });

  it('every stock row, seeded or changed, equals the sum of its ledger', async () => {
    const drift = await rows<{ warehouse_id: number; product_id: number }>(sql`
      select ps.warehouse_id, ps.product_id from product_stock ps
      left join (select warehouse_id, product_id, sum(delta) as total from stock_ledger group by 1, 2) l
        on l.warehouse_id = ps.warehouse_id and l.product_id = ps.product_id
      where ps.amount <> coalesce(l.total, 0)`);
    expect(drift).toEqual([]);
    const stockRows = await rows<{ n: number }>(sql`select count(*)::int as n from product_stock`);
    expect(Number(stockRows[0]?.n)).toBeGreaterThan(80);
    // Demo data: every demo warehouse holds stock of many products.
    const perWarehouse = await rows<{ name: string; n: number }>(sql`
      select w.name, count(*)::int as n from product_stock ps join warehouses w on w.id = ps.warehouse_id
      where ps.amount > 0 and w.name like 'Sklad %' group by w.name order by w.name`);
    expect(perWarehouse.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Sklad Havlíčkův Brod', 'Sklad Jihlava', 'Sklad Třebíč']),
    );
    for (const r of perWarehouse) expect(Number(r.n), r.name).toBeGreaterThan(10);
  });
});

describe('GET /api/product_stock_changes/:warehouseId', () => {
  it('pages the history of one warehouse, newest first', async () => {
    const response = await owner.get(`/api/product_stock_changes/${trebic}?per_page=20`);
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json();
    expect(total).toBeGreaterThan(20);
    expect(items).toHaveLength(20);
    for (const item of items) expect(item.product_stock.warehouse_id).toBe(trebic);
    const ids = items.map((i: { id: number }) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await owner.get('/api/product_stock_changes/999999')).statusCode).toBe(404);
  });

  it('names the order of a change by its number, not only its internal id', async () => {
    const { items } = (await owner.get(`/api/product_stock_changes/${trebic}?per_page=100`)).json();
    const byOrder = items.filter((i: { order_id: number | null }) => i.order_id !== null);
    expect(byOrder.length).toBeGreaterThan(0);
    for (const item of byOrder) {
      const order = (await owner.get(`/api/order/${item.order_id}`)).json().item;
      expect(item.order_intern_id).toBe(order.intern_id);
    }
    for (const item of items.filter((i: { order_id: number | null }) => i.order_id === null)) {
      expect(item.order_intern_id).toBeNull();
    }
  });
});
