import type { AuditAnswer, AuditQuery } from '@letokruh/contracts/audit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { unsafeMethods } from '../../plugins/auth.ts';
import * as q from './audit.queries.ts';
import { auditTargets, creatingActions } from './audit.targets.ts';
import { auditNames } from './audit-names.ts';

const maxString = 500;
const maxDetailsBytes = 8_000;

/** Secrets never reach the log; long texts are cut so one call cannot bloat it. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > maxString ? `${value.slice(0, maxString)}…` : value;
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      /password|token|secret/i.test(k) ? '***' : redact(v, depth + 1),
    ]),
  );
}

const idIn = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
};

/** The id of the record an answer names (`{ item: { id } }`, `{ order: { id } }`, `{ id }`). */
function answerId(payload: unknown): number | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const body = JSON.parse(payload) as Record<string, { id?: unknown } | unknown>;
    for (const key of ['item', 'order', 'user']) {
      const inner = body[key] as { id?: unknown } | undefined;
      if (inner && typeof inner === 'object' && idIn(inner.id)) return idIn(inner.id);
    }
    return idIn(body.id) ?? idIn(body.order_id);
  } catch {
    return null;
  }
}

export const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Writes the audit row of a successful change before its answer leaves (onSend): the client never
 * sees a success the log lacks. A failed write is logged and the answer still goes out, since the
 * change itself is already committed.
 */
export function registerAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url;
    if (!url || reply.statusCode >= 400) return payload;
    const target = auditTargets[routeKey(request.method, url)];
    if (!target) return payload;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const fromAnswer = answerId(payload);
    const fromPath = idIn(params.id) ?? idIn(params.warehouseId);
    const entityId = creatingActions.has(target.action) ? (fromAnswer ?? fromPath) : (fromPath ?? fromAnswer);
    const isMultipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
    let details = {
      params: redact(params),
      ...(request.method === 'GET' ? {} : { body: isMultipart ? '(file)' : redact(request.body ?? null) }),
      status: reply.statusCode,
    } as Record<string, unknown>;
    if (JSON.stringify(details).length > maxDetailsBytes)
      details = { params: details.params, body: '(too long)' };
    try {
      await q.insertAudit(db, {
        userId: request.user?.id ?? null,
        entity: target.entity,
        entityId,
        action: target.action,
        method: request.method,
        path: request.url.slice(0, 500),
        details,
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit row not written');
    }
    return payload;
  });
}

/** Unsafe routes, and domain.md's writing GETs, that the table does not name. */
export function unauditedRoutes(routes: { method: string; url: string }[]): string[] {
  return routes
    .filter(
      (r) =>
        r.url.startsWith('/api/') &&
        (unsafeMethods.has(r.method) || routeKey(r.method, r.url) in auditTargets),
    )
    .map((r) => routeKey(r.method, r.url))
    .filter((key) => !(key in auditTargets));
}

/**
 * One audit row a service writes itself, in its own transaction, beside or instead of its
 * request's (a driver's delivery, a stale draft swept, a short-stock reason).
 */
export const writeAudit = (db: DbOrTx, row: q.AuditInsert): Promise<void> => q.insertAudit(db, row);

/**
 * Audit rows a service writes itself, for changes made without a request of their own (an order
 * a bank statement marks paid, domain.md §2.12), a thousand at a time.
 */
export async function writeAuditRows(db: DbOrTx, rows: q.AuditInsert[]): Promise<void> {
  for (let from = 0; from < rows.length; from += 1000)
    await q.insertAuditRows(db, rows.slice(from, from + 1000));
}

export async function listAudit(db: Db, query: AuditQuery): Promise<AuditAnswer> {
  const filter = {
    entity: query.entity,
    entityId: query.entity_id,
    userId: query.user_id,
    from: query.from,
    to: query.to,
  };
  const [rows, total] = await Promise.all([
    q.findAudit(db, filter, query.per_page, (query.current_page - 1) * query.per_page),
    q.countAudit(db, filter),
  ]);
  const named = await auditNames(db, rows);
  return {
    total,
    items: rows.map((r, i) => ({
      id: r.id,
      at: r.at.toISOString(),
      user:
        r.userId === null
          ? null
          : {
              id: r.userId,
              name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
              username: r.username ?? '',
            },
      entity: r.entity,
      entity_id: r.entityId,
      ...named[i]!,
      action: r.action,
      method: r.method,
      path: r.path,
      details: (r.details ?? {}) as Record<string, unknown>,
    })),
  };
}
