import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login, type TestApp } from '../../test/build.ts';
import { makeProduct, productForm } from '../../test/products.ts';

let t: BuiltTestApp;
let app: TestApp;
let db: Db;
let owner: Client;
let warehouseman: Client;
let warehouseId: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = t.db;
  owner = await login(app, 'owner');
  warehouseman = await login(app, 'warehouseman');
  const warehouses = (await owner.get('/api/warehouses')).json().items as { id: number; name: string }[];
  warehouseId = warehouses.find((w) => w.name === 'Sklad Třebíč')!.id;
});
afterAll(() => t?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(db, query);

/** A new product kept in the warehouse with the given stock (0: not kept at all). */
async function product(stock: number, name = 'Konverze'): Promise<number> {
  const form = {
    name: `${name} ${Math.random().toString(36).slice(2, 7)}`,
    shorten_name: 'K',
    type: 'Měkké',
    priceForm: [],
  };
  if (stock > 0) return makeProduct(owner, warehouseId, { stock, ...form });
  return (await owner.post('/api/product/add', productForm(form))).json().item.id as number;
}

const stockOf = async (productId: number) => {
  const response = await owner.get(`/api/update_stock/${warehouseId}/${productId}`);
  return response.statusCode === 404 ? null : (response.json().item.amount as number);
};

const options = (query: string) =>
  warehouseman.get(`/api/warehouse/${warehouseId}/product_conversions?${query}`);

describe('GET /api/warehouse/:id/product_conversions', () => {
  it('knowOutputKoeficient: the input splits the stock covers, with the stock shown', async () => {
    const a = await product(9);
    const b = await product(1);
    const out = await product(0);
    const response = await options(
      `calculation_type=knowOutputKoeficient&inputs=${a},${b}&outputs=${out}:12&coefficient=1.5`,
    );
    expect(response.statusCode).toBe(200);
    const { items, error } = response.json();
    expect(error).toBe(false);
    expect(
      items.map((o: { inputs: { product: { id: number }; amount: number }[] }) =>
        o.inputs.map((l) => [l.product.id, l.amount]),
      ),
    ).toEqual([
      [
        [a, 7.2],
        [b, 0.8],
      ],
      [[a, 8]],
    ]);
    expect(items[0].outputs).toMatchObject([{ product: { id: out }, amount: 12, stock: 0 }]);
    expect(items[0].inputs[0]).toMatchObject({ stock: 9, product: { measurement_unit: 'PRMS' } });
  });

  it('knowInputOutput: one option with the coefficient computed; beyond the stock, none', async () => {
    const a = await product(10);
    const b = await product(5);
    const o1 = await product(0);
    const o2 = await product(0);
    const response = await options(
      `calculation_type=knowInputOutput&inputs=${a}:4,${b}:2&outputs=${o1}:5,${o2}:4`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().error).toBe(false);
    expect(response.json().items).toMatchObject([
      {
        coefficient: 1.5,
        inputs: [
          { product: { id: a }, amount: 4, stock: 10 },
          { product: { id: b }, amount: 2, stock: 5 },
        ],
        outputs: [
          { product: { id: o1 }, amount: 5, stock: 0 },
          { product: { id: o2 }, amount: 4, stock: 0 },
        ],
      },
    ]);
    const beyond = await options(`calculation_type=knowInputOutput&inputs=${a}:10.01&outputs=${o1}:5`);
    expect(beyond.json()).toEqual({ items: [], error: true });
  });

  it('knowInputKoeficient: the outputs split evenly and all on each one', async () => {
    const a = await product(10);
    const o1 = await product(0);
    const o2 = await product(0);
    const response = await options(
      `calculation_type=knowInputKoeficient&inputs=${a}:4&outputs=${o1},${o2}&coefficient=1.5`,
    );
    expect(response.statusCode).toBe(200);
    const { items, error } = response.json();
    expect(error).toBe(false);
    expect(
      items.map((o: { outputs: { product: { id: number }; amount: number }[] }) =>
        o.outputs.map((l) => [l.product.id, l.amount]),
      ),
    ).toEqual([
      [
        [o1, 3],
        [o2, 3],
      ],
      [[o1, 6]],
      [[o2, 6]],
    ]);
    for (const item of items) {
      expect(item).toMatchObject({ coefficient: 1.5, inputs: [{ product: { id: a }, amount: 4 }] });
    }
  });

  it('needs view_warehouse: a driver is refused with 403 / 110', async () => {
    const a = await product(3);
    const driver = await login(app, 'driver');
    const response = await driver.get(
      `/api/warehouse/${warehouseId}/product_conversions?calculation_type=knowInputOutput&inputs=${a}:1&outputs=${a + 1}:1`,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe(ErrorCode.accessDenied);
  });

  it('answers error: true and no items when the stock covers no option', async () => {
    const a = await product(2);
    const out = await product(0);
    const response = await options(
      `calculation_type=knowInputKoeficient&inputs=${a}:3&outputs=${out}&coefficient=1.2`,
    );
    expect(response.json()).toEqual({ items: [], error: true });
  });

  it('refuses missing amounts, a missing coefficient, four products, one product on both sides', async () => {
    const a = await product(5);
    const cases: [string, string][] = [
      [`calculation_type=knowInputOutput&inputs=${a}:1&outputs=${a + 1000}`, 'outputs'],
      [`calculation_type=knowInputKoeficient&inputs=${a}:1&outputs=${a + 1000}`, 'coefficient'],
      [`calculation_type=knowInputKoeficient&inputs=1:1,2:1,3:1,4:1&outputs=5&coefficient=1`, 'inputs'],
      [`calculation_type=knowInputOutput&inputs=${a}:1&outputs=${a}:1`, 'outputs'],
      [`calculation_type=knowAll&inputs=${a}:1&outputs=${a + 1}:1`, 'calculation_type'],
      [`calculation_type=knowInputKoeficient&inputs=${a}:1&outputs=${a + 1000}&coefficient=0`, 'coefficient'],
    ];
    for (const [query, field] of cases) {
      const response = await options(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields, query).toContain(field);
    }
    const unknown = await options(`calculation_type=knowInputOutput&inputs=${a}:1&outputs=999999:1`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual(['outputs']);
    expect(
      (
        await owner.get(
          `/api/warehouse/999999/product_conversions?calculation_type=knowInputOutput&inputs=${a}:1&outputs=${a + 1}:1`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/warehouse/:id/product_conversion/submit', () => {
  it('takes the inputs, adds the outputs and writes one ledger row each, naming the conversion', async () => {
    const log = await product(10, 'Kulatina');
    const split = await product(0, 'Štípané');
    const chips = await product(2, 'Třísky');
    const response = await warehouseman.put(`/api/warehouse/${warehouseId}/product_conversion/submit`, {
      calculation_type: 'knowInputKoeficient',
      inputs: [{ product_id: log, amount: 4 }],
      outputs: [
        { product_id: split, amount: 5 },
        { product_id: chips, amount: 1.2 },
      ],
      coefficient: 1.55,
    });
    expect(response.statusCode).toBe(200);
    const { item } = response.json();
    expect(item).toMatchObject({
      warehouse_id: warehouseId,
      calculation_type: 'knowInputKoeficient',
      coefficient: 1.55,
      inputs: [{ product: { id: log }, amount: 4, amount_after: 6 }],
      outputs: [
        { product: { id: split }, amount: 5, amount_after: 5 },
        { product: { id: chips }, amount: 1.2, amount_after: 3.2 },
      ],
    });
    expect(await stockOf(log)).toBe(6);
    expect(await stockOf(split)).toBe(5);
    const ledger = await rows<{
      product_id: number;
      delta: string;
      reason: string;
      conversion_id: number;
    }>(sql`
      select product_id, delta::text, reason, conversion_id from stock_ledger
      where conversion_id = ${item.id} order by product_id`);
    expect(ledger.map((r) => [r.product_id, Number(r.delta), r.reason])).toEqual([
      [log, -4, 'conversion'],
      [split, 5, 'conversion'],
      [chips, 1.2, 'conversion'],
    ]);
    const history = (
      await warehouseman.get(`/api/product_stock_changes/${warehouseId}?product_id=${log}`)
    ).json();
    expect(history.items[0]).toMatchObject({ reason: 'conversion', conversion_id: item.id, amount: -4 });
  });

  it('refuses to take more than the stock holds with 409 and writes nothing, conversion included', async () => {
    const a = await product(3);
    const b = await product(1);
    const out = await product(0);
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from conversions`);
    const response = await warehouseman.put(`/api/warehouse/${warehouseId}/product_conversion/submit`, {
      calculation_type: 'knowInputOutput',
      inputs: [
        { product_id: a, amount: 2 },
        { product_id: b, amount: 1.5 },
      ],
      outputs: [{ product_id: out, amount: 5 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error_code).toBe(ErrorCode.conflict);
    expect(await stockOf(a)).toBe(3);
    expect(await stockOf(b)).toBe(1);
    expect(await stockOf(out)).toBeNull();
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from conversions`)).toEqual(before);
  });

  it('refuses bad input (400), an unknown warehouse (404) and a technician (403)', async () => {
    const a = await product(3);
    const body = {
      calculation_type: 'knowInputOutput',
      inputs: [{ product_id: a, amount: 1 }],
      outputs: [{ product_id: a + 1, amount: -1 }],
    };
    const bad = await warehouseman.put(`/api/warehouse/${warehouseId}/product_conversion/submit`, body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(['outputs.0.amount']);
    const good = { ...body, outputs: [{ product_id: a + 1, amount: 1 }] };
    expect((await warehouseman.put('/api/warehouse/999999/product_conversion/submit', good)).statusCode).toBe(
      404,
    );
    const technician = await login(app, 'technician');
    const denied = await technician.put(`/api/warehouse/${warehouseId}/product_conversion/submit`, good);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error_code).toBe(ErrorCode.accessDenied);
  });
});
