import { auditAnswerSchema, auditQuerySchema } from '../audit.ts';
import { endpoint } from '../endpoint.ts';

/** Issue 9's log of changes, for owners only (not in domain.md). */
export const auditEndpoints = {
  log: endpoint('GET /audit_log', { query: auditQuerySchema, answers: { 200: auditAnswerSchema } }),
};
