import { ErrorCode } from '@letokruh/contracts/errors';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../../test/build.ts';
import { unauditedRoutes } from './audit.service.ts';

let t: BuiltTestApp;
let owner: Client;
let warehouseman: Client;
let dispatcher: Client;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
  warehouseman = await login(t.app, 'warehouseman');
  dispatcher = await login(t.app, 'dispatcher');
});
afterAll(() => t?.close());

const auditRows = async () =>
  Number((await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log`))[0]!.n);
const stockRow = async () =>
  (
    await rowsOf<{ warehouse_id: number; product_id: number }>(
      t.db,
      sql`select warehouse_id, product_id from product_stock order by warehouse_id, product_id limit 1`,
    )
  )[0]!;

describe('the audit log', () => {
  it('names every call that changes data (a new route cannot slip past it)', () => {
    expect(unauditedRoutes(t.app.routesSeen)).toEqual([]);
  });

  it('records who changed stock, when, and by how much; the owner reads it filtered', async () => {
    const { warehouse_id, product_id } = await stockRow();
    const before = Date.now();
    const change = await warehouseman.put(`/api/update_stock/${warehouse_id}/${product_id}`, { amount: 3 });
    expect(change.statusCode, change.body).toBe(200);

    const answer = await owner.get(`/api/audit_log?entity=stock&entity_id=${warehouse_id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = answer.json().items;
    expect(row).toMatchObject({
      user: { username: 'warehouseman', name: 'Karel Procházka' },
      entity: 'stock',
      action: 'update_stock',
      method: 'PUT',
      path: `/api/update_stock/${warehouse_id}/${product_id}`,
      details: { params: { warehouseId: warehouse_id, productId: product_id }, body: { amount: 3 } },
    });
    expect(new Date(row.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(answer.json().total).toBeGreaterThanOrEqual(1);
    // Decision 0024: the warehouse and the product by name, not by internal id.
    const names = await rowsOf<{ warehouse: string; product: string }>(
      t.db,
      sql`select (select name from warehouses where id = ${warehouse_id}) as warehouse,
        (select name from products where id = ${product_id}) as product`,
    );
    expect(row.entity_name).toBe(names[0]!.warehouse);
    expect(row.names).toEqual({ warehouseId: names[0]!.warehouse, productId: names[0]!.product });
  });

  it('names an order by its number', async () => {
    const draft = (await owner.get('/api/order/add')).json();
    const order = (await owner.get(`/api/order/${draft.id}`)).json().item;
    const orders = (await owner.get(`/api/audit_log?entity=order&entity_id=${draft.id}`)).json().items;
    expect(orders[0]).toMatchObject({ entity_id: draft.id, entity_name: String(order.intern_id) });
  });

  it('names the records a change’s data points at: the driver of a vacation, a quote’s products (decision 0088)', async () => {
    const ids = (
      await rowsOf<{ driver: number; product: number; warehouse: number }>(
        t.db,
        sql`select (select id from users where username = 'driver2') as driver,
          (select id from products order by id limit 1) as product,
          (select id from warehouses order by id limit 1) as warehouse`,
      )
    )[0]!;
    const vacation = await dispatcher.post('/api/user_vacation/add', {
      driver: ids.driver,
      vacation_from: '2027-09-06',
      vacation_to: '2027-09-07',
    });
    expect(vacation.statusCode, vacation.body).toBe(201);
    const quote = await owner.post('/api/calculation/order', {
      warehouse_id: ids.warehouse,
      currency: 'CZK',
      products: [{ id: ids.product, amount: 2 }],
    });
    expect(quote.statusCode, quote.body).toBeLessThan(300);
    const names = (
      await rowsOf<{ driver: string; product: string; warehouse: string }>(
        t.db,
        sql`select (select first_name || ' ' || last_name from users where id = ${ids.driver}) as driver,
          (select name from products where id = ${ids.product}) as product,
          (select name from warehouses where id = ${ids.warehouse}) as warehouse`,
      )
    )[0]!;
    const [away] = (await owner.get('/api/audit_log?entity=vacation&per_page=10')).json().items;
    expect(away.details.body.driver).toBe(ids.driver);
    expect(away.refs).toEqual({ user: { [ids.driver]: names.driver } });
    const [fromQuote] = (await owner.get('/api/audit_log?entity=order&per_page=10')).json().items;
    expect(fromQuote.action).toBe('add_from_calculation');
    expect(fromQuote.refs).toEqual({
      warehouse: { [ids.warehouse]: names.warehouse },
      product: { [ids.product]: names.product },
    });
  });

  it('names a created record by its new id and never keeps a password', async () => {
    const added = await owner.post('/api/user/add', {
      username: 'auditovany',
      first_name: 'Adam',
      last_name: 'Auditovaný',
      email: '',
      phone: '',
      functions: ['driver'],
      password: 'tajne-heslo-123',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().item.id;
    const [row] = (await owner.get(`/api/audit_log?entity=user&entity_id=${id}`)).json().items;
    expect(row).toMatchObject({ action: 'add', entity_id: id, user: { username: 'owner' } });
    expect(row.details.body.password).toBe('***');
    expect(JSON.stringify(row)).not.toContain('tajne-heslo-123');
  });

  it('names the draft an order begins as by its new id, made by a GET of the spec', async () => {
    const draft = await dispatcher.get('/api/order/add');
    expect(draft.statusCode, draft.body).toBeLessThan(300);
    const rows = (await owner.get('/api/audit_log?entity=order&per_page=10')).json().items;
    expect(rows[0]).toMatchObject({ action: 'add', user: { username: 'dispatcher' }, method: 'GET' });
    expect(rows[0].entity_id).toBeGreaterThan(0);
  });

  it('a refused change (bad input, no permission, stale) writes no row', async () => {
    const { warehouse_id, product_id } = await stockRow();
    const before = await auditRows();
    expect(
      (await warehouseman.put(`/api/update_stock/${warehouse_id}/${product_id}`, { amount: 'x' })).statusCode,
    ).toBe(400);
    expect((await warehouseman.post('/api/user/add', {})).statusCode).toBe(403);
    expect((await owner.put('/api/warehouse/999999/edit', {})).statusCode).toBeGreaterThanOrEqual(400);
    expect(await auditRows()).toBe(before);
  });

  it('is the owner’s alone, and its filters are checked', async () => {
    for (const c of [dispatcher, warehouseman]) {
      const refused = await c.get('/api/audit_log');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_code).toBe(ErrorCode.accessDenied);
    }
    const bad = await owner.get('/api/audit_log?entity=nonsense&from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(expect.arrayContaining(['entity', 'from']));
    const today = pragueDay();
    const future = (await owner.get('/api/audit_log?from=2100-12-31')).json();
    expect(future).toEqual({ items: [], total: 0 });
    // domain.md §3.3: no day beyond 2100-12-31.
    const beyond = await owner.get('/api/audit_log?from=2999-01-01');
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().fields).toEqual(['from']);
    expect((await owner.get(`/api/audit_log?to=${today}&per_page=1000`)).json().total).toBeGreaterThan(0);
  });
});
