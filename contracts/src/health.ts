import { z } from 'zod';

/**
 * GET /health: `ok`, or `degraded` while the database cannot be reached (decision 0045): the process
 * itself runs and reconnects by itself once the database is back. 503 then, so that a proxy's
 * health check sends requests to another process meanwhile.
 */
export const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'error']),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** GET /docs: the OpenAPI 3.1 document of the API (decision 0039), for anyone. */
export const docsAnswerSchema = z.looseObject({ openapi: z.string() }).describe('The OpenAPI document');
