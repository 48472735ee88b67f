import type { Order } from '@letokruh/contracts/orders';
import { toMinor } from '@letokruh/contracts/rules/money';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { makeOrder, shortStockConfirmed, warehouseIds } from '../../test/orders.ts';
import { makeProduct } from '../../test/products.ts';
import { sumOrders } from './stats.queries.ts';
import { totalsOf } from './stats.service.ts';
import { orderBatches } from './stats-batches.queries.ts';

/**
 * Orders with hand-computed totals in March 2035 (no demo order is that far away), and every
 * overview checked against them to the haléř.
 *
 * A  Jihlava CZK, done, 12 Mar:  2 × 1210 = 2420; 1.5 × 99.98 = 149.97; delivery 30 × 12.3 × 2 = 738
 *    total 3307.97; without VAT 2000 + 123.94 + 609.92 = 2733.86
 * B  Jihlava EUR, not done, 1 Mar: 3 × 50 = 150; delivery 1.25 × 5 × 2 = 12.5 → minimum 30; total 180
 * C  Brod CZK, done, 31 Mar: 1 × 1000 (typed) = 1000; delivery 0 km → minimum 600; total 1600
 * G  Třebíč CZK, not done, 15 Mar: 4 × 1210 (product q) = 4840; delivery 30 × 20 × 2 = 1200; total 6040
 * Without VAT: C 826.45 + 495.87 = 1322.32, G 4000 + 991.74 = 4991.74; B 125 + 25 = 150.
 * D  Jihlava CZK, 6 Mar, cancelled; E a draft dated 7 Mar; F Jihlava CZK, 1 Apr: never counted in March.
 */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let technician: Client;
let w: Record<'jihlava' | 'brod' | 'trebic', number>;
let p: number;
let q: number;
const orders: Record<string, Order> = {};
const march = 'from=2035-03-01&to=2035-03-31';

const at = (date: string) => ({ expected_delivery_date: date, expected_delivery_time: '09:00' });

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, technician } = await signIn(t.app, ['owner', 'dispatcher', 'technician']));
  w = await warehouseIds(owner);
  const customerId = await someCustomerId(owner);
  p = await makeProduct(owner, w.jihlava, { alsoIn: [w.brod, w.trebic] });
  q = await makeProduct(owner, w.jihlava, { alsoIn: [w.brod, w.trebic] });
  const make = (
    warehouseId: number,
    lines: { id: number; amount: number; price?: number }[],
    items: Record<string, unknown>,
    date: string,
  ) => makeOrder(dispatcher, { warehouseId, customerId, lines, items, intern: at(date) });

  orders.A = await make(
    w.jihlava,
    [
      { id: p, amount: 2 },
      { id: q, amount: 1.5, price: 99.98 },
    ],
    { distance: 12.3 },
    '2035-03-12',
  );
  orders.B = await make(w.jihlava, [{ id: p, amount: 3 }], { currency: 'EUR', distance: 5 }, '2035-03-01');
  orders.C = await make(w.brod, [{ id: p, amount: 1, price: 1000 }], { distance: 0 }, '2035-03-31');
  orders.G = await make(w.trebic, [{ id: q, amount: 4 }], { distance: 20 }, '2035-03-15');
  orders.D = await make(w.jihlava, [{ id: p, amount: 7 }], { distance: 3 }, '2035-03-06');
  orders.F = await make(w.jihlava, [{ id: p, amount: 5 }], { distance: 3 }, '2035-04-01');
  for (const o of [orders.A, orders.C])
    expect((await dispatcher.put(`/api/order/${o!.id}/done`)).statusCode).toBe(200);
  expect((await dispatcher.delete(`/api/order/${orders.D!.id}/delete`)).statusCode).toBe(200);
  // A draft has no customer, so no step gives it a day: give it one behind the API's back.
  const draft = (await dispatcher.get('/api/order/add')).json().id as number;
  expect(
    (
      await dispatcher.post(`/api/order/${draft}/items`, {
        warehouse_id: w.jihlava,
        currency: 'CZK',
        products: [{ amount: 9, product: { product: { id: p } } }],
        ...shortStockConfirmed,
      })
    ).statusCode,
  ).toBe(200);
  await t.db.execute(sql`update orders set expected_delivery_date = '2035-03-07' where id = ${draft}`);
}, 120_000);
afterAll(() => t?.close());

describe('the fixtures are what the comment says', () => {
  it('each order answers the hand-computed totals', () => {
    expect(orders.A).toMatchObject({
      product_prices: 2569.97,
      price_with_vat: 3307.97,
      total_price: 2733.86,
    });
    expect(orders.A!.delivery_price.price).toBe(738);
    expect(orders.B).toMatchObject({ currency: 'EUR', product_prices: 150, price_with_vat: 180 });
    expect(orders.C).toMatchObject({ product_prices: 1000, price_with_vat: 1600 });
    expect(orders.G).toMatchObject({ product_prices: 4840, price_with_vat: 6040 });
  });
});

describe('GET /stats_by_warehouses', () => {
  it('sums each warehouse by currency: travel, products, total', async () => {
    const answer = await owner.get(`/api/stats_by_warehouses?${march}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const byId = new Map(answer.json().items.map((i: { id: number }) => [i.id, i]));
    expect(byId.get(w.jihlava)).toMatchObject({
      name: 'Sklad Jihlava',
      count: 2,
      prices: [
        { currency: 'CZK', travel: 738, products: 2569.97, total: 3307.97 },
        { currency: 'EUR', travel: 30, products: 150, total: 180 },
      ],
    });
    expect(byId.get(w.brod)).toMatchObject({
      count: 1,
      prices: [{ currency: 'CZK', travel: 600, products: 1000, total: 1600 }],
    });
    expect(byId.get(w.trebic)).toMatchObject({
      count: 1,
      prices: [{ currency: 'CZK', travel: 1200, products: 4840, total: 6040 }],
    });
    expect(answer.json().days).toEqual([
      {
        date: '2035-03-01',
        warehouse_id: w.jihlava,
        count: 1,
        prices: [{ currency: 'EUR', travel: 30, products: 150, total: 180 }],
      },
      {
        date: '2035-03-12',
        warehouse_id: w.jihlava,
        count: 1,
        prices: [{ currency: 'CZK', travel: 738, products: 2569.97, total: 3307.97 }],
      },
      {
        date: '2035-03-15',
        warehouse_id: w.trebic,
        count: 1,
        prices: [{ currency: 'CZK', travel: 1200, products: 4840, total: 6040 }],
      },
      {
        date: '2035-03-31',
        warehouse_id: w.brod,
        count: 1,
        prices: [{ currency: 'CZK', travel: 600, products: 1000, total: 1600 }],
      },
    ]);
  });

  it('filters by done, by warehouse and by the range ends', async () => {
    const done = (await owner.get(`/api/stats_by_warehouses?${march}&done=true`)).json();
    expect(done.items.map((i: { count: number }) => i.count)).toEqual(
      done.items.map((i: { id: number }) => (i.id === w.jihlava || i.id === w.brod ? 1 : 0)),
    );
    const notDone = (
      await owner.get(`/api/stats_by_warehouses?${march}&done=false&warehouse=${w.jihlava}`)
    ).json();
    expect(notDone.items).toEqual([
      expect.objectContaining({
        id: w.jihlava,
        count: 1,
        prices: [{ currency: 'EUR', travel: 30, products: 150, total: 180 }],
      }),
    ]);
    const lastDay = (await owner.get(`/api/stats_by_warehouses?from=2035-03-31&to=2035-04-01`)).json();
    const counts = Object.fromEntries(
      lastDay.items.map((i: { id: number; count: number }) => [i.id, i.count]),
    );
    expect(counts[w.brod]).toBe(1);
    expect(counts[w.jihlava]).toBe(1); // F on 1 April
  });
});

describe('GET /stats_for_products', () => {
  it('sums amounts, orders and line prices per product and currency', async () => {
    const { items } = (await owner.get(`/api/stats_for_products?${march}`)).json();
    expect(items).toHaveLength(2);
    // q sold more in CZK (149.97 + 4840) than p (2420 + 1000): q first.
    expect(items[0]).toMatchObject({
      id: q,
      count: 5.5,
      order_count: 2,
      measurement_unit: 'PRMS',
      prices: [{ currency: 'CZK', amount: 4989.97 }],
    });
    expect(items[1]).toMatchObject({
      id: p,
      count: 6,
      order_count: 3,
      prices: [
        { currency: 'CZK', amount: 3420 },
        { currency: 'EUR', amount: 150 },
      ],
    });
    const brodDone = (
      await owner.get(`/api/stats_for_products?${march}&warehouse=${w.brod}&done=true`)
    ).json();
    expect(brodDone.items).toEqual([
      expect.objectContaining({ id: p, count: 1, prices: [{ currency: 'CZK', amount: 1000 }] }),
    ]);
  });
});

describe('GET /get_collected_revenue_by_warehouses', () => {
  it('counts collections by their Prague day, per warehouse and per collector', async () => {
    expect((await owner.put(`/api/order/${orders.A!.id}/collect_revenue`)).statusCode).toBe(200);
    expect((await dispatcher.put(`/api/order/${orders.B!.id}/collect_revenue`)).statusCode).toBe(200);
    expect((await dispatcher.put(`/api/order/${orders.C!.id}/collect_revenue`)).statusCode).toBe(200);
    // 28 Feb 23:30 UTC is 1 March 0:30 in Prague; 31 March 22:30 UTC is 1 April 0:30 (summer time).
    const collectedAt = async (o: Order, instant: string) =>
      t.db.execute(sql`update orders set collected_revenue_at = ${instant}::timestamptz where id = ${o.id}`);
    await collectedAt(orders.A!, '2035-02-28T23:30:00Z');
    await collectedAt(orders.B!, '2035-03-20T10:00:00Z');
    await collectedAt(orders.C!, '2035-03-31T22:30:00Z');

    const answer = await owner.get(`/api/get_collected_revenue_by_warehouses?${march}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { items, collectors } = answer.json();
    const jihlava = items.find((i: { id: number }) => i.id === w.jihlava);
    // Decision 0038: A was paid in cash in CZK, 3307.97 → 3308 handed over (rounding 0.03); EUR exact.
    expect(jihlava).toMatchObject({
      count: 2,
      prices: [
        { currency: 'CZK', amount: 3308, rounding: 0.03 },
        { currency: 'EUR', amount: 180, rounding: 0 },
      ],
    });
    expect(items.find((i: { id: number }) => i.id === w.brod)).toMatchObject({ count: 0, prices: [] });
    expect(collectors).toHaveLength(2);
    const dispatcherId = (await dispatcher.get('/api/auth/user')).json().user.id;
    expect(collectors.find((c: { id: number }) => c.id === dispatcherId)).toMatchObject({
      count: 1,
      prices: [{ currency: 'EUR', amount: 180 }],
    });

    const byDispatcher = (
      await owner.get(
        `/api/get_collected_revenue_by_warehouses?from=2035-03-01&to=2035-04-01&collected_by=${dispatcherId}`,
      )
    ).json();
    expect(byDispatcher.collectors).toEqual([expect.objectContaining({ id: dispatcherId, count: 2 })]);
    expect(byDispatcher.items.find((i: { id: number }) => i.id === w.brod)).toMatchObject({
      count: 1,
      prices: [{ currency: 'CZK', amount: 1600 }],
    });

    const names = (await owner.get('/api/stats_collectors')).json().items.map((c: { id: number }) => c.id);
    expect(names).toContain(dispatcherId);
  });
});

describe('permissions and bad input', () => {
  const paths = [
    '/api/stats_by_warehouses',
    '/api/stats_for_products',
    '/api/get_collected_revenue_by_warehouses',
    '/api/stats_campaings',
    '/api/stats_orders',
    '/api/stats_customers',
    '/api/stats_products',
    '/api/stats_collectors',
  ];

  it('answers 403 / 110 without view_stats', async () => {
    for (const path of paths) {
      const answer = await technician.get(`${path}?${march}`);
      expect(answer.statusCode, path).toBe(403);
      expect(answer.json().error_code).toBe(110);
    }
  });

  it('refuses a range that ends before it starts, missing or malformed days, a bad done', async () => {
    for (const path of paths.slice(0, 7)) {
      for (const query of [
        'from=2035-03-02&to=2035-03-01',
        'to=2035-03-01',
        'from=2035-02-30&to=2035-03-01',
        'from=1.3.2035&to=2035-03-01',
      ]) {
        const answer = await owner.get(`${path}?${query}`);
        expect(answer.statusCode, `${path}?${query}`).toBe(400);
        expect(answer.json().error_code).toBe(120);
      }
    }
    expect((await owner.get(`/api/stats_by_warehouses?${march}&done=maybe`)).statusCode).toBe(400);
    expect((await owner.get(`/api/stats_by_warehouses?${march}&warehouse=abc`)).statusCode).toBe(400);
  });

  it('lets a dispatcher read the overviews', async () => {
    expect((await dispatcher.get(`/api/stats_by_warehouses?${march}`)).statusCode).toBe(200);
  });
});

describe('XLSX downloads', () => {
  async function workbookOf(path: string) {
    const answer = await owner.get(path);
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    return { answer, sheet, rows: rowsOf(sheet) };
  }

  const rowsOf = (sheet: ExcelJS.Worksheet) => {
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row) => rows.push(row));
    return rows;
  };

  const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
  const cell = (row: ExcelJS.Row, n: number) => row.getCell(n);

  function expectHeader(sheet: ExcelJS.Worksheet, rows: ExcelJS.Row[], columns: number) {
    expect(rows[0]!.font?.bold ?? cell(rows[0]!, 1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const lastColumn = sheet.getColumn(columns).letter;
    expect(sheet.autoFilter).toBe(`A1:${lastColumn}1`);
  }

  it('orders: one typed row per order, money in its currency, dates as dates', async () => {
    const { answer, sheet, rows } = await workbookOf(`/api/stats_orders?${march}`);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="objednavky_2035-03-01_2035-03-31.xlsx"; filename*=UTF-8''objednavky_2035-03-01_2035-03-31.xlsx`,
    );
    expect(values(rows[0]!)).toEqual([
      'Číslo objednávky',
      'Vytvořeno',
      'Datum doručení',
      'Sklad',
      'Zákazník',
      'Firma',
      'Telefon',
      'E-mail',
      'Adresa',
      'Kampaň',
      'Řidič',
      'Měna',
      'Zboží s DPH',
      'Doprava s DPH',
      'Celkem bez DPH',
      'DPH',
      'Celkem s DPH',
      'Platba',
      'Hotovo',
      'Zaplaceno',
    ]);
    expectHeader(sheet, rows, 20);
    // A, B, C and G in id order; D (cancelled), the draft and F (April) are left out.
    expect(rows.slice(1).map((r) => cell(r, 1).value)).toEqual(
      [orders.A, orders.B, orders.C, orders.G].map((o) => o!.intern_id),
    );
    const a = rows[1]!;
    expect(cell(a, 1).numFmt).toBe('0');
    expect(cell(a, 2).value).toBeInstanceOf(Date);
    expect(cell(a, 2).numFmt).toBe('d.m.yyyy hh:mm');
    expect(cell(a, 3).value).toEqual(new Date('2035-03-12T00:00:00Z'));
    expect(cell(a, 3).numFmt).toBe('d.m.yyyy');
    expect(cell(a, 4).value).toBe('Sklad Jihlava');
    expect(cell(a, 12).value).toBe('CZK');
    expect([13, 14, 15, 16, 17].map((n) => cell(a, n).value)).toEqual([
      2569.97, 738, 2733.86, 574.11, 3307.97,
    ]);
    for (const n of [13, 14, 15, 16, 17]) expect(cell(a, n).numFmt).toBe('#,##0.00 "Kč"');
    expect(cell(a, 18).value).toBe('hotově');
    expect(cell(a, 19).value).toBe('ano');
    // A was collected 28 Feb 23:30 UTC: 1 March 0:30 on the Prague clock.
    expect(cell(a, 20).value).toEqual(new Date('2035-03-01T00:30:00Z'));
    const b = rows[2]!;
    expect([13, 14, 17].map((n) => cell(b, n).value)).toEqual([150, 30, 180]);
    expect(cell(b, 17).numFmt).toBe('#,##0.00 "€"');
    expect(cell(b, 19).value).toBe('ne');
    expect(cell(rows[4]!, 20).value).toBeNull();
  });

  it('campaigns: one row per ad type and currency', async () => {
    const { sheet, rows } = await workbookOf(`/api/stats_campaings?${march}&lang=en`);
    expect(values(rows[0]!)).toEqual([
      'Campaign',
      'Currency',
      'Orders',
      'Goods incl. VAT',
      'Delivery incl. VAT',
      'Total excl. VAT',
      'VAT',
      'Total incl. VAT',
    ]);
    expectHeader(sheet, rows, 8);
    expect(rows.slice(1).map(values)).toEqual([
      ['(no campaign)', 'CZK', 3, 8409.97, 2538, 9047.91, 1900.06, 10947.97],
      ['(no campaign)', 'EUR', 1, 150, 30, 150, 30, 180],
    ]);
    expect(cell(rows[2]!, 8).numFmt).toBe('#,##0.00 "€"');
  });

  it('customers: a row per customer with orders in the range', async () => {
    const { sheet, rows } = await workbookOf(`/api/stats_customers?${march}`);
    expectHeader(sheet, rows, 13);
    expect(rows).toHaveLength(2);
    const row = rows[1]!;
    expect(cell(row, 9).value).toBe(4);
    expect(cell(row, 10).value).toEqual(new Date('2035-03-01T00:00:00Z'));
    expect(cell(row, 11).value).toEqual(new Date('2035-03-31T00:00:00Z'));
    expect([cell(row, 12).value, cell(row, 13).value]).toEqual([10947.97, 180]);
    expect([cell(row, 12).numFmt, cell(row, 13).numFmt]).toEqual(['#,##0.00 "Kč"', '#,##0.00 "€"']);
  });

  it('products: a row per product and currency, one warehouse when asked', async () => {
    const { sheet, rows } = await workbookOf(`/api/stats_products?${march}`);
    expectHeader(sheet, rows, 9);
    expect(
      rows.slice(1).map((r) => [cell(r, 5).value, cell(r, 6).value, cell(r, 7).value, cell(r, 9).value]),
    ).toEqual([
      [5.5, 2, 'CZK', 4989.97],
      [3, 2, 'CZK', 3420],
      [3, 1, 'EUR', 150],
    ]);
    expect(cell(rows[1]!, 5).numFmt).toBe('#,##0.00');
    const brod = await workbookOf(`/api/stats_products?${march}&warehouse=${w.brod}`);
    expect(brod.rows).toHaveLength(2);
    expect(cell(brod.rows[1]!, 9).value).toBe(1000);
  });

  it('an empty range gives the header row only', async () => {
    const { rows } = await workbookOf('/api/stats_orders?from=2040-01-01&to=2040-01-31');
    expect(rows).toHaveLength(1);
  });

  it('streams a long range batch by batch: every order once, sums intact', async () => {
    // 1201 copies of G in 2036 (more than two batches of 500), written straight into the tables.
    await t.db.execute(sql`
      insert into orders (intern_id, customer_id, warehouse_id, currency, payment_type, expected_delivery_date,
        expected_delivery_time, distance, duration, delivery_price_amount, minimum_delivery_price)
      select 2036000000 + n, customer_id, warehouse_id, currency, payment_type, date '2036-01-01' + (n % 300),
        expected_delivery_time, distance, duration, delivery_price_amount, minimum_delivery_price
      from orders, generate_series(1, 1201) n where id = ${orders.G!.id}`);
    await t.db.execute(sql`
      insert into order_items (order_id, product_id, amount, price, currency, vat, discount)
      select o.id, i.product_id, i.amount, i.price, i.currency, i.vat, i.discount
      from orders o, order_items i where o.intern_id between 2036000001 and 2036001201 and i.order_id = ${orders.G!.id}`);
    const { rows } = await workbookOf('/api/stats_orders?from=2036-01-01&to=2036-12-31');
    expect(rows).toHaveLength(1202);
    const internIds = new Set(rows.slice(1).map((r) => cell(r, 1).value));
    expect(internIds.size).toBe(1201);
    expect(rows.slice(1).every((r) => cell(r, 17).value === 6040)).toBe(true);
    const stats = (await owner.get('/api/stats_by_warehouses?from=2036-01-01&to=2036-12-31')).json();
    expect(stats.items.find((i: { id: number }) => i.id === w.trebic)).toMatchObject({
      count: 1201,
      prices: [{ currency: 'CZK', travel: 1201 * 1200, products: 1201 * 4840, total: 1201 * 6040 }],
    });
    const customers = await workbookOf('/api/stats_customers?from=2036-01-01&to=2036-12-31');
    expect(customers.rows).toHaveLength(2);
    expect(cell(customers.rows[1]!, 9).value).toBe(1201);
  });
});

describe('sums in the database agree with the per-order rule', () => {
  it('on every order of the demo and of March 2035, per warehouse, day and currency, to the haléř', async () => {
    const filter = { from: '2000-01-01', to: '2099-12-31' };
    const expected = new Map<
      string,
      { count: number; travel: number; products: number; total: number; net: number }
    >();
    for await (const batch of orderBatches(t.db, filter)) {
      for (const order of batch) {
        const totals = totalsOf(order);
        for (const key of [
          `${order.warehouseId}|${order.currency}|`,
          `${order.warehouseId}|${order.currency}|${order.expectedDeliveryDate}`,
        ]) {
          const sum = expected.get(key) ?? { count: 0, travel: 0, products: 0, total: 0, net: 0 };
          sum.count += 1;
          sum.travel += toMinor(totals.delivery_price);
          sum.products += toMinor(totals.product_prices);
          sum.total += toMinor(totals.price_with_vat);
          sum.net += toMinor(totals.total_price);
          expected.set(key, sum);
        }
      }
    }
    const rows = await sumOrders(t.db, filter, 'day');
    const actual = new Map(
      rows.map((r) => [
        `${r.warehouseId}|${r.currency}|${r.day ?? ''}`,
        { count: r.count, travel: r.travel, products: r.products, total: r.total, net: r.net },
      ]),
    );
    expect(expected.size).toBeGreaterThan(50);
    expect(actual).toEqual(expected);
  });
});
