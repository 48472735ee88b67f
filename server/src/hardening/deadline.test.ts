import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ErrorCode } from '@letokruh/contracts/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';

/**
 * domain.md §3.3 Slow requests: a read past the deadline is answered 503 / 505 and its route is
 * logged, while the process goes on answering everyone else, `/api/health` within a second. The
 * slow read is real: another connection holds the orders table locked, so the list waits in
 * PostgreSQL (the embedded PGlite has one connection, which a held lock would take from all).
 */
const onServer = !!process.env.TEST_DATABASE_URL;
const deadlineMs = 1500;

let t: BuiltTestApp;
let base: string;
let owner: Client;
const logged: { msg?: string; route?: string; level?: number }[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, next) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      next();
    },
  });
  t = await buildTestApp({ REQUEST_DEADLINE_MS: String(deadlineMs) }, { logger: { level: 'warn', stream } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await login(t.app, 'owner');
});
afterAll(() => t?.close());

const cookie = () =>
  Object.entries(owner.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** Over the socket, as a browser would: the answer's status, body and how long it took. */
async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { cookie: cookie(), 'x-csrftoken': owner.cookies.csrftoken_new ?? '', ...init.headers },
  });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

/** Holds the orders table locked from another connection until `release` is called. */
async function lockOrders() {
  const lock = new pg.Client({ connectionString: t.app.ctx.config.databaseUrl });
  await lock.connect();
  await lock.query('begin');
  await lock.query('lock table orders in access exclusive mode');
  return async () => {
    await lock.query('rollback');
    await lock.end();
  };
}

describe.skipIf(!onServer)('a read past its deadline', () => {
  it('is answered 503 with its route logged, and health answers within a second meanwhile', async () => {
    const release = await lockOrders();
    try {
      const slow = timed('/api/orders?per_page=10&current_page=1');
      // Health, several times while the list waits on the lock.
      for (let i = 0; i < 3; i++) {
        const health = await timed('/api/health');
        expect(health.status).toBe(200);
        expect(health.ms).toBeLessThan(1000);
      }
      const answer = await slow;
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body).error_code).toBe(ErrorCode.requestTimedOut);
      expect(answer.ms).toBeGreaterThanOrEqual(deadlineMs - 50);
    } finally {
      await release();
    }
    expect(logged.some((l) => l.route === '/api/orders' && /deadline/.test(l.msg ?? ''))).toBe(true);
    // The process serves on, the same call included.
    expect((await timed('/api/orders?per_page=10&current_page=1')).status).toBe(200);
  });

  it('never cuts a write: it waits for the lock and is saved', async () => {
    const order = (await owner.get('/api/orders?per_page=10&current_page=1')).json().items[0];
    const release = await lockOrders();
    let done: Awaited<ReturnType<typeof timed>> | undefined;
    const write = timed(`/api/order/${order.id}/done`, { method: 'PUT' }).then((r) => {
      done = r;
      return r;
    });
    // Past the deadline the write still waits, unanswered.
    await new Promise((resolve) => setTimeout(resolve, deadlineMs + 500));
    expect(done).toBeUndefined();
    await release();
    const answer = await write;
    expect([200, 409]).toContain(answer.status);
    expect(answer.ms).toBeGreaterThan(deadlineMs);
  });
});
