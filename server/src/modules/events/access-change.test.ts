import type { OrderEvent } from '@letokruh/contracts/live-events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { baseOf, type EventStream, openEventStream } from '../../test/event-stream.ts';
import { makeOrder, warehouseIds } from '../../test/orders.ts';
import { makeProduct } from '../../test/products.ts';

/**
 * domain.md §1.10: a user taken off a warehouse is told none of its events from then on, not only
 * after the next heartbeat. The heartbeat here is a minute, so only the staff change's notice
 * (migration 0046) can explain a stream that stops at once.
 */
let t: BuiltTestApp;
let base: string;
let dispatcher: Client;
let warehouseman2: Client; // Havlíčkův Brod only
let brod: number;
let customerId: number;
let product: number;
const opened: EventStream[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, { liveHeartbeatMs: 60_000 });
  let owner: Client;
  ({ owner, dispatcher, warehouseman2 } = await signIn(t.app, ['owner', 'dispatcher', 'warehouseman2']));
  ({ brod } = await warehouseIds(owner));
  customerId = await someCustomerId(owner, 5);
  product = await makeProduct(owner, brod, { stock: 100 });
  base = await baseOf(t.app);
}, 60_000);
afterAll(async () => {
  for (const s of opened) s.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  t?.app.server.closeAllConnections();
  await t?.close();
});

const inBrod = () =>
  makeOrder(dispatcher, {
    warehouseId: brod,
    customerId,
    lines: [{ id: product, amount: 1 }],
    intern: { driver_id: null, confirm_overlap: true },
  });
const cancelled = (id: number) => (e: { event: string; data: unknown }) =>
  e.event === 'order' && (e.data as OrderEvent).id === id && (e.data as OrderEvent).kind === 'cancelled';

describe("a live stream follows its holder's warehouses at once", () => {
  it('taken off a warehouse (even by hand in the database), the next event of it is not told', async () => {
    const [me] = await rowsOf<{ id: number }>(
      t.db,
      sql`select id from users where username = 'warehouseman2'`,
    );
    const [first, second] = [await inBrod(), await inBrod()];
    const mine = await openEventStream(base, warehouseman2.cookies);
    const all = await openEventStream(base, dispatcher.cookies);
    opened.push(mine, all);
    await mine.waitFor((e) => e.event === 'ready');
    await all.waitFor((e) => e.event === 'ready');
    // Still staff: told.
    expect((await dispatcher.delete(`/api/order/${first.id}/delete`)).statusCode).toBe(200);
    await mine.waitFor(cancelled(first.id), { timeoutMs: 2_000 });
    const staff = await rowsOf<{ warehouse_id: number; user_id: number; role: string }>(
      t.db,
      sql`delete from warehouse_staff where user_id = ${me!.id} and warehouse_id = ${brod} returning *`,
    );
    expect(staff.length).toBeGreaterThan(0);
    try {
      // The notice is heard and the stream's warehouses read again well within a second.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = mine.events.length;
      expect((await dispatcher.delete(`/api/order/${second.id}/delete`)).statusCode).toBe(200);
      // The dispatcher's stream is told, so the event went out; the ex-staff's is not.
      await all.waitFor(cancelled(second.id), { timeoutMs: 2_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mine.events.slice(after).filter(cancelled(second.id))).toEqual([]);
    } finally {
      for (const row of staff) {
        await t.db.execute(
          sql`insert into warehouse_staff (warehouse_id, user_id, role) values (${row.warehouse_id}, ${row.user_id}, ${row.role})`,
        );
      }
    }
  });
});
