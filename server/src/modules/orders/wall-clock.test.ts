import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { someCustomerId } from '../../test/customers.ts';
import { makeOrder, warehouseIds } from '../../test/orders.ts';
import { makeProduct } from '../../test/products.ts';

/**
 * Decision 0024: a wall-clock time that never happens in Prague (02:00–02:59 on the last Sunday of
 * March) is refused with 400 / 123 wherever a time of day is saved, and nothing changes.
 */
let t: BuiltTestApp;
let owner: Client;
let jihlava: number;
let customerId: number;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner } = await signIn(t.app, ['owner']));
  ({ jihlava } = await warehouseIds(owner));
  customerId = await someCustomerId(owner, 2);
  productId = await makeProduct(owner, jihlava);
});
afterAll(() => t?.close());

const gap = { expected_delivery_date: '2027-03-28', expected_delivery_time: '02:30' };

describe('times that never happen in Prague', () => {
  it('the intern step refuses 02:30 on 2027-03-28 and keeps the order as it was; 03:30 and the autumn 02:30 save', async () => {
    const order = await makeOrder(owner, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: productId, amount: 1 }],
    });
    const send = (when: Record<string, string>, version: number) =>
      owner.post(`/api/order/${order.id}/intern`, {
        payment_type: 'cash',
        expected_delivery_duration: 60,
        version,
        confirm_overlap: true,
        ...when,
      });
    const refused = await send(gap, order.version);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error_code: ErrorCode.nonexistentTime,
      fields: ['expected_delivery_time'],
    });
    const after = (await owner.get(`/api/order/${order.id}`)).json().item;
    expect(after.version).toBe(order.version);
    expect(after.expected_delivery_date).toBe(order.expected_delivery_date);

    // The same instant named by the datetime field is refused too.
    const viaDatetime = await send({ expected_delivery_datetime: '2027-03-28T02:05' }, order.version);
    expect(viaDatetime.json().error_code).toBe(ErrorCode.nonexistentTime);

    const later = await send({ ...gap, expected_delivery_time: '03:30' }, order.version);
    expect(later.statusCode, later.body).toBe(200);
    const autumn = await send(
      { expected_delivery_date: '2026-10-25', expected_delivery_time: '02:30' },
      later.json().item.version,
    );
    expect(autumn.statusCode, autumn.body).toBe(200);
    expect(autumn.json().item.expected_delivery_time).toBe('02:30');
  });

  it('dragging an order into the gap is refused too', async () => {
    const order = await makeOrder(owner, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: productId, amount: 1 }],
    });
    const moved = await owner.put(`/api/order/${order.id}/reschedule`, {
      ...gap,
      expected_delivery_time: '02:15',
      version: order.version,
      confirm_overlap: true,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error_code).toBe(ErrorCode.nonexistentTime);
  });

  it('a warehouse closure cannot start or end in the gap', async () => {
    for (const times of [
      { from_time: '02:30', to_time: '18:00' },
      { from_time: '01:00', to_time: '02:45' },
    ]) {
      const added = await owner.post('/api/warehouse_vacation/add', {
        warehouse: jihlava,
        vacation_from: '2027-03-28',
        vacation_to: '2027-03-28',
        ...times,
      });
      expect(added.statusCode, JSON.stringify(times)).toBe(400);
      expect(added.json().error_code).toBe(ErrorCode.nonexistentTime);
    }
    const fine = await owner.post('/api/warehouse_vacation/add', {
      warehouse: jihlava,
      vacation_from: '2027-03-28',
      vacation_to: '2027-03-28',
      from_time: '03:00',
      to_time: '18:00',
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('the demo data has no order taken, and no money collected, after now', async () => {
    const rows = await rowsOf<{ created: number; collected: number; ahead: number }>(
      t.db,
      sql`
      select count(*) filter (where created_at > now())::int as created,
             count(*) filter (where collected_revenue_at > now())::int as collected,
             count(*) filter (where expected_delivery_date > current_date)::int as ahead
      from orders`,
    );
    // Orders for the coming days exist, but each was taken before now.
    expect(rows[0]).toMatchObject({ created: 0, collected: 0 });
    expect(rows[0]!.ahead).toBeGreaterThan(0);
  });
});
