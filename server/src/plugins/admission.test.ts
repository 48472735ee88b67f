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
  return { app, base, started, holds, write };
}

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));
const within = (ms: number) => AbortSignal.timeout(ms);

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('reads wait their turn, writes never do (issue 16, plugins/admission.ts)', () => {
  it('answers `concurrency` reads at once, the next when one finishes, in order', async () => {
    const s = await slowServer(2);
    open = s.app;
    await s.write();
    const answers = [1, 2, 3, 4].map((n) => fetch(`${s.base}/api/slow?n=${n}`));
    await settle();
    expect(s.started).toEqual(['1', '2']);
    // A read that costs nothing still waits behind them; a HEAD is a read too.
    const quick = fetch(`${s.base}/api/quick`, { signal: within(2000) });
    const head = fetch(`${s.base}/api/quick`, { method: 'HEAD', signal: within(2000) });
    await settle();
    s.holds.shift()?.();
    await settle();
    expect(s.started).toEqual(['1', '2', '3']);
    for (let i = 0; i < 3; i++) {
      s.holds.shift()?.();
      await settle();
    }
    expect(s.started).toEqual(['1', '2', '3', '4']);
    s.holds.shift()?.();
    for (const answer of [...answers, quick, head]) expect((await answer).status).toBe(200);
  });

  it('lets a write, a writing GET and a declared stream through while every read slot is held', async () => {
    const s = await slowServer(1);
    open = s.app;
    await s.write();
    const held = fetch(`${s.base}/api/slow?n=1`);
    await settle();
    const save = await fetch(`${s.base}/api/save`, { method: 'POST', signal: within(1000) });
    expect(save.status).toBe(200);
    const draft = await fetch(`${s.base}/api/order/add`, { signal: within(1000) });
    expect(await draft.json()).toEqual({ draft: 1 });
    const file = await fetch(`${s.base}/api/export`, { signal: within(1000) });
    expect(file.status).toBe(200);
    // An unknown URL is a 404 at once: no route, nothing to queue.
    const unknown = await fetch(`${s.base}/api/nothing`, { signal: within(1000) });
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
    const first = fetch(`${s.base}/api/slow?n=1`, { signal: leaving.signal }).catch(() => 'left');
    await settle();
    // The second waits, then leaves before its turn.
    const waiting = new AbortController();
    const second = fetch(`${s.base}/api/slow?n=2`, { signal: waiting.signal }).catch(() => 'left');
    await settle();
    waiting.abort();
    await settle();
    leaving.abort();
    expect(await first).toBe('left');
    expect(await second).toBe('left');
    await settle();
    // Neither keeps a slot: a third is answered at once; the one that left waiting never started.
    const third = fetch(`${s.base}/api/quick`, { signal: within(2000) });
    expect((await third).status).toBe(200);
    expect(s.started).toEqual(['1']);
    for (const hold of s.holds) hold();
  });

  it('bounds nothing while nobody writes, and lets the waiting in once the office is calm', async () => {
    const s = await slowServer(1, 300);
    open = s.app;
    // No write yet: every read starts at once.
    const free = [1, 2, 3].map((n) => fetch(`${s.base}/api/slow?n=${n}`));
    await settle();
    expect(s.started.sort()).toEqual(['1', '2', '3']);
    // A save: from now on reads wait their turn behind the three still running.
    await s.write();
    const bounded = fetch(`${s.base}/api/slow?n=4`);
    await settle();
    expect(s.started).toHaveLength(3);
    // Calm again (300 ms without a write): it goes in with no read having ended.
    await settle(450);
    expect(s.started).toContain('4');
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
