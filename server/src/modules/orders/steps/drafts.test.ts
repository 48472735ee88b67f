import { ErrorCode } from '@letokruh/contracts/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, orderItems, orders } from '../../../db/schema/index.ts';
import { diskStorage } from '../../../plugins/storage.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { customerForm, someCustomerId } from '../../../test/customers.ts';
import { makeOrder, warehouseIds } from '../../../test/orders.ts';
import { makeProduct } from '../../../test/products.ts';
import { draftLifetimeMs, sweepStaleDrafts } from './drafts.service.ts';

/** Decision 0030: an order is a draft until its intern step is saved the first time. */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let jihlava: number;
let customerId: number;
let product: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher } = await signIn(t.app, ['owner', 'dispatcher']));
  ({ jihlava } = await warehouseIds(owner));
  customerId = await someCustomerId(owner, 5);
  product = await makeProduct(owner, jihlava, { stock: 5 });
});
afterAll(() => t?.close());

const draftsOf = async (c: Client) => {
  const answer = await c.get('/api/orders?state=drafts&per_page=100');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { items: { id: number; draft: boolean; customer: unknown }[]; total: number };
};
const listIds = async (c: Client, query: string) =>
  ((await c.get(`/api/orders?per_page=100&sort=created&${query}`)).json().items as { id: number }[]).map(
    (o) => o.id,
  );

/** An order with everything, turned back into a draft: only its draft state keeps it out. */
async function fullDraft() {
  const order = await makeOrder(owner, {
    warehouseId: jihlava,
    customerId,
    lines: [{ id: product, amount: 1 }],
  });
  await t.db.update(orders).set({ draftTouchedAt: new Date() }).where(eq(orders.id, order.id));
  return order;
}

async function upload(c: Client, orderId: number) {
  const form = new FormData();
  form.append('title', 'Náčrt');
  form.append('file_type', 'Jiné');
  form.append('file', new Blob(['náčrt'], { type: 'text/plain' }), 'nacrt.txt');
  const encoded = new Response(form);
  const added = await c.post(`/api/order/${orderId}/files/add`, Buffer.from(await encoded.arrayBuffer()), {
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
  expect(added.statusCode, added.body).toBe(201);
}

describe('drafts', () => {
  it('a new order and a copy are drafts until the intern step is saved, listed only under drafts', async () => {
    const id = (await dispatcher.get('/api/order/add')).json().id as number;
    expect((await dispatcher.get(`/api/order/${id}`)).json().item.draft).toBe(true);
    expect((await dispatcher.post(`/api/order/${id}/customer`, { id_found: customerId })).statusCode).toBe(
      200,
    );
    for (const state of ['all', 'not_done', 'done', 'hidden', 'not_collected']) {
      expect(await listIds(dispatcher, `state=${state}`)).not.toContain(id);
    }
    const drafts = await draftsOf(dispatcher);
    expect(drafts.items.map((o) => o.id)).toContain(id);
    expect(drafts.items.every((o) => o.draft)).toBe(true);
    // Only the caller's own drafts.
    expect((await draftsOf(owner)).items.map((o) => o.id)).not.toContain(id);

    const order = await makeOrder(owner, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: product, amount: 1 }],
    });
    expect(order.draft).toBe(false);
    expect(await listIds(owner, 'state=all')).toContain(order.id);
    const copyId = (await owner.get(`/api/order/${order.id}/copy`)).json().order_id as number;
    expect((await owner.get(`/api/order/${copyId}`)).json().item.draft).toBe(true);
    expect(await listIds(owner, 'state=all')).not.toContain(copyId);
    expect((await draftsOf(owner)).items.map((o) => o.id)).toContain(copyId);
    const saved = await owner.post(`/api/order/${copyId}/intern`, {
      payment_type: 'cash',
      expected_delivery_duration: 60,
      expected_delivery_date: '2031-06-02',
      expected_delivery_time: '09:00',
      confirm_overlap: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item.draft).toBe(false);
    expect(await listIds(owner, 'state=all')).toContain(copyId);
    expect((await draftsOf(owner)).items.map((o) => o.id)).not.toContain(copyId);
  });

  it('a draft without a customer yet is listed under drafts too', async () => {
    const bare = (await dispatcher.get('/api/order/add')).json().id as number;
    const drafts = await draftsOf(dispatcher);
    expect(drafts.items.find((o) => o.id === bare)).toMatchObject({ draft: true, customer: null });
  });

  it('takes no transition: done, paid, prepared, cancel, reschedule answer 409 / 142', async () => {
    const draft = await fullDraft();
    const line = draft.products[0]!.id;
    for (const call of [
      owner.put(`/api/order/${draft.id}/done`),
      owner.put(`/api/order/${draft.id}/collect_revenue`),
      owner.put(`/api/order/${draft.id}/${line}/prepared`),
      owner.delete(`/api/order/${draft.id}/delete`),
      owner.put(`/api/order/${draft.id}/reschedule`, {
        expected_delivery_date: '2031-07-01',
        expected_delivery_time: '10:00',
        version: draft.version,
      }),
    ]) {
      const answer = await call;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().error_code).toBe(ErrorCode.orderIsDraft);
    }
    const after = (await owner.get(`/api/order/${draft.id}`)).json().item;
    expect(after).toMatchObject({ done: false, hidden: false, collected_revenue_at: null, draft: true });
  });

  it('is in no calendar, customer detail, customer filter, overview or delivery note', async () => {
    const draft = await fullDraft();
    const day = draft.expected_delivery_date!;
    const calendar = (await owner.get(`/api/api/get-orders?warehouses=${jihlava}&dates=${day}`)).json();
    expect(calendar.data.map((o: { id: number }) => o.id)).not.toContain(draft.id);
    const customer = (await owner.get(`/api/customer/${customerId}`)).json();
    expect(customer.orders.map((o: { id: number }) => o.id)).not.toContain(draft.id);
    const stats = (await owner.get(`/api/stats_by_warehouses?from=${day}&to=${day}`)).json();
    expect(stats.items.find((i: { id: number }) => i.id === jihlava)?.count ?? 0).toBe(0);
    const pdf = await owner.get(`/api/download-orders?warehouse=${jihlava}&from=${day}`);
    expect(pdf.statusCode).toBe(200);
    const note = await owner.get(`/api/order/${draft.id}/get_delivery_note?supplier=1`);
    expect(note.statusCode).toBe(409);
    // The same order saved is counted everywhere.
    await t.db.update(orders).set({ draftTouchedAt: null }).where(eq(orders.id, draft.id));
    await t.db.execute(sql`select nextval('data_version')`); // as any write does, for cached answers
    const counted = (await owner.get(`/api/stats_by_warehouses?from=${day}&to=${day}`)).json();
    expect(counted.items.find((i: { id: number }) => i.id === jihlava)?.count).toBe(1);
    const after = (await owner.get(`/api/customer/${customerId}`)).json();
    expect(after.orders.map((o: { id: number }) => o.id)).toContain(draft.id);
  });

  it('the customer list by warehouse leaves out customers whose only order there is a draft', async () => {
    const lonely = (
      await owner.post(
        '/api/customer/add',
        customerForm({
          firstName: 'Koncept',
          lastName: 'Nedokončený',
          phone: '777 123 987',
          email: '',
          allow_duplicate: false,
        }),
      )
    ).json().item?.id as number | undefined;
    if (!lonely) return expect.unreachable('customer not created');
    const order = await makeOrder(owner, { warehouseId: jihlava, customerId: lonely, lines: [] });
    await t.db.update(orders).set({ draftTouchedAt: new Date() }).where(eq(orders.id, order.id));
    const found = (await owner.get(`/api/customers?warehouse=${jihlava}&name=Nedokon%C4%8Den%C3%BD`)).json();
    expect(found.items.map((c: { id: number }) => c.id)).not.toContain(lonely);
  });
});

describe('DELETE /order/{id}/discard', () => {
  it('deletes a draft with its lines and files, audited; an order answers 409 / 143', async () => {
    const order = await makeOrder(owner, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: product, amount: 2 }],
      intern: false,
    });
    await upload(owner, order.id);
    const discarded = await owner.delete(`/api/order/${order.id}/discard`);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toEqual({ id: order.id, intern_id: order.intern_id });
    expect((await owner.get(`/api/order/${order.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.ownerId, order.id))).toEqual([]);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'discard'));
    expect(audited.map((a) => a.entityId)).toContain(order.id);
    expect((await owner.delete(`/api/order/${order.id}/discard`)).statusCode).toBe(404);

    const saved = await makeOrder(owner, { warehouseId: jihlava, customerId, lines: [] });
    const refused = await owner.delete(`/api/order/${saved.id}/discard`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_code).toBe(ErrorCode.orderIsNotDraft);
    expect((await owner.get(`/api/order/${saved.id}`)).statusCode).toBe(200);
  });

  it("a draft holds its order number from the start; a discarded draft's number is never given again", async () => {
    // domain.md §3.3 Order numbers (decision 0082): numbered at GET /order/add, gaps allowed.
    const first = await owner.get('/api/order/add');
    expect(first.statusCode, first.body).toBe(200);
    const draft = (await owner.get(`/api/order/${first.json().id}`)).json().item as {
      intern_id: number;
      draft: boolean;
    };
    expect(draft.draft).toBe(true);
    expect(String(draft.intern_id)).toMatch(/^20\d{8}$/);
    expect((await owner.delete(`/api/order/${first.json().id}/discard`)).statusCode).toBe(200);
    const next = (await owner.get(`/api/order/${(await owner.get('/api/order/add')).json().id}`)).json()
      .item as {
      intern_id: number;
    };
    expect(next.intern_id).toBeGreaterThan(draft.intern_id);
  });

  it('needs add_order: a driver is refused 403', async () => {
    const { driver } = await signIn(t.app, ['driver']);
    const id = (await owner.get('/api/order/add')).json().id as number;
    expect((await driver.delete(`/api/order/${id}/discard`)).statusCode).toBe(403);
    expect((await owner.get(`/api/order/${id}`)).statusCode).toBe(200);
  });
});

describe('the stale draft sweep', () => {
  const age = (id: number, ms: number) =>
    t.db
      .update(orders)
      .set({ draftTouchedAt: new Date(Date.now() - ms) })
      .where(eq(orders.id, id));

  it('deletes drafts untouched for 7 days with their lines and files; a save touches a draft', async () => {
    const storage = diskStorage(`${t.dataDir}/files`);
    const stale = await makeOrder(owner, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: product, amount: 1 }],
      intern: false,
    });
    await upload(owner, stale.id);
    const [file] = await t.db.select().from(files).where(eq(files.ownerId, stale.id));
    const fresh = (await owner.get('/api/order/add')).json().id as number;
    const touched = (await owner.get('/api/order/add')).json().id as number;
    const order = await makeOrder(owner, { warehouseId: jihlava, customerId, lines: [] });
    await age(stale.id, draftLifetimeMs + 60_000);
    await age(fresh, draftLifetimeMs - 60_000);
    await age(touched, draftLifetimeMs + 60_000);
    await t.db.execute(sql`update orders set created_at = now() - interval '30 days' where id = ${order.id}`);
    // Choosing the customer of the old draft touches it: it gets another 7 days.
    expect((await owner.post(`/api/order/${touched}/customer`, { id_found: customerId })).statusCode).toBe(
      200,
    );

    expect(await sweepStaleDrafts(t.db, storage)).toBe(1);
    expect((await owner.get(`/api/order/${stale.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, stale.id))).toEqual([]);
    expect(await storage.get(file!.storageKey)).toBeNull();
    for (const kept of [fresh, touched, order.id]) {
      expect((await owner.get(`/api/order/${kept}`)).statusCode).toBe(200);
    }
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'draft_expired'));
    expect(audited.map((a) => a.entityId)).toEqual([stale.id]);
    expect(await sweepStaleDrafts(t.db, storage)).toBe(0);
  });

  it('two sweeps at once delete each draft once, and nothing fails', async () => {
    const storage = diskStorage(`${t.dataDir}/files`);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await owner.get('/api/order/add')).json().id as number);
    for (const id of ids) await age(id, draftLifetimeMs + 1000);
    const results = await Promise.all([sweepStaleDrafts(t.db, storage), sweepStaleDrafts(t.db, storage)]);
    // One holds the advisory lock and deletes all; the other skips (null) or finds none left (0).
    expect(results.reduce<number>((sum, r) => sum + (r ?? 0), 0)).toBe(ids.length);
    for (const id of ids) expect((await owner.get(`/api/order/${id}`)).statusCode).toBe(404);
  });
});
