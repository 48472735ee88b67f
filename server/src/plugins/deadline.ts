import type { OutgoingHttpHeaders } from 'node:http';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { routeKeyOf } from './auth.ts';

/**
 * domain.md §3.3 Slow requests: a read still unanswered after `deadlineMs` is answered 503 / 505
 * with Retry-After, and its route is logged. Only reads: a write cut short might still commit
 * after its client heard "failed"; a write is bounded by the database's statement timeout instead,
 * which rolls it back. Only until the answer starts: a download or the live board's stream that
 * has sent its headers is the client's network's to finish (Fastify's own `handlerTimeout`
 * destroys such a stream, which would cut a phone's slow download of a photo).
 *
 * The reply is hijacked and written here, so that the handler, which goes on until its next await
 * fails or ends, finds it answered and adds nothing (its answer is dropped without a warning).
 */
export function registerDeadline(app: FastifyInstance, deadlineMs: number, writingGets: Set<string>): void {
  if (!deadlineMs) return;
  app.addHook('onRequest', (request, reply, done) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const access = request.routeOptions.config?.access;
    if (
      request.is404 ||
      !read ||
      access === 'asset' ||
      writingGets.has(routeKeyOf(request).replace(/^HEAD /, 'GET '))
    ) {
      return done();
    }
    const timer = setTimeout(() => {
      const raw = reply.raw;
      if (reply.sent || raw.headersSent || raw.destroyed) return;
      request.log.warn(
        { route: request.routeOptions.url, method: request.method, deadlineMs },
        'request past its deadline: answered 503',
      );
      const body = JSON.stringify({
        error_code: ErrorCode.requestTimedOut,
        message: `No answer within ${deadlineMs} ms; nothing was changed`,
      });
      reply.hijack();
      raw.writeHead(503, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
        'retry-after': '5',
      });
      raw.end(body);
    }, deadlineMs);
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
