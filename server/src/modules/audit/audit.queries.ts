import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCount } from '../../db/paging.ts';
import { pragueMidnight } from '../../db/prague.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export type AuditInsert = typeof auditLog.$inferInsert;

export async function insertAudit(db: DbOrTx, row: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** Many rows as one JSON parameter: thousands of rows cost one statement, not thousands of parameters. */
export async function insertAuditRows(db: DbOrTx, rows: AuditInsert[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      u: r.userId ?? null,
      e: r.entity,
      i: r.entityId ?? null,
      a: r.action,
      m: r.method,
      p: r.path,
      d: r.details,
    })),
  );
  await db.execute(sql`
    insert into audit_log (user_id, entity, entity_id, action, method, path, details)
    select u, e, i, a, m, p, d
    from jsonb_to_recordset(${json}::jsonb) as x(u int, e text, i int, a text, m text, p text, d jsonb)`);
}

export type AuditFilter = {
  entity?: string;
  entityId?: number;
  userId?: number;
  from?: string;
  to?: string;
};

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.userId ? eq(auditLog.userId, f.userId) : undefined,
    f.from ? gte(auditLog.at, pragueMidnight(f.from)) : undefined,
    f.to ? lt(auditLog.at, pragueMidnight(f.to, 1)) : undefined,
  );
}

/** Newest first; bounded OFFSET (per_page ≤ 1000) over the (at, id) or (entity, entity_id, id) index. */
export async function findAudit(db: DbOrTx, f: AuditFilter, limit: number, offset: number) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      userId: auditLog.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      method: auditLog.method,
      path: auditLog.path,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where(f))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

/** Counts at most listTotalCap + 1 rows: a huge log is "10 000+", never a full scan. */
export const countAudit = (db: DbOrTx, f: AuditFilter) =>
  cappedCount(db, db.select({ one: auditLog.id }).from(auditLog).where(where(f)).$dynamic());
