import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import PQueue from 'p-queue';

/**
 * Issue 16, a busy office: reads are answered `concurrency` at a time, in the order they came;
 * the others wait before any of their work starts. A write (any other method, and domain.md's
 * writing GETs) never waits for them: with twenty readers asking as fast as they are answered, a
 * save used to queue behind every reader's turns of the event loop and its statements in
 * PostgreSQL on each of its dozen round trips (p95 372 ms against 7–18 ms alone). Decided by the
 * route Fastify matched (its method and declared URL), as access is: an unmatched URL is a 404
 * that queues for nothing. A route that streams for long (the export) declares `unqueued`.
 *
 * The slot is given back when the answer is finished or its connection is gone ('close' of the
 * response, which comes in both cases), also when the client left while the request waited.
 */
export function registerReadAdmission(app: FastifyInstance, writingGets: Set<string>, concurrency: number) {
  if (!concurrency) return;
  const queue = new PQueue({ concurrency });
  app.addHook('onRequest', async (request, reply) => {
    if (!queuedRead(request, writingGets)) return;
    await admitted(queue, reply);
  });
}

function queuedRead(request: FastifyRequest, writingGets: Set<string>): boolean {
  const { method, url, config } = request.routeOptions;
  if (!url?.startsWith('/api/') || (config as { unqueued?: boolean }).unqueued) return false;
  const methods = Array.isArray(method) ? method : [method];
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return methods.some((m) => m === 'GET' || m === 'HEAD') && !writingGets.has(`GET ${url}`);
}

/** Waits for a slot; it is held until the response closes (sent, or its client gone). */
function admitted(queue: PQueue, reply: FastifyReply): Promise<void> {
  return new Promise<void>((enter) => {
    let closed = false;
    let release: (() => void) | undefined;
    reply.raw.once('close', () => {
      closed = true;
      release?.();
    });
    void queue.add(
      () =>
        new Promise<void>((done) => {
          release = done;
          // Gone while it waited: nothing more is done for it, and the slot goes to the next.
          if (closed) {
            reply.hijack();
            done();
          }
          enter();
        }),
    );
  });
}
