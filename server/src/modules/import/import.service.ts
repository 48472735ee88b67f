import { listTotalCap } from '@letokruh/contracts/common';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../plugins/storage.ts';
import {
  adtypesStep,
  customersStep,
  permissionsStep,
  productsStep,
  stockStep,
  suppliersStep,
  usersStep,
  warehousesStep,
} from './base-steps.ts';
import { filesStep } from './file-steps.ts';
import * as q from './import.queries.ts';
import {
  type Checked,
  type Counts,
  type ImportEntity,
  type Problem,
  refused,
  type Step,
  type Written,
} from './import-step.ts';
import { closuresStep, transportationsStep, transportDataStep, vacationsStep } from './more-steps.ts';
import { type OldSystem, ReadFailure } from './old-system.ts';
import { ordersStep } from './order-steps.ts';
import { inParallel, readAhead } from './read-pages.ts';

/**
 * Moving in from the old system through its API
 * (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md,
 * docs/decisions/0089-moving-in-orders-files-and-the-rest.md). Each entity is read page by page
 * (the next page read while this one is written); every record is checked with the contracts'
 * schemas; a page's records are written in one transaction together with their old ids
 * (`import_ids`). A record whose fingerprint equals the last written one is not written again.
 */
export { type Counts, type ImportEntity, importEntities, type Problem } from './import-step.ts';

export type Progress = (entity: ImportEntity, counts: Counts, elapsedMs: number) => void;

export type ImportOptions = {
  only?: ImportEntity[];
  dryRun?: boolean;
  /** Records per page read and per transaction written (the API's page sizes: 10 … 1000). */
  pageSize?: 10 | 20 | 50 | 100 | 1000;
  /** The old system's list row cap (domain.md §1.7 paging). */
  listCap?: number;
  /** Where the files brought over are stored; without it files are not brought. */
  storage?: Storage;
  progress?: Progress;
};

export type ImportResult = { counts: Record<string, Counts>; problems: Problem[]; dryRun: boolean };

class DryRunRollback extends Error {}

/** Records checked at once: the checks of warehouses, products and files read the old system. */
const checkConcurrency = 4;

/** A store that keeps nothing: a dry run reads and checks files, and writes no bytes. */
const dryStorage = (storage: Storage): Storage => ({
  ...storage,
  put: async (prefix, _data, extension) => `${prefix}/dry-run.${extension}`,
  remove: async () => undefined,
});

function stepsFor(options: ImportOptions): Step[] {
  const storage = options.storage && (options.dryRun ? dryStorage(options.storage) : options.storage);
  return [
    usersStep,
    permissionsStep,
    warehousesStep,
    suppliersStep,
    adtypesStep,
    customersStep,
    productsStep,
    stockStep,
    ordersStep,
    closuresStep,
    vacationsStep,
    transportDataStep,
    transportationsStep,
    ...(storage ? [filesStep(storage)] : []),
  ];
}

export async function importFromOldSystem(
  db: Db,
  old: OldSystem,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const result: ImportResult = { counts: {}, problems: [], dryRun: Boolean(options.dryRun) };
  const run = async (target: Db) => {
    for (const step of stepsFor(options)) {
      if (options.only && !options.only.includes(step.entity)) continue;
      await runStep(target, old, step, options, result);
    }
  };
  if (!options.dryRun) {
    await run(db);
    return result;
  }
  // A dry run writes the way a real one would, inside one transaction that is then rolled back:
  // its counts are the real run's, and later entities find the earlier ones' ids.
  await db
    .transaction(async (tx) => {
      await run(tx as unknown as Db);
      throw new DryRunRollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof DryRunRollback)) throw error;
    });
  return result;
}

async function runStep(db: Db, old: OldSystem, step: Step, options: ImportOptions, result: ImportResult) {
  const counts: Counts = { total: 0, read: 0, added: 0, updated: 0, unchanged: 0, refused: 0 };
  result.counts[step.entity] = counts;
  const started = Date.now();
  const problem = (oldId: string | null, reason: string) => {
    counts.refused++;
    result.problems.push({ entity: step.entity, old_id: oldId, reason });
  };
  const read = { pageSize: options.pageSize ?? 100, listCap: options.listCap ?? listTotalCap };
  for await (const page of readAhead(step.pages(old, read, db), 2)) {
    if (page instanceof ReadFailure) {
      result.problems.push({ entity: step.entity, old_id: null, reason: `page not read: ${page.message}` });
      continue;
    }
    counts.total = Math.max(counts.total, page.total);
    const failed = (raw: unknown, error: unknown) =>
      refused(raw, error instanceof Error ? error.message : String(error));
    let context: unknown;
    let checked: Checked[];
    try {
      context = await step.prepare?.(page.items, db, old);
      checked = await inParallel(page.items, checkConcurrency, (raw) =>
        step.check(raw, db, old, context).catch((error: unknown) => failed(raw, error)),
      );
    } catch (error) {
      checked = page.items.map((raw) => failed(raw, error));
    }
    counts.read += page.covered ?? page.items.length;
    const writable = checked.filter((c): c is Written => 'write' in c);
    for (const c of checked) if ('problem' in c) problem(c.oldId, c.problem);
    const known = await q.findMappings(
      db,
      step.entity,
      writable.map((w) => w.oldId),
    );
    const toWrite = writable.filter((w) => known.get(w.oldId)?.fingerprint !== w.fingerprint);
    counts.unchanged += writable.length - toWrite.length;
    if (toWrite.length) await writePage(db, step, toWrite, known, counts, problem);
    options.progress?.(step.entity, counts, Date.now() - started);
  }
  await step.finish?.(db);
  if (counts.read === 0) options.progress?.(step.entity, counts, Date.now() - started);
}

/**
 * One page, one transaction: a run killed here leaves none of it, and the next run writes it. The
 * page is first written straight (in a few statements when the step can); only when the database
 * refuses a record is it written again record by record, each in a savepoint, so that the refused
 * one is reported and the rest stays.
 */
async function writePage(
  db: Db,
  step: Step,
  records: Written[],
  known: Map<string, q.Mapping>,
  counts: Counts,
  problem: (oldId: string, reason: string) => void,
) {
  const existing = (record: Written) => known.get(record.oldId)?.newId;
  const mapping = (record: Written, newId: number) => ({
    oldId: record.oldId,
    newId,
    fingerprint: record.fingerprint,
  });
  const count = (record: Written) => {
    if (known.has(record.oldId)) counts.updated++;
    else counts.added++;
  };
  const straight = async () => {
    await db.transaction(async (tx) => {
      let ids: number[];
      if (step.writeMany) {
        ids = await step.writeMany(
          tx,
          records.map((record) => ({ record, existing: existing(record) })),
        );
      } else {
        ids = [];
        for (const record of records) ids.push(await record.write(tx, existing(record)));
      }
      await q.saveMappings(
        tx,
        step.entity,
        records.map((record, i) => mapping(record, ids[i]!)),
      );
    });
    records.forEach(count);
  };
  if (!step.alone) {
    try {
      return await straight();
    } catch {
      // Written again below, one savepoint a record.
    }
  }
  await db.transaction(async (tx) => {
    for (const record of records) {
      try {
        await tx.transaction(async (savepoint: DbOrTx) => {
          const id = await record.write(savepoint, existing(record));
          await q.saveMappings(savepoint, step.entity, [mapping(record, id)]);
        });
        count(record);
      } catch (error) {
        problem(record.oldId, `not written: ${databaseReason(error)}`);
      }
    }
  });
}

function databaseReason(error: unknown): string {
  const cause = (error as { cause?: { message?: string; detail?: string } })?.cause;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return cause?.detail ? `${message} (${cause.detail})` : message.split('\n')[0]!;
}
