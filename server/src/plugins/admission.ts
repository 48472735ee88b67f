import type { FastifyInstance } from 'fastify';

/**
 * Decision 0062, a busy office: while the office writes (a write on its way, or one ended less than
 * `calm` ms ago), reads are answered `concurrency` at a time, in the order they came; the others
 * wait before any of their work starts. A write (any other method, and domain.md's writing GETs)
 * never waits. With twenty readers asking as fast as they are answered, a save used to queue
 * behind every reader's turns of the event loop and its statements in PostgreSQL on each of its
 * dozen round trips (many times its time alone; decision 0062 has the figures). When nobody writes,
 * reads are not bounded: bounding them always cost the order list's first page part of its
 * throughput (fewer answers overlap PostgreSQL's work with the event loop's).
 *
 * Which routes queue is decided once, from each route's own declaration (its method and URL as
 * registered, and `unqueued` in its config for a long stream such as the export), never from a
 * request's spelling; an unmatched URL is a 404 that queues for nothing. The turn is given back
 * when the response closes (sent, or its client gone); a client that left while it waited is not
 * answered at all (hijacked) and passes its turn on.
 *
 * A counter and a FIFO list rather than a queue library: this runs on every request.
 */
export function registerReadAdmission(
  app: FastifyInstance,
  writingGets: Set<string>,
  concurrency: number,
  calm = 1000,
) {
  if (!concurrency) return;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const read = methods.every((m) => m === 'GET' || m === 'HEAD');
    const api = route.url.startsWith('/api/');
    const unqueued = (route.config as { unqueued?: boolean } | undefined)?.unqueued;
    // A read waits its turn; a write is what reads make way for.
    const turn = !api || unqueued ? 'none' : read && !writingGets.has(`GET ${route.url}`) ? 'read' : 'write';
    route.config = { ...route.config, turn } as typeof route.config;
  });
  let active = 0;
  let writing = 0;
  const waiting: (() => void)[] = [];
  let lastWrite = Number.NEGATIVE_INFINITY;
  /** Reads are bounded while the office writes (a write on its way or done within `calm` ms). */
  const open = () => (writing || performance.now() - lastWrite < calm ? active < concurrency : true);
  const admitNext = () => {
    while (open() && waiting.length) waiting.shift()?.();
  };
  // A timer may fire a little before `calm` has passed by performance.now(): then again, later.
  const whenCalm = () => {
    const left = lastWrite + calm - performance.now();
    if (left > 0 && !writing) setTimeout(whenCalm, Math.ceil(left) + 1).unref();
    else admitNext();
  };
  app.addHook('onRequest', (request, reply, done) => {
    const { turn } = request.routeOptions.config as { turn?: 'read' | 'write' | 'none' };
    if (turn === 'write') {
      writing++;
      reply.raw.once('close', () => {
        writing--;
        lastWrite = performance.now();
        admitNext();
        // Calm again: whoever still waits goes in, even if no read ends meanwhile.
        setTimeout(whenCalm, calm).unref();
      });
      return done();
    }
    if (turn !== 'read') return done();
    let closed = false;
    let holding = false;
    reply.raw.once('close', () => {
      closed = true;
      if (!holding) return;
      holding = false;
      active--;
      admitNext();
    });
    const enter = () => {
      // Gone while it waited: nothing is done for it, and the turn goes on to the next.
      if (closed) {
        reply.hijack();
        return done();
      }
      holding = true;
      active++;
      done();
    };
    if (open() && !waiting.length) enter();
    else waiting.push(enter);
  });
}
