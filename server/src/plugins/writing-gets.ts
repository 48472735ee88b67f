import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * domain.md's writing GETs (route keys such as `GET /api/order/add`, which creates a draft): a HEAD
 * on one of them writes nothing (decision 0022). Fastify gives every GET a HEAD twin that runs the
 * GET's handler; for a writing GET the twin's handler is swapped, in onRoute, for a refusal:
 * 405 / 120 with `Allow: GET`, after the usual guard (the twin keeps the GET's config). Decided by
 * the route's own key, which the audit table names, never by the URL's spelling.
 */
export function refuseHeadOnWritingGets(app: FastifyInstance, writingGets: Set<string>): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('HEAD') || !writingGets.has(`GET ${route.url}`)) return;
    route.handler = async (_request, reply) => {
      reply.header('allow', 'GET');
      throw new AppError(405, ErrorCode.invalidInput, 'HEAD is not answered on a call that changes data');
    };
  });
}
