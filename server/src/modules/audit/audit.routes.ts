import { auditAnswerSchema, auditQuerySchema } from '@letokruh/contracts/audit';
import type { App } from '../../app-types.ts';
import { listAudit } from './audit.service.ts';

/** GET /audit_log: not in the spec; issue 9's log of changes, for owners only. */
export async function auditRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  app.get(
    '/audit_log',
    {
      schema: { tags: ['audit'], querystring: auditQuerySchema, response: { 200: auditAnswerSchema } },
      config: { access: { anyFunction: ['owner'] } },
    },
    async (request) => listAudit(db, request.query),
  );
}
