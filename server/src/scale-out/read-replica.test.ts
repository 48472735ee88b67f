import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { type BuiltTestApp, buildTestApp, type Client, client, login } from '../test/build.ts';

/**
 * Decision 0045: with DATABASE_READ_URL the order list, the calendar and the month's overviews read
 * through a second, read-only connection (a replica in production). Here that connection signs in
 * as a role that may only SELECT, in a read-only session: taking its right to read the orders
 * breaks exactly those reads, and writes go on through the main connection all the while.
 * PostgreSQL only (the server pass of `npm test`).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const reader = `lt_reader_${randomBytes(4).toString('hex')}`;

let t: BuiltTestApp;
let replica: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let owner: Client;
let asDatabaseOwner: pg.Client;

beforeAll(async () => {
  if (!adminUrl) return;
  t = await buildTestApp({ ANSWER_CACHE_BYTES: '0' });
  const mainUrl = t.app.ctx.config.databaseUrl!;
  asDatabaseOwner = new pg.Client({ connectionString: mainUrl });
  await asDatabaseOwner.connect();
  await asDatabaseOwner.query(`create role ${reader} login`);
  await asDatabaseOwner.query(`grant select on all tables in schema public to ${reader}`);
  await asDatabaseOwner.query(`grant select on all sequences in schema public to ${reader}`);
  const readUrl = new URL(mainUrl);
  readUrl.username = reader;
  readUrl.password = '';
  replica = await openDatabase({ databaseUrl: mainUrl, readUrl: readUrl.toString() });
  app = await buildApp({
    context: { ...t.app.ctx, db: replica.db, readDb: replica.readDb },
  });
  await app.ready();
  owner = await login(app, 'owner');
});

afterAll(async () => {
  await app?.close();
  await replica?.close();
  if (asDatabaseOwner) {
    await asDatabaseOwner.query(`drop owned by ${reader}`);
    await asDatabaseOwner.query(`drop role if exists ${reader}`);
    await asDatabaseOwner.end();
  }
  await t?.close();
});

const reads = {
  list: '/api/orders?per_page=10&current_page=1',
  calendar: '/api/api/get-orders?warehouses=1,2,3&dates=2030-01-07,2030-01-08',
  overview: '/api/stats_by_warehouses?from=2030-01-01&to=2030-01-31',
  products: '/api/stats_for_products?from=2030-01-01&to=2030-01-31',
};

describe.runIf(adminUrl)('DATABASE_READ_URL', () => {
  it('the read connection refuses writes', async () => {
    const refused = await replica.readDb.execute(sql.raw('update orders set id = id where id = 1')).then(
      () => null,
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(refused).toMatch(/read-only transaction/);
  });

  it('the list, calendar and overviews read through it, writes do not', async () => {
    for (const url of Object.values(reads)) expect((await owner.get(url)).statusCode, url).toBe(200);

    // The overviews read the daily sums (migration 0030), the list and calendar the orders.
    const tables = 'orders, order_day_sums, order_product_day_sums';
    await asDatabaseOwner.query(`revoke select on ${tables} from ${reader}`);
    try {
      for (const url of Object.values(reads)) expect((await owner.get(url)).statusCode, url).toBe(500);
      // The main connection still reads and writes orders: detail, a cancel.
      const order = await client(app, owner.cookies).get('/api/order/1');
      expect(order.statusCode).toBe(200);
      const cancelled = await owner.delete('/api/order/1/delete');
      expect([200, 409]).toContain(cancelled.statusCode);
    } finally {
      await asDatabaseOwner.query(`grant select on ${tables} to ${reader}`);
    }
    for (const url of Object.values(reads)) expect((await owner.get(url)).statusCode, url).toBe(200);
  });
});
