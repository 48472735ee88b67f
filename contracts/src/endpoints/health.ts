import { endpoint } from '../endpoint.ts';
import { docsAnswerSchema, healthAnswerSchema } from '../health.ts';

/** What a proxy and a client developer ask without a session: the health check and the API's document. */
export const healthEndpoints = {
  health: endpoint('GET /health', { answers: { 200: healthAnswerSchema, 503: healthAnswerSchema } }),
  docs: endpoint('GET /docs', { answers: { 200: docsAnswerSchema } }),
};
