import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { diskStorage } from '../plugins/storage.ts';
import { type BuiltTestApp, buildTestApp, type Client, client, login } from '../test/build.ts';

/**
 * Decision 0022: QR e-mails are limited per user (20 an hour) and per recipient (5 an hour), the
 * count kept in the database by one atomic upsert, so parallel requests and several server
 * processes cannot pass it; over the limit: 429 / 152 with Retry-After, and nothing is sent.
 */
let t: BuiltTestApp;
let owner: Client;
let dispatcher: Awaited<ReturnType<typeof login>>;
let supplier: number;
/** Payable orders, each of its own customer with its own e-mail address. */
let orders: { id: number; email: string }[];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const outbox = async () => {
  try {
    return (await fs.readdir(path.join(t.dataDir, 'outbox'))).length;
  } catch {
    return 0;
  }
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
  dispatcher = await login(t.app, 'dispatcher');
  const { items } = (await owner.get('/api/suppliers')).json() as { items: { id: number; name: string }[] };
  supplier = items.find((s) => s.name === 'Letokruh s.r.o.')!.id;
  const found = rowsOf<{ id: number; customer_id: number }>(
    await t.db.execute(sql`select distinct on (o.customer_id) o.id, o.customer_id from orders o
      where o.customer_id is not null and o.currency = 'CZK' and not o.hidden
        and exists (select 1 from order_items i where i.order_id = o.id and i.price > 0)
      order by o.customer_id, o.id limit 8`),
  );
  expect(found).toHaveLength(8);
  orders = [];
  for (const [i, row] of found.entries()) {
    const email = `platba${i}@example.cz`;
    await t.db.execute(sql`update customers set email = ${email} where id = ${row.customer_id}`);
    orders.push({ id: row.id, email });
  }
});
afterAll(() => t?.close());

const send = (c: Client, orderId: number) =>
  c.post(`/api/order/${orderId}/send_email_qr`, { supplier_id: supplier });

describe('QR e-mail limits', () => {
  it('12 parallel e-mails to one address: 5 sent, 7 refused with 429 / 152 and Retry-After', async () => {
    const before = await outbox();
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(owner, orders[0]!.id)));
    const sent = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(sent).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const answer of refused) {
      expect(answer.json().error_code).toBe(ErrorCode.tooManyEmails);
      const retry = Number(answer.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(3600);
    }
    expect(await outbox()).toBe(before + 5);
  });

  it('a refused e-mail uses up nothing of the sender: another user to the same address is refused and counts nothing', async () => {
    const mine = async () =>
      rowsOf<{ n: number }>(
        await t.db.execute(
          sql`select coalesce(sum(sent), 0)::int as n from mail_limits where key = ${`user:${dispatcher.user.id}`}`,
        ),
      )[0]!.n;
    const before = await mine();
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(dispatcher, orders[0]!.id)));
    expect(answers.map((a) => a.statusCode)).toEqual([429, 429, 429, 429]);
    expect(await mine()).toBe(before);
  });

  it('25 parallel e-mails of one user to 5 addresses (5 each): 20 sent, 5 refused', async () => {
    const before = await outbox();
    const answers = await Promise.all(
      orders.slice(1, 6).flatMap((o) => Array.from({ length: 5 }, () => send(dispatcher, o.id))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(await outbox()).toBe(before + 20);
    // The next one, to an address nobody has written to, is refused too: the user's hour is used up.
    expect((await send(dispatcher, orders[6]!.id)).statusCode).toBe(429);
  });

  it('two server processes on one database share the count: 6 + 6 in parallel to a new address, 5 sent', async () => {
    const config = loadConfig({
      DATA_DIR: t.dataDir,
      WEB_DIST: path.join(t.dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
      ALLOWED_HOSTS: 'localhost:80',
    });
    const second: FastifyInstance = await buildApp({
      context: { config, db: t.db, storage: diskStorage(path.join(t.dataDir, 'files')) },
    });
    await second.ready();
    try {
      const other = client(second, { ...owner.cookies });
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, () => send(owner, orders[7]!.id)),
        ...Array.from({ length: 6 }, () => send(other, orders[7]!.id)),
      ]);
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(7);
    } finally {
      await second.close();
    }
  });
});
