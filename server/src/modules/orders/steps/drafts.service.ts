import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { files, orders } from '../../../db/schema/index.ts';
import { draftConflict, notFound } from '../../../plugins/errors.ts';
import type { Storage } from '../../../plugins/storage.ts';
import { writeAudit } from '../../audit/audit.service.ts';
import * as q from '../orders.queries.ts';

/**
 * Drafts (decision 0030): an order whose intern step was never saved. The user discards one of theirs;
 * the ones nobody touched for 7 days go by themselves.
 */

export const draftLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** How often stale drafts are swept (a periodic job, plugins/jobs.ts: once for all processes). */
export const draftSweepEveryMs = 60 * 60 * 1000;
/** The sweep's transaction-level advisory lock: one process sweeps at a time, the others skip. */
const sweepLockKey = 1_401_402;
/** Drafts deleted in one transaction; the rest wait for the next sweep. */
const sweepBatch = 500;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Deletes the orders with their lines (the foreign key cascades) and their file rows, returning
 * the files' storage keys: the bytes go after the commit, so a failure leaves an orphan blob, never
 * a row without its bytes (as `removeFile` does). A draft moves no stock (it cannot be done).
 */
async function deleteOrders(tx: Tx, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const removed = await tx
    .delete(files)
    .where(and(eq(files.ownerType, 'order'), inArray(files.ownerId, ids)))
    .returning({ key: files.storageKey });
  await tx.delete(orders).where(inArray(orders.id, ids));
  return removed.map((r) => r.key);
}

async function removeBytes(storage: Storage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.remove(key).catch(() => undefined);
}

/** DELETE /order/{id}/discard: a draft goes with its lines and files; an order answers 409 / 143. */
export async function discardDraft(db: Db, storage: Storage, id: number) {
  const { internId, keys } = await db.transaction(async (tx) => {
    const order = await q.findOrder(tx, id, { lock: true });
    if (!order) throw notFound('Order not found');
    if (!q.isDraft(order)) throw draftConflict(false, 'Only a draft can be discarded');
    return { internId: order.internId, keys: await deleteOrders(tx, [id]) };
  });
  await removeBytes(storage, keys);
  return { id, intern_id: internId };
}

/**
 * Deletes the drafts untouched for 7 days, each with an audit row. Safe with several server
 * processes: the sweep holds a transaction-level advisory lock, so a second process finding it
 * held skips this round (null); a draft being saved at this moment (row locked) is skipped too, and
 * its save touches it. Answers how many drafts went.
 */
export async function sweepStaleDrafts(db: Db, storage: Storage, now = new Date()): Promise<number | null> {
  const swept = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${sweepLockKey}) as locked`),
    );
    if (!lock?.locked) return null;
    const stale = await tx
      .select({ id: orders.id, internId: orders.internId })
      .from(orders)
      .where(
        and(
          isNotNull(orders.draftTouchedAt),
          lt(orders.draftTouchedAt, new Date(now.getTime() - draftLifetimeMs)),
        ),
      )
      .orderBy(asc(orders.draftTouchedAt))
      .limit(sweepBatch)
      .for('update', { skipLocked: true });
    for (const draft of stale) {
      await writeAudit(tx, {
        userId: null,
        entity: 'order',
        entityId: draft.id,
        action: 'draft_expired',
        method: 'JOB',
        path: 'drafts',
        details: { intern_id: draft.internId },
      });
    }
    return {
      count: stale.length,
      keys: await deleteOrders(
        tx,
        stale.map((d) => d.id),
      ),
    };
  });
  if (!swept) return null;
  // The drafts filter's cached totals are per orders' version (answer-versions.ts), drawn once the
  // deletion is committed, as after a write of the API: drawn inside, a total counted before the
  // commit could be kept under the new version.
  if (swept.count) await db.execute(sql`select nextval('orders_version')`);
  await removeBytes(storage, swept.keys);
  return swept.count;
}
