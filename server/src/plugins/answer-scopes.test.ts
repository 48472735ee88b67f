import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  freshProduct,
  signIn,
  someCustomerId,
  warehouseIds,
} from '../modules/orders/order-fixtures.ts';
import { type BuiltTestApp, buildTestApp, type Client } from '../test/build.ts';

/**
 * Issue 16: the writes that change no table a cached answer reads (stock, price lists) draw no
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
  product = await freshProduct(owner, jihlava, 5);
  const order = await createOrder(technician, {
    warehouseId: jihlava,
    customerId,
    lines: [{ id: product, amount: 2 }],
  });
  orderId = order.id;
  const day = order.expected_delivery_date as string;
  const month = `from=${day.slice(0, 8)}01&to=${day.slice(0, 8)}28`;
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
async function read(a: { path: string; pdf?: boolean }): Promise<string> {
  const answer = await owner.get(a.path);
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
