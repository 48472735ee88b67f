import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerReadAdmission } from './admission.ts';

/**
 * Reads held open by the test: each GET /api/slow waits until released; what started is recorded.
 * Real HTTP on a port of 127.0.0.1, so that a client can leave while its request waits.
 */
async function slowServer(concurrency: number, calm = 60_000) {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const started: string[] = [];
  const holds: (() => void)[] = [];
  // Counted before the turns are taken: a request has reached the server (so that the test sends
  // the next only then, whatever the machine's load).
  let arrived = 0;
  app.addHook('onRequest', async () => {
    arrived++;
  });
  registerReadAdmission(app, new Set(['GET /api/order/add']), concurrency, calm);
  await app.register(
    async (api) => {
      api.get('/slow', async (request) => {
        started.push(String((request.query as { n?: string }).n));
        await new Promise<void>((release) => holds.push(release));
        return { ok: true };
      });
      api.get('/quick', async () => ({ ok: true }));
      api.post('/save', async () => ({ saved: true }));
      // A writing GET (domain.md): it creates a draft, so it is a write.
      api.get('/order/add', async () => ({ draft: 1 }));
      api.get('/export', { config: { unqueued: true } }, async () => ({ file: true }));
    },
    { prefix: '/api' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  /** Someone saves: reads are bounded from now until `calm` ms after the last write. */
  const write = async () => expect((await fetch(`${base}/api/save`, { method: 'POST' })).status).toBe(200);
  /** Sends a request and waits until the server has it (it may then wait its turn). */
  const send = async (url: string, init: RequestInit = {}) => {
    const before = arrived;
    const answer = fetch(`${base}${url}`, init);
    answer.catch(() => {}); // a client that leaves: the test reads that where it waits
    await until(() => arrived > before);
    return { answer };
  };
  return { app, base, started, holds, write, send };
}

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until `ready` holds (polled), failing after 10 s. */
async function until(ready: () => boolean) {
  const end = Date.now() + 10_000;
  while (!ready()) {
    if (Date.now() > end) throw new Error('never happened');
    await settle(5);
  }
}
const within = (ms: number) => AbortSignal.timeout(ms);

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('reads wait their turn, writes never do (plugins/admission.ts)', () => {
  it('answers `concurrency` reads at once, the next when one finishes, in order', async () => {
    const s = await slowServer(2);
    open = s.app;
    await s.write();
    const answers: Promise<Response>[] = [];
    for (const n of [1, 2, 3, 4]) answers.push((await s.send(`/api/slow?n=${n}`)).answer);
    await until(() => s.started.length === 2);
    // A read that costs nothing still waits behind them; a HEAD is a read too.
    const quick = (await s.send('/api/quick')).answer;
    const head = (await s.send('/api/quick', { method: 'HEAD' })).answer;
    await settle(100);
    expect(s.started).toEqual(['1', '2']);
    s.holds.shift()?.();
    await until(() => s.started.length === 3);
    expect(s.started).toEqual(['1', '2', '3']);
    // 4 comes next, then the quick ones (first come, first served).
    s.holds.shift()?.();
    await until(() => s.started.length === 4);
    expect(s.started).toEqual(['1', '2', '3', '4']);
    for (const hold of s.holds.splice(0)) hold();
    for (const answer of [...answers, quick, head]) expect((await answer).status).toBe(200);
  });

  it('lets a write, a writing GET and a declared stream through while every read slot is held', async () => {
    const s = await slowServer(1);
    open = s.app;
    await s.write();
    const held = (await s.send('/api/slow?n=1')).answer;
    await until(() => s.started.length === 1);
    const save = await fetch(`${s.base}/api/save`, { method: 'POST', signal: within(5000) });
    expect(save.status).toBe(200);
    const draft = await fetch(`${s.base}/api/order/add`, { signal: within(5000) });
    expect(await draft.json()).toEqual({ draft: 1 });
    const file = await fetch(`${s.base}/api/export`, { signal: within(5000) });
    expect(file.status).toBe(200);
    // An unknown URL is a 404 at once: no route, nothing to queue.
    const unknown = await fetch(`${s.base}/api/nothing`, { signal: within(5000) });
    expect(unknown.status).toBe(404);
    s.holds.shift()?.();
    expect((await held).status).toBe(200);
  });

  it('gives the turn back when a client leaves, while it is answered or while it waits', async () => {
    const s = await slowServer(1);
    open = s.app;
    await s.write();
    // The first leaves while its read is being answered.
    const leaving = new AbortController();
    const first = (await s.send('/api/slow?n=1', { signal: leaving.signal })).answer.catch(() => 'left');
    await until(() => s.started.length === 1);
    // The second waits, then leaves before its turn.
    const waiting = new AbortController();
    const second = (await s.send('/api/slow?n=2', { signal: waiting.signal })).answer.catch(() => 'left');
    waiting.abort();
    // The server hears the second leave before the first does (sockets close one by one).
    await settle(200);
    leaving.abort();
    expect(await first).toBe('left');
    expect(await second).toBe('left');
    await settle();
    // Neither keeps a slot: a third is answered at once; the one that left waiting never started.
    const third = fetch(`${s.base}/api/quick`, { signal: within(5000) });
    expect((await third).status).toBe(200);
    expect(s.started).toEqual(['1']);
    for (const hold of s.holds) hold();
  });

  it('bounds nothing while nobody writes, and lets the waiting in once the office is calm', async () => {
    const s = await slowServer(1, 300);
    open = s.app;
    // No write yet: every read starts at once.
    const free = [1, 2, 3].map((n) => fetch(`${s.base}/api/slow?n=${n}`));
    await until(() => s.started.length === 3);
    // A save: from now on reads wait their turn behind the three still running.
    await s.write();
    const wrote = Date.now();
    const bounded = (await s.send('/api/slow?n=4')).answer;
    await settle(50);
    if (Date.now() - wrote < 250) expect(s.started).toHaveLength(3);
    // Calm again (300 ms without a write): it goes in with no read having ended.
    await until(() => s.started.includes('4'));
    expect(Date.now() - wrote).toBeGreaterThanOrEqual(290);
    for (const hold of s.holds) hold();
    for (const answer of [...free, bounded]) expect((await answer).status).toBe(200);
  });

  it('with 0 it queues nothing', async () => {
    const s = await slowServer(0);
    open = s.app;
    const answers = [1, 2, 3].map((n) => fetch(`${s.base}/api/slow?n=${n}`));
    await settle();
    expect(s.started.sort()).toEqual(['1', '2', '3']);
    for (const hold of s.holds) hold();
    for (const answer of answers) expect((await answer).status).toBe(200);
  });
});
