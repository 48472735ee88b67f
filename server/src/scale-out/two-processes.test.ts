import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../test/event-stream.ts';
import { type Cluster, createDemoDatabase, postgresInstalled, startCluster } from './cluster.ts';
import { HttpClient, type ServerProcess, startServer } from './processes.ts';

/**
 * Decision 0045: two real server processes on two ports serve one PostgreSQL and share one S3 bucket.
 * The file starts its own PostgreSQL cluster (it stops it on purpose at the end), so it runs once
 * per `npm test`, in the embedded pass; without the PostgreSQL binaries it is skipped.
 */
const skip = !postgresInstalled()
  ? 'PostgreSQL binaries are absent (apt-get install postgresql)'
  : process.env.TEST_DATABASE_URL
    ? 'runs once, in the pass without TEST_DATABASE_URL (it starts its own cluster)'
    : '';
if (skip) console.warn(`two-processes.test.ts skipped: ${skip}`);

const ports = { pg: 54351, s3: 3133, a: 3130, b: 3131 };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-two-'));
let cluster: Cluster;
let s3: S3rver;
let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Pool;

const today = () => pragueDay();

beforeAll(async () => {
  if (skip) return;
  cluster = startCluster(ports.pg);
  const url = await createDemoDatabase(cluster);
  sql = new pg.Pool({ connectionString: url, max: 2 });
  sql.on('error', () => undefined);

  s3 = new S3rver({
    port: ports.s3,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'files', configs: [] }],
  });
  await s3.run();
  const env = (name: string) => ({
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '4',
    DATABASE_STATEMENT_TIMEOUT_MS: '10000',
    DATABASE_CONNECT_TIMEOUT_MS: '2000',
    // Each process its own folder: nothing may rely on a shared disk.
    DATA_DIR: path.join(tmp, name),
    FILE_STORE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    S3_BUCKET: 'files',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  // Started together, so that their first job ticks meet.
  [a, b] = await Promise.all([
    startServer({ port: ports.a, env: env('a') }),
    startServer({ port: ports.b, env: env('b') }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  await sql?.end();
  await s3?.close();
  cluster?.remove();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(skip)('two server processes, one PostgreSQL', () => {
  it('a session made on one works on the other', async () => {
    const onA = new HttpClient(a.base);
    expect(await onA.login('dispatcher')).toBe(200);
    const onB = onA.at(b.base);
    const me = await onB.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.json<{ user: { username: string } }>().user.username).toBe('dispatcher');
    // A keeps the session it read (plugins/session-cache.ts); signing out on B ends it on A too, as
    // soon as PostgreSQL's notification reaches A (migration 0039).
    expect((await onA.get('/api/auth/user')).status).toBe(200);
    expect((await onA.get('/api/auth/user')).status).toBe(200);
    expect((await onB.get('/api/auth/logout')).status).toBe(200);
    const started = performance.now();
    while ((await onA.get('/api/auth/user')).status !== 401) {
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    console.info(
      `two processes: a session ended on B refused on A after ${(performance.now() - started).toFixed(1)} ms`,
    );
  });

  it('the sign-in throttle counts the guesses made at both', async () => {
    const guess = (base: string) => new HttpClient(base, 40_000).login('driver3', 'wrong password');
    // 12 guesses, 6 at each: neither process alone reaches the pair's limit of 10.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(i % 2 ? a.base : b.base)));
    expect(answers.filter((s) => s === 429)).toHaveLength(2);
    // The right password is refused now on both.
    expect(await new HttpClient(a.base).login('driver3')).toBe(429);
    expect(await new HttpClient(b.base).login('driver3')).toBe(429);
  }, 30_000);

  it("a write on one changes the other's cached calendar at once", async () => {
    const owner = new HttpClient(a.base);
    expect(await owner.login('owner')).toBe(200);
    const warehouses = (await sql.query<{ id: number }>('select id from warehouses order by id')).rows;
    const week = Array.from({ length: 7 }, (_, i) => addDays(today(), i)).join(',');
    const calendar = `/api/api/get-orders?warehouses=${warehouses.map((w) => w.id).join(',')}&dates=${week}`;
    const first = await owner.get(calendar);
    expect(first.status).toBe(200);
    // Read again: the cached answer, the same bytes.
    expect((await owner.get(calendar)).body).toBe(first.body);
    const ids = first.json<{ data: { id: number }[] }>().data.map((o) => o.id);
    expect(ids.length).toBeGreaterThan(0);

    const onB = owner.at(b.base);
    let cancelled = 0;
    for (const id of ids) {
      if ((await onB.request('DELETE', `/api/order/${id}/delete`)).status === 200) {
        cancelled = id;
        break;
      }
    }
    expect(cancelled).toBeGreaterThan(0);
    const after = await owner.get(calendar);
    expect(after.status).toBe(200);
    expect(after.body).not.toBe(first.body);
  }, 30_000);

  it('the periodic jobs ran once between the two processes', async () => {
    const deadline = Date.now() + 10_000;
    let jobs: { name: string; runs: number }[] = [];
    while (Date.now() < deadline) {
      jobs = (
        await sql.query(
          'select name, runs from scheduled_jobs where last_finished_at is not null order by name',
        )
      ).rows;
      if (jobs.length === 4) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The bank's download runs every 30 s: as many times as its periods went by, once each.
    const fio = jobs.find((j) => j.name === 'bank-fio');
    expect(fio?.runs).toBeGreaterThanOrEqual(1);
    expect(jobs.filter((j) => j.name !== 'bank-fio')).toEqual([
      { name: 'drafts', runs: 1 },
      { name: 'login-throttle', runs: 1 },
      { name: 'sessions', runs: 1 },
    ]);
    const ran = [...a.lines, ...b.lines].filter((line) => line.includes('periodic job ran'));
    expect(ran).toHaveLength(3 + fio!.runs);
  });

  it('an upload through one downloads through the other', async () => {
    const technician = new HttpClient(a.base);
    expect(await technician.login('technician')).toBe(200);
    const form = new FormData();
    form.append('title', 'Plánek dvora');
    form.append('file_type', 'Jiné');
    form.append('file', new Blob(['Vjezd zezadu, u pily.'], { type: 'text/plain' }), 'planek.txt');
    const added = await technician.post('/api/order/1/files/add', form);
    expect(added.status, added.body).toBe(201);
    const fileId = added.json<{ item: { id: number } }>().item.id;
    const download = await technician.at(b.base).get(`/api/order/1/files/${fileId}/download`);
    expect(download.status).toBe(200);
    expect(download.body).toBe('Vjezd zezadu, u pily.');
  }, 30_000);

  it('a write through one reaches a live-board stream open on the other within 2 s', async () => {
    const dispatcher = new HttpClient(a.base);
    expect(await dispatcher.login('dispatcher')).toBe(200);
    const stream = await openEventStream(b.base, Object.fromEntries(dispatcher.jar));
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === 'ready');
    const [order] = (
      await sql.query<{ id: number }>(
        `select id from orders where not hidden and not done and draft_touched_at is null
           and customer_id is not null and warehouse_id is not null order by id desc limit 1`,
      )
    ).rows;
    const started = performance.now();
    expect((await dispatcher.request('DELETE', `/api/order/${order!.id}/delete`)).status).toBe(200);
    const event = await stream.waitFor(
      (e) => e.event === 'order' && (e.data as { id: number; kind: string }).id === order!.id,
    );
    expect(event.data).toMatchObject({ id: order!.id, kind: 'cancelled' });
    expect(event.at - started).toBeLessThan(2_000);
    console.info(
      `two processes: a cancel on A reached a stream on B after ${(event.at - started).toFixed(1)} ms`,
    );
    stream.close();
  });

  it('PostgreSQL away: health says degraded at once, no call hangs, both reconnect by themselves', async () => {
    const dispatcher = new HttpClient(a.base, 8000);
    expect(await dispatcher.login('dispatcher')).toBe(200);
    // A live-board stream open through the outage is told to reload once its process hears again.
    const stream = await openEventStream(b.base, Object.fromEntries(dispatcher.jar));
    await stream.waitFor((e) => e.event === 'ready');
    cluster.down('immediate');
    try {
      for (const server of [a, b]) {
        const started = Date.now();
        const health = await fetch(`${server.base}/api/health`);
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ status: 'degraded', database: 'error' });
        expect(Date.now() - started).toBeLessThan(3000);
      }
      const started = Date.now();
      const list = await dispatcher.get('/api/orders?per_page=10&current_page=1');
      // Not a 500: the database is away, nothing was written, the call may be sent again.
      expect(list.status).toBe(503);
      expect(list.json<{ error_code: number }>().error_code).toBe(503);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      cluster.up();
    }
    for (const server of [a, b]) {
      const deadline = Date.now() + 10_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await fetch(`${server.base}/api/health`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
    }
    // The session lived through it (it is in the database), on either process.
    expect((await dispatcher.get('/api/orders?per_page=10&current_page=1')).status).toBe(200);
    expect((await dispatcher.at(b.base).get('/api/orders?per_page=10&current_page=1')).status).toBe(200);
    // Both listen again for what ends a session (plugins/session-cache.ts): heard at start, lost,
    // heard again; a session ended by hand is then refused by both within a second.
    for (const server of [a, b]) {
      const deadline = Date.now() + 5_000;
      const hearing = () => server.lines.filter((line) => line.includes('"msg":"sessions kept"')).length;
      while (hearing() < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(hearing()).toBe(2);
      expect(server.lines.some((line) => line.includes('"msg":"sessions read at every request"'))).toBe(true);
    }
    await stream.waitFor((e) => e.event === 'resync', { timeoutMs: 5_000 });
    expect(stream.events.find((e) => e.event === 'resync')?.data).toEqual({ reason: 'missed' });
    stream.close();
    for (const client of [dispatcher, dispatcher.at(b.base), dispatcher, dispatcher.at(b.base)]) {
      expect((await client.get('/api/auth/user')).status).toBe(200);
    }
    await sql.query(
      `delete from sessions where user_id = (select id from users where username = 'dispatcher')`,
    );
    for (const client of [dispatcher, dispatcher.at(b.base)]) {
      const started = performance.now();
      while ((await client.get('/api/auth/user')).status !== 401) {
        expect(performance.now() - started).toBeLessThan(1_000);
      }
    }
  }, 40_000);

  it('one process killed with SIGKILL: the other keeps serving', async () => {
    const owner = new HttpClient(b.base);
    expect(await owner.login('owner')).toBe(200);
    await a.stop('SIGKILL');
    expect(await a.exited).toBe('SIGKILL');
    expect((await owner.get('/api/orders?per_page=10&current_page=1')).status).toBe(200);
  });
});
