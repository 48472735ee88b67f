import { auditAnswerSchema, auditQuerySchema } from '../audit.ts';
import { endpoint } from '../endpoint.ts';

/** The log of changes of decision 0020, for owners only (not in domain.md). */
export const auditEndpoints = {
  log: endpoint('GET /audit_log', { query: auditQuerySchema, answers: { 200: auditAnswerSchema } }),
};
