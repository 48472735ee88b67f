import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../../app-types.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'error']) });

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/health',
    {
      schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      try {
        await app.ctx.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'error' });
      }
    },
  );
}
