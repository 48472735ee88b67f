import type { Order } from '@letokruh/contracts/orders';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../test/build.ts';
import { someCustomerId } from '../test/customers.ts';
import { freeSlot, itemsPayload, makeOrder, warehouseIds } from '../test/orders.ts';
import { makeProduct } from '../test/products.ts';
import { answerCacheChannel } from './answer-cache.ts';

/**
 * Decision 0044: the writes that change no table a cached answer reads (stock, price lists) draw no
 * data version. For each such write and each kind of cached answer: the answer read after the
 * write (served from the cache) is the one computed afresh (after a new version is drawn by
 * hand). A write that does change them (an order marked done) still empties them.
 */
let t: BuiltTestApp;
let owner: Client;
let technician: Client;
let jihlava: number;
let product: number;
let orderId: number;
let answers: { name: string; path: string; pdf?: boolean }[];

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, technician } = await signIn(t.app, ['owner', 'technician']));
  ({ jihlava } = await warehouseIds(owner));
  const customerId = await someCustomerId(owner, 3);
  product = await makeProduct(owner, jihlava, { stock: 5 });
  const order = await makeOrder(technician, {
    warehouseId: jihlava,
    customerId,
    lines: [{ id: product, amount: 2 }],
  });
  orderId = order.id;
  const day = order.expected_delivery_date as string;
  // The month up to the order's day: the range holds the order on any day (a range ending on the
  // 28th left out an order of the 29th to the 31st, whose change then rightly kept its answers).
  const month = `from=${day.slice(0, 8)}01&to=${day}`;
  const supplier = (await owner.get('/api/suppliers')).json().items[0].id;
  const name = (await owner.get(`/api/customer/${customerId}`)).json().customer.last_name;
  answers = [
    { name: 'calendar week', path: `/api/api/get-orders?warehouses=${jihlava}&dates=${day}` },
    { name: 'overview by warehouse', path: `/api/stats_by_warehouses?${month}` },
    { name: 'overview by product', path: `/api/stats_for_products?${month}` },
    { name: 'collected revenue', path: `/api/get_collected_revenue_by_warehouses?${month}` },
    { name: 'order list total', path: `/api/orders?per_page=10&name=${encodeURIComponent(name)}` },
    {
      name: 'delivery note',
      path: `/api/order/${order.id}/get_delivery_note?supplier=${supplier}&language=cs`,
      pdf: true,
    },
  ];
}, 120_000);
afterAll(() => t?.close());

/** The answer as a person sees it: the JSON, or the PDF's text (its bytes carry a timestamp). */
async function read(a: { path: string; pdf?: boolean; refusal?: boolean }): Promise<string> {
  const answer = await owner.get(a.path);
  // A note of a cancelled order is refused (409): the refusal is then what is compared.
  if (a.refusal && answer.statusCode === 409) return `409 ${answer.body}`;
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  if (!a.pdf) return answer.body;
  const parser = new PDFParse({ data: new Uint8Array(answer.rawPayload) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const writes = [
  {
    name: 'stock taken in',
    write: () => owner.put(`/api/update_stock/${jihlava}/${product}`, { amount: 3 }),
  },
  {
    name: 'stock given out',
    write: () => owner.put(`/api/update_stock/${jihlava}/${product}`, { amount: -1 }),
  },
  {
    name: 'a new price from today',
    write: () =>
      owner.put(`/api/product/${product}/change_price`, {
        product_id: product,
        warehouse: jihlava,
        currency: 'CZK',
        price: 1999,
        from_date: pragueDay(),
      }),
  },
];

describe('writes that leave the cached answers as they are', () => {
  for (const w of writes) {
    it(`${w.name}: every cached answer read after it is the one computed afresh`, async () => {
      for (const a of answers) await read(a);
      const { misses } = t.app.answers.stats();
      const written = await w.write();
      expect(written.statusCode, written.body).toBe(200);
      const cached = [];
      for (const a of answers) cached.push(await read(a));
      // Served from the cache: the write drew no version.
      expect(t.app.answers.stats().misses).toBe(misses);
      await t.app.answers.bump();
      for (const [i, a] of answers.entries()) expect(await read(a), a.name).toBe(cached[i]);
      expect(t.app.answers.stats().misses).toBe(misses + answers.length);
    }, 60_000);
  }

  it('an order change still draws a version: the next reads compute afresh', async () => {
    for (const a of answers) await read(a);
    const { misses } = t.app.answers.stats();
    expect((await owner.put(`/api/order/${orderId}/done`)).statusCode).toBe(200);
    for (const a of answers) await read(a);
    expect(t.app.answers.stats().misses).toBe(misses + answers.length);
  }, 60_000);
});

/**
 * Decision 0050, finer invalidation: a write of one order (the routes of `orderWrites`) keeps the
 * cached answers of other delivery days and of other orders, and every answer read after it is
 * still the one computed afresh, for every write × every kind of cached answer.
 */
describe('writes of one order keep the answers of other days and orders', () => {
  let a: Order;
  let b: Order;
  let supplier: number;
  let nameOfA: string;

  beforeAll(async () => {
    const brod = (await warehouseIds(owner)).brod;
    const customer = await someCustomerId(owner, 4);
    // Two lines: one prepared leaves the order itself unprepared (its row unchanged).
    const lines = [
      { id: await makeProduct(owner, jihlava, { stock: 50 }), amount: 2 },
      { id: await makeProduct(owner, jihlava, { stock: 50 }), amount: 1 },
    ];
    a = await makeOrder(technician, { warehouseId: jihlava, customerId: customer, lines });
    b = await makeOrder(technician, {
      warehouseId: brod,
      customerId: await someCustomerId(owner, 5),
      lines: [{ id: await makeProduct(owner, brod, { stock: 50 }), amount: 1 }],
    });
    supplier = (await owner.get('/api/suppliers')).json().items[0].id;
    nameOfA = (await owner.get(`/api/customer/${customer}`)).json().customer.last_name;
  }, 120_000);

  /** The cached answers about one order: its day's calendars and overviews, its note. */
  const about = (o: Order, who: string) => {
    const day = o.expected_delivery_date as string;
    const warehouse = o.warehouse?.id;
    return [
      { name: `${who}: calendar`, path: `/api/api/get-orders?warehouses=${warehouse}&dates=${day}` },
      {
        name: `${who}: lean calendar`,
        path: `/api/api/get-orders?warehouses=${warehouse}&dates=${day}&view=calendar`,
      },
      {
        name: `${who}: calendar of all`,
        path: `/api/api/get-orders?show_cobined=1&dates=${day}&view=calendar`,
      },
      { name: `${who}: overview by warehouse`, path: `/api/stats_by_warehouses?from=${day}&to=${day}` },
      {
        name: `${who}: overview by product`,
        path: `/api/stats_for_products?from=${day}&to=${day}&warehouse=${warehouse}`,
      },
      {
        name: `${who}: delivery note`,
        path: `/api/order/${o.id}/get_delivery_note?supplier=${supplier}&language=cs`,
        pdf: true,
        refusal: true,
      },
    ];
  };
  const everyOrder = () => {
    const day = a.expected_delivery_date as string;
    return [
      { name: 'order list total', path: `/api/orders?per_page=10&name=${encodeURIComponent(nameOfA)}` },
      { name: 'collected revenue', path: `/api/get_collected_revenue_by_warehouses?from=${day}&to=${day}` },
    ];
  };

  /** Which answers' keys were served from the cache while `run` ran (the cache's own channel). */
  async function heard(run: () => Promise<void>): Promise<Map<string, boolean>> {
    const seen = new Map<string, boolean>();
    const listen = (message: unknown) => {
      const { hit, key } = message as { hit: boolean; key: string };
      seen.set(key, (seen.get(key) ?? true) && hit);
    };
    answerCacheChannel.subscribe(listen);
    try {
      await run();
    } finally {
      answerCacheChannel.unsubscribe(listen);
    }
    return seen;
  }

  const writes: { name: string; write: () => Promise<{ statusCode: number; body: string }> }[] = [
    {
      name: 'its lines changed',
      write: () =>
        technician.post(
          `/api/order/${a.id}/items`,
          itemsPayload(jihlava, [
            { id: a.products[0]!.product.product.id, amount: 3 },
            { id: a.products[1]!.product.product.id, amount: 1 },
          ]),
        ),
    },
    {
      name: 'the intern step saved with another note and the next day',
      write: () =>
        technician.post(`/api/order/${a.id}/intern`, {
          payment_type: 'cash',
          expected_delivery_duration: 60,
          ...freeSlot(),
          driver_id: a.driver?.id ?? null,
          note: 'Zavolat před příjezdem',
          confirm_overlap: true,
          version: a.version,
        }),
    },
    { name: 'a line prepared', write: () => owner.put(`/api/order/${a.id}/${a.products[0]!.id}/prepared`) },
    { name: 'done', write: () => owner.put(`/api/order/${a.id}/done`) },
    { name: 'revenue collected', write: () => owner.put(`/api/order/${a.id}/collect_revenue`) },
    { name: 'revenue returned', write: () => owner.put(`/api/order/${a.id}/return_revenue`) },
    { name: 'undone', write: () => owner.put(`/api/order/${a.id}/undone`) },
    {
      name: 'moved to another day',
      write: () =>
        owner.put(`/api/order/${a.id}/reschedule`, {
          ...freeSlot(),
          confirm_overlap: true,
          version: a.version,
        }),
    },
    { name: 'cancelled', write: () => owner.delete(`/api/order/${a.id}/delete`) },
    { name: 'restored', write: () => owner.put(`/api/order/${a.id}/restore`) },
    { name: 'copied', write: () => owner.get(`/api/order/${a.id}/copy`) },
  ];

  it("a line changed by hand (not through the API) raises its order's day too", async () => {
    const day = a.expected_delivery_date as string;
    const version = async () =>
      (
        await rowsOf<{ v: number }>(
          t.db,
          sql`select coalesce(sum(version), 0)::int as v from data_scopes where scope in (${`day:*:${day}`}, ${`day:${jihlava}:${day}`})`,
        )
      )[0]!.v;
    const before = await version();
    await t.db.execute(sql`update order_items set prepared = not prepared where id = ${a.products[1]!.id}`);
    expect(await version()).toBe(before + 2);
    await t.db.execute(sql`update order_items set prepared = not prepared where id = ${a.products[1]!.id}`);
    expect(await version()).toBe(before + 4);
  });

  for (const w of writes) {
    it(`${w.name}: the other order's answers stay cached, every answer equals a fresh one`, async () => {
      const before = [...about(a, 'A'), ...everyOrder()];
      const other = about(b, 'B');
      for (const x of [...before, ...other]) await read(x);
      const written = await w.write();
      expect(written.statusCode, written.body).toBe(200);
      a = (await owner.get(`/api/order/${a.id}`)).json().item;
      // A moved: its old day's answers and its new day's are both about it.
      const mine = [...before, ...about(a, 'A now')];
      const served: string[] = [];
      const hits = await heard(async () => {
        for (const x of other) expect(await read(x), x.name).toBeTruthy();
      });
      expect([...hits.values()].every(Boolean), `${[...hits.keys()]}`).toBe(true);
      expect(hits.size).toBe(other.length);
      for (const x of [...mine, ...other]) served.push(await read(x));
      await t.app.answers.bump();
      for (const [i, x] of [...mine, ...other].entries()) expect(await read(x), x.name).toBe(served[i]);
    }, 60_000);
  }
});
