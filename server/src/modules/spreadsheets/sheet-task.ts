import type {
  CellProblem,
  ImportField,
  SpreadsheetKind,
  SpreadsheetProblem,
} from '@letokruh/contracts/spreadsheets';
import { readSheet, type Sheet, SheetProblem } from './read-sheet.ts';
import { type CheckedRow, checkRow, fieldsOf, type RowContext } from './row-rules.ts';

/**
 * What the spreadsheet worker thread does (decision 0090): reading a workbook of 10 000 rows and
 * checking every row takes seconds of synchronous work, which would hold the event loop.
 */
export type SheetTask =
  | { op: 'read'; bytes: Uint8Array }
  | {
      op: 'check';
      bytes: Uint8Array;
      kind: SpreadsheetKind;
      mapping: Record<string, number>;
      context: RowContext;
    };

export type ReadResult = Omit<Sheet, 'rows' | 'rowNumbers'> & { rowCount: number };

/** One checked row: the text of each mapped field's cell, its errors, and what it would write. */
export type CheckedSheetRow = CheckedRow & { row: number; cells: Partial<Record<ImportField, string>> };

export type SheetOutcome<T> = { ok: T } | { problem: SpreadsheetProblem };

export async function runSheetTask(task: SheetTask): Promise<SheetOutcome<ReadResult | CheckedSheetRow[]>> {
  let sheet: Sheet;
  try {
    sheet = await readSheet(task.bytes);
  } catch (error) {
    if (error instanceof SheetProblem) return { problem: error.problem };
    throw error;
  }
  if (task.op === 'read') {
    const { rows, rowNumbers, ...rest } = sheet;
    return { ok: { ...rest, rowCount: rows.length } };
  }
  const fields = fieldsOf(task.kind).filter((f) => task.mapping[f] !== undefined);
  return {
    ok: sheet.rows.map((cells, index) => {
      const checked = checkRow(task.kind, cells, task.mapping, task.context);
      const shown: Partial<Record<ImportField, string>> = {};
      for (const f of fields) shown[f] = cells[task.mapping[f]!] ?? '';
      return { ...checked, row: sheet.rowNumbers[index]!, cells: shown };
    }),
  };
}

export type { CellProblem };
