import { healthEndpoints as e } from '@letokruh/contracts/endpoints/health';
import { sql } from 'drizzle-orm';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';

/** The health check answers within this even when the database does not answer at all. */
const checkTimeoutMs = 2000;

/**
 * `ok`, or `degraded` while the database cannot be reached (decision 0045; contracts/src/health.ts):
 * 503 then, so that a proxy's health check sends requests to another process meanwhile.
 */
export async function healthRoutes(app: App): Promise<void> {
  route(app, e.health, { schema: { tags: ['health'] } }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.ctx.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer within 2 s')), checkTimeoutMs);
        }),
      ]);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'degraded', database: 'error' });
    } finally {
      clearTimeout(timer);
    }
  });
}
