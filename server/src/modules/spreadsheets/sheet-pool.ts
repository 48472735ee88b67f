import { ErrorCode } from '@letokruh/contracts/errors';
import { AppError } from '../../plugins/errors.ts';
import { lazyWorkerPool } from '../../worker-pool.ts';
import type { ReadResult, RowsResult, Scan, SheetOutcome, SheetTask, ValuesResult } from './sheet-task.ts';

/**
 * Spreadsheets are read and checked in one worker thread (decision 0090): exceljs and the row
 * checks are synchronous, and a large file takes seconds. The thread may use 512 MB: a workbook that
 * unpacks to more (a zip bomb) ends the thread, not the server, and is refused as too large.
 */
export type SheetSource = Omit<Extract<SheetTask, { op: 'scan' }>, 'op'>;
export type SheetPool = {
  read(bytes: Uint8Array): Promise<ReadResult>;
  scan(source: SheetSource): Promise<Scan>;
  rows(source: SheetSource, indexes: number[]): Promise<RowsResult>;
  values(source: SheetSource, indexes: number[], perStatement: number): Promise<ValuesResult>;
  /** Starts the thread (it ends after a minute idle), so that the first file does not wait for it. */
  warm(): Promise<void>;
  close(): Promise<void>;
};

/** 400 / spreadsheetInvalid naming what is wrong with the file (contracts `spreadsheetProblems`). */
export const sheetProblem = (problem: string) =>
  new AppError(400, ErrorCode.spreadsheetInvalid, `The file cannot be read: ${problem}`, ['file'], {
    problem,
  });

export function createSheetPool(): SheetPool {
  const pool = lazyWorkerPool({
    filename: new URL('./sheet-worker.mjs', import.meta.url),
    name: 'Spreadsheet',
    minThreads: 0,
    maxThreads: 1,
    maxQueue: 8,
    resourceLimits: { maxOldGenerationSizeMb: 512 },
    busy: 'Too many spreadsheets being read: try again shortly',
  });
  async function run<T>(task: SheetTask): Promise<T> {
    let outcome: SheetOutcome<T>;
    try {
      outcome = await pool.run<SheetOutcome<T>>(task);
    } catch (error) {
      if ((error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw sheetProblem('too_large_unpacked');
      }
      throw error;
    }
    if ('problem' in outcome) throw sheetProblem(outcome.problem);
    return outcome.ok;
  }
  return {
    read: (bytes) => run<ReadResult>({ op: 'read', bytes }),
    scan: (source) => run<Scan>({ op: 'scan', ...source }),
    rows: (source, indexes) => run<RowsResult>({ op: 'rows', ...source, indexes }),
    values: (source, indexes, perStatement) =>
      run<ValuesResult>({ op: 'values', ...source, indexes, perStatement }),
    warm: () =>
      pool.run({ op: 'read', bytes: new Uint8Array(0) }).then(
        () => undefined,
        () => undefined,
      ),
    close: () => pool.close(),
  };
}
