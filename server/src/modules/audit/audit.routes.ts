import { auditEndpoints as e } from '@letokruh/contracts/endpoints/audit';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import { listAudit } from './audit.service.ts';

/** GET /audit_log: not in domain.md; the log of changes of decision 0020, for owners only. */
export async function auditRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  route(app, e.log, { schema: { tags: ['audit'] } }, async (request) => listAudit(db, request.query));
}
