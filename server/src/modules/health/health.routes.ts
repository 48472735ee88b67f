import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../../app-types.ts';

/**
 * `ok`, or `degraded` while the database cannot be reached (issue 16): the process itself runs and
 * reconnects by itself once the database is back. 503 then, so that a proxy's health check sends
 * requests to another process meanwhile.
 */
const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'error']) });

/** The health check answers within this even when the database does not answer at all. */
const checkTimeoutMs = 2000;

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/health',
    {
      schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
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
    },
  );
}
