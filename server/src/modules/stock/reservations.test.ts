import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { seededRandom } from '@letokruh/contracts/rules/seeded-random';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { itemsPayload, type Line, makeOrder, noConfirmation, warehouseIds } from '../../test/orders.ts';
import { makeProduct } from '../../test/products.ts';

/**
 * Decision 0064: the reservations kept by migration 0042's triggers equal a full recomputation from
 * the orders and their lines after a seeded random sequence of 1 000 changes of every kind through
 * the API (and a few behind its back), after parallel saves of one product, and after the
 * migration's own backfill; projected stock for a day.
 */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let customerId: number;
let warehouses: number[];
let jihlava: number;
let brod: number;
const products: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
  dispatcher = await login(t.app, 'dispatcher');
  customerId = await someCustomerId(owner);
  const ids = await warehouseIds(owner);
  ({ jihlava, brod } = ids);
  warehouses = [ids.jihlava, ids.brod, ids.trebic];
  for (let i = 0; i < 4; i++)
    products.push(await makeProduct(owner, jihlava, { stock: 40, alsoIn: [ids.brod, ids.trebic] }));
}, 120_000);
afterAll(() => t?.close());

const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => rowsOf<T>(t.db, query);

/** The kept reservations and the sums of the reserving orders' lines now, as "w:p:amount" rows. */
async function reservationsBothWays() {
  const line = (r: { warehouse_id: number; product_id: number; amount: string }) =>
    `${r.warehouse_id}:${r.product_id}:${Number(r.amount).toFixed(2)}`;
  type Row = { warehouse_id: number; product_id: number; amount: string };
  const [kept, full, negative] = await Promise.all([
    rows<Row>(sql`select warehouse_id, product_id, amount::text as amount from stock_reservations
      where amount <> 0 order by 1, 2`),
    rows<Row>(sql`select o.warehouse_id, i.product_id, sum(i.amount)::text as amount
      from orders o join order_items i on i.order_id = o.id
      where not o.hidden and not o.done and o.draft_touched_at is null
        and o.customer_id is not null and o.warehouse_id is not null
      group by 1, 2 having sum(i.amount) <> 0 order by 1, 2`),
    rows<{ n: number }>(sql`select count(*)::int as n from stock_reservations where amount < 0`),
  ]);
  return { kept: kept.map(line), full: full.map(line), negative: Number(negative[0]?.n) };
}

async function expectReservationsExact(when: string) {
  const { kept, full, negative } = await reservationsBothWays();
  expect(negative, when).toBe(0);
  expect(kept, when).toEqual(full);
  return full.length;
}

/** The same changes on every run; a failing run replays from its seed. */
const random = seededRandom(174);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const someLines = (): Line[] => {
  const lines = products
    .filter(() => random() < 0.5)
    .map((id) => ({ id, amount: pick([1, 1.25, 2, 3.5, 7, 12.01]) }));
  return lines.length ? lines : [{ id: pick(products), amount: 1 }];
};
const confirmed = { confirm_short_stock: true, short_stock_reason: 'Náhodná změna testu' };

describe('stock reservations (migration 0042)', () => {
  it('the backfill reserves what the demo orders hold', async () => {
    const text = await readFile(
      path.join(import.meta.dirname, '../../db/migrations/0042_stock_reservations.sql'),
      'utf8',
    );
    const backfill = text.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "stock_reservations"');
    await t.db.execute(sql`delete from stock_reservations`);
    await t.db.execute(sql.raw(backfill));
    // The demo's open orders reserve in every warehouse.
    expect(await expectReservationsExact('backfill')).toBeGreaterThan(10);
  });

  it('equal a full recomputation after 1 000 seeded random changes', async () => {
    /** Orders made here, with the warehouse they were last saved in; drafts apart. */
    const placed = new Map<number, number>();
    const drafts = new Set<number>();
    const tally: Record<string, { ok: number; refused: number }> = {};
    const count = (kind: string, status: number) => {
      tally[kind] ??= { ok: 0, refused: 0 };
      if (status < 300) tally[kind].ok += 1;
      else {
        // Refused by the rules (a state that forbids the step, a short product), never a 5xx.
        expect([404, 409], `${kind} answered ${status}`).toContain(status);
        tally[kind].refused += 1;
      }
    };
    const anyOrder = () => pick([...placed.keys()]);
    const saveItems = async (kind: string, id: number, warehouseId: number) => {
      const answer = await dispatcher.post(
        `/api/order/${id}/items`,
        itemsPayload(warehouseId, someLines(), random() < 0.85 ? confirmed : noConfirmation),
      );
      if (answer.statusCode === 409 && answer.json().error_code === ErrorCode.stockShortNeedsConfirmation)
        expect(answer.json().short.length).toBeGreaterThan(0);
      if (answer.statusCode === 200) placed.set(id, warehouseId);
      count(kind, answer.statusCode);
    };
    const changes: Record<string, () => Promise<void>> = {
      async create() {
        const draft = random() < 0.5;
        const order = await makeOrder(dispatcher, {
          warehouseId: pick(warehouses),
          customerId,
          lines: someLines(),
          items: confirmed,
          ...(draft ? { intern: false as const } : {}),
        });
        placed.set(order.id, order.warehouse!.id);
        if (draft) drafts.add(order.id);
        count('create', 200);
      },
      amounts: async () => {
        const id = anyOrder();
        await saveItems('amounts', id, placed.get(id)!);
      },
      move: async () => {
        const id = anyOrder();
        await saveItems('move', id, pick(warehouses.filter((w) => w !== placed.get(id))));
      },
      cancel: async () =>
        count('cancel', (await dispatcher.delete(`/api/order/${anyOrder()}/delete`)).statusCode),
      restore: async () =>
        count('restore', (await dispatcher.put(`/api/order/${anyOrder()}/restore`)).statusCode),
      done: async () => count('done', (await dispatcher.put(`/api/order/${anyOrder()}/done`)).statusCode),
      undone: async () =>
        count('undone', (await dispatcher.put(`/api/order/${anyOrder()}/undone`)).statusCode),
      async intern() {
        if (!drafts.size) return;
        const id = pick([...drafts]);
        const answer = await dispatcher.post(`/api/order/${id}/intern`, {
          payment_type: 'cash',
          expected_delivery_duration: 60,
          expected_delivery_date: addDays(pragueDay(), 1 + Math.floor(random() * 30)),
          expected_delivery_time: '06:00',
          driver_id: null,
          confirm_overlap: true,
        });
        if (answer.statusCode === 200) drafts.delete(id);
        count('intern', answer.statusCode);
      },
      async discard() {
        if (!drafts.size) return;
        const id = pick([...drafts]);
        const answer = await dispatcher.delete(`/api/order/${id}/discard`);
        if (answer.statusCode === 200) {
          drafts.delete(id);
          placed.delete(id);
        }
        count('discard', answer.statusCode);
      },
      /** Writers other than the API: a line's amount typed in, a line removed, an order deleted. */
      async byHand() {
        const id = anyOrder();
        const what = pick(['amount', 'line', 'order']);
        if (what === 'amount')
          await t.db.execute(sql`update order_items set amount = amount + 0.5
            where id = (select min(id) from order_items where order_id = ${id})`);
        else if (what === 'line')
          await t.db.execute(sql`delete from order_items
            where id = (select max(id) from order_items where order_id = ${id})`);
        else {
          await t.db.execute(sql`delete from orders where id = ${id}`);
          placed.delete(id);
          drafts.delete(id);
        }
        count('byHand', 200);
      },
    };
    // How often each kind comes: weights of a seeded pick.
    const weights: [string, number][] = [
      ['create', 8],
      ['amounts', 30],
      ['move', 10],
      ['cancel', 9],
      ['restore', 9],
      ['done', 9],
      ['undone', 9],
      ['intern', 6],
      ['discard', 4],
      ['byHand', 6],
    ];
    const total = weights.reduce((sum, [, w]) => sum + w, 0);
    const kindAt = () => {
      let roll = random() * total;
      for (const [kind, w] of weights) {
        roll -= w;
        if (roll < 0) return kind;
      }
      return 'amounts';
    };
    for (let i = 0; i < 6; i++) await changes.create!();
    for (let step = 0; step < 1000; step++) {
      const kind = placed.size < 4 ? 'create' : kindAt();
      await changes[kind]!();
      if (step % 100 === 99) await expectReservationsExact(`after change ${step + 1}`);
    }
    await expectReservationsExact('at the end');
    // Every kind of change went through many times, and some were refused by the rules.
    for (const [kind] of weights) expect(tally[kind]?.ok ?? 0, kind).toBeGreaterThan(3);
    expect(tally.amounts!.refused + tally.move!.refused).toBeGreaterThan(0);
  }, 600_000);

  it('20 parallel item saves of one product queue: as many as the stock covers, then 409', async () => {
    const scarce = await makeProduct(owner, jihlava, { stock: 10 });
    const ample = await makeProduct(owner, jihlava, { stock: 1000, alsoIn: [brod] });
    const orders = [];
    for (let i = 0; i < 20; i++)
      orders.push(
        await makeOrder(dispatcher, { warehouseId: jihlava, customerId, lines: [{ id: ample, amount: 1 }] }),
      );
    // Without the confirmation: one piece each, ten pieces there.
    const first = await Promise.all(
      orders.map((o) =>
        dispatcher.post(
          `/api/order/${o.id}/items`,
          itemsPayload(
            jihlava,
            [
              { id: ample, amount: 1 },
              { id: scarce, amount: 1 },
            ],
            noConfirmation,
          ),
        ),
      ),
    );
    const statuses = first.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    for (const refused of first.filter((r) => r.statusCode === 409))
      expect(refused.json()).toMatchObject({
        error_code: ErrorCode.stockShortNeedsConfirmation,
        short: [{ product_id: scarce, available: 0, asked: 1 }],
      });
    const stock = (await owner.get(`/api/update_stock/${jihlava}/${scarce}`)).json().item;
    expect(stock).toMatchObject({ amount: 10, reserved: 10, available: 0 });
    await expectReservationsExact('after the parallel saves');

    // Confirmed, with amounts of their own, moving some to another warehouse: all go through.
    const second = await Promise.all(
      orders.map((o, i) =>
        dispatcher.post(
          `/api/order/${o.id}/items`,
          itemsPayload(
            i % 5 === 0 ? brod : jihlava,
            [{ id: ample, amount: 1 + (i % 3) }, ...(i % 5 === 0 ? [] : [{ id: scarce, amount: 0.5 + i }])],
            confirmed,
          ),
        ),
      ),
    );
    expect(second.map((r) => r.statusCode)).toEqual(orders.map(() => 200));
    await expectReservationsExact('after the confirmed parallel saves');
    const after = (await owner.get(`/api/update_stock/${jihlava}/${scarce}`)).json().item;
    const expected = orders.reduce((sum, _, i) => sum + (i % 5 === 0 ? 0 : 0.5 + i), 0);
    expect(after.reserved).toBeCloseTo(expected, 2);
    expect(after.available).toBeCloseTo(10 - expected, 2);
  }, 180_000);
});

describe('projected stock for a day', () => {
  it('takes the reserving orders due by then, undated ones now, and nothing else', async () => {
    const product = await makeProduct(owner, jihlava, { stock: 20, alsoIn: [brod] });
    const today = pragueDay();
    const on = (days: number) => ({
      expected_delivery_date: addDays(today, days),
      expected_delivery_time: '06:15',
      driver_id: null,
      confirm_overlap: true,
    });
    const order = (amount: number, intern: Record<string, unknown> | false) =>
      makeOrder(dispatcher, {
        warehouseId: jihlava,
        customerId,
        lines: [{ id: product, amount }],
        items: confirmed,
        intern,
      });
    await order(3, on(2));
    await order(5, on(10));
    const undated = await order(1, on(1));
    await t.db.execute(sql`update orders set expected_delivery_date = null where id = ${undated.id}`);
    await order(7, false); // a draft reserves nothing
    const cancelled = await order(4, on(1));
    expect((await dispatcher.delete(`/api/order/${cancelled.id}/delete`)).statusCode).toBe(200);
    const done = await order(2, on(0));
    expect((await dispatcher.put(`/api/order/${done.id}/done`)).statusCode).toBe(200);

    const stockOn = async (days?: number) => {
      const query = days === undefined ? '' : `?date=${addDays(today, days)}`;
      return (await owner.get(`/api/update_stock/${jihlava}/${product}${query}`)).json().item;
    };
    // On hand 20 − 2 (done); reserved 3 + 5 + 1 (undated).
    expect(await stockOn()).toMatchObject({
      amount: 18,
      reserved: 9,
      available: 9,
      projected: 17,
      projected_date: today,
    });
    expect((await stockOn(2)).projected).toBe(14);
    expect((await stockOn(9)).projected).toBe(14);
    expect((await stockOn(10)).projected).toBe(9);
    expect((await stockOn(400)).projected).toBe(9);

    // The warehouse's table and the product by warehouse answer the same figures.
    const listed = (
      await owner.get(`/api/warehouse/${jihlava}/product_stock?per_page=1000&date=${addDays(today, 2)}`)
    )
      .json()
      .items.find((s: { product: { id: number } }) => s.product.id === product);
    expect(listed).toMatchObject({ amount: 18, reserved: 9, available: 9, projected: 14 });
    const byWarehouse = (await owner.get(`/api/product/${product}/stock?date=${addDays(today, 10)}`)).json();
    expect(byWarehouse.items).toEqual([
      expect.objectContaining({ warehouse_id: brod, amount: 0, reserved: 0, available: 0, projected: 0 }),
      expect.objectContaining({ warehouse_id: jihlava, warehouse_name: 'Sklad Jihlava', projected: 9 }),
    ]);
  });

  it('refuses a day that is no day (400), an unknown product (404), a driver (403)', async () => {
    const bad = await owner.get(`/api/warehouse/${jihlava}/product_stock?date=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(['date']);
    expect((await owner.get(`/api/update_stock/${jihlava}/${products[0]}?date=zítra`)).statusCode).toBe(400);
    expect((await owner.get('/api/product/999999/stock')).statusCode).toBe(404);
    const driver = await login(t.app, 'driver');
    expect((await driver.get(`/api/product/${products[0]}/stock`)).statusCode).toBe(403);
  });
});
