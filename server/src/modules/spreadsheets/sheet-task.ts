import type {
  ImportField,
  ImportMatchRule,
  SpreadsheetKind,
  SpreadsheetProblem,
} from '@letokruh/contracts/spreadsheets';
import { readSheet, type Sheet, SheetProblem } from './read-sheet.ts';
import { type CheckedRow, checkRow, describeRow, fieldsOf, type RowContext } from './row-rules.ts';

/**
 * What the spreadsheet worker thread does (decision 0090). Reading a workbook of 10 000 rows and
 * checking every row is seconds of synchronous work, and handing 10 000 checked rows back as
 * objects would make the event loop copy them all in. So the thread keeps the checked sheet and
 * answers only what the event loop needs at once: a compact scan (the keys duplicates are looked
 * up by, as one string per rule), the rows of one page, or the values to write as JSON text, one
 * string a statement, which the database reads itself.
 */
type Source = {
  /** The upload's id: with the mapping and the context, what the kept sheet is known by. */
  id: number;
  bytes: Uint8Array;
  kind: SpreadsheetKind;
  mapping: Record<string, number>;
  context: RowContext;
};

export type SheetTask =
  | { op: 'read'; bytes: Uint8Array }
  | ({ op: 'scan' } & Source)
  | ({ op: 'rows'; indexes: number[] } & Source)
  | ({ op: 'values'; indexes: number[]; perStatement: number } & Source);

export type ReadResult = Omit<Sheet, 'rows' | 'rowNumbers'> & { rowCount: number };

/**
 * Separates the keys of the rows in a scan's strings, which the database splits (chr(31)): no
 * cell holds a control character (read-sheet.ts).
 */
export const keySeparator = '\u001f';

export type Scan = {
  rowCount: number;
  /** Each row's number in the spreadsheet. */
  rowNumbers: number[];
  /** Rows with an error (never imported), by index. */
  invalid: number[];
  /**
   * Per rule, each row's key ('' for none or an invalid row) joined by `keySeparator`: IČO, phone
   * key, e-mail of customers; the name of products, whose length is in `lengths` likewise.
   */
  keys: Partial<Record<ImportMatchRule, string>>;
  lengths: string;
  /** [row index, earlier row index with the same key, rule], flat. */
  fileMatches: [number, number, ImportMatchRule][];
};

export type ShownRow = {
  index: number;
  row: number;
  cells: Partial<Record<ImportField, string>>;
  errors: CheckedRow['errors'];
};

export type RowsResult = { rows: ShownRow[]; described: Record<number, { name: string; detail: string }> };

/** The values of the chosen rows as JSON arrays of `perStatement` rows, and their spreadsheet rows. */
export type ValuesResult = { chunks: string[]; rowNumbers: number[] };

export type SheetOutcome<T> = { ok: T } | { problem: SpreadsheetProblem };

type Checked = { sheet: Sheet; checked: CheckedRow[] };
/** The last sheet checked: the preview's pages and the import ask for the same one again. */
let kept: { key: string; value: Checked } | undefined;

async function checked(source: Source): Promise<Checked> {
  const key = JSON.stringify([source.id, source.kind, source.mapping, source.context, source.bytes.length]);
  if (kept?.key === key) return kept.value;
  kept = undefined;
  const sheet = await readSheet(source.bytes);
  const value = {
    sheet,
    checked: sheet.rows.map((cells) => checkRow(source.kind, cells, source.mapping, source.context)),
  };
  kept = { key, value };
  return value;
}

function scan(kind: SpreadsheetKind, { sheet, checked: rows }: Checked): Scan {
  const rules: ImportMatchRule[] =
    kind === 'customers' ? ['organization_id', 'phone', 'email'] : ['name_length'];
  const fileMatches: Scan['fileMatches'] = [];
  const seen = new Map<string, number>();
  rows.forEach((r, index) => {
    if (!r.values) return;
    for (const rule of rules) {
      const key = r.keys[rule];
      if (!key) continue;
      const earlier = seen.get(`${rule}:${key}`);
      if (earlier === undefined) seen.set(`${rule}:${key}`, index);
      else fileMatches.push([index, earlier, rule]);
    }
  });
  const column = (pick: (r: CheckedRow) => string | undefined) =>
    rows.map((r) => (r.values ? (pick(r) ?? '') : '')).join(keySeparator);
  const keys: Scan['keys'] =
    kind === 'customers'
      ? {
          organization_id: column((r) => r.keys.organization_id),
          phone: column((r) => r.keys.phone),
          email: column((r) => r.keys.email),
        }
      : { name_length: column((r) => (r.values as { name: string }).name) };
  return {
    rowCount: rows.length,
    rowNumbers: sheet.rowNumbers,
    invalid: rows.flatMap((r, i) => (r.values ? [] : [i])),
    keys,
    lengths: kind === 'products' ? column((r) => String((r.values as { length: number }).length)) : '',
    fileMatches,
  };
}

function shownRows(source: Source, { sheet, checked: rows }: Checked, indexes: number[]): RowsResult {
  const fields = fieldsOf(source.kind).filter((f) => source.mapping[f] !== undefined);
  const shown = indexes
    .filter((i) => i >= 0 && i < rows.length)
    .map((index) => {
      const cells: Partial<Record<ImportField, string>> = {};
      for (const f of fields) cells[f] = sheet.rows[index]![source.mapping[f]!] ?? '';
      return { index, row: sheet.rowNumbers[index]!, cells, errors: rows[index]!.errors };
    });
  // The earlier rows these rows repeat, as a match names them.
  const described: RowsResult['described'] = {};
  const wanted = new Set(
    scan(source.kind, { sheet, checked: rows })
      .fileMatches.filter(([i]) => indexes.includes(i))
      .map(([, e]) => e),
  );
  for (const e of wanted) described[e] = describeRow(source.kind, rows[e]!);
  return { rows: shown, described };
}

function values({ sheet, checked: rows }: Checked, indexes: number[], perStatement: number): ValuesResult {
  const chosen = indexes.filter((i) => rows[i]?.values);
  const chunks: string[] = [];
  for (let from = 0; from < chosen.length; from += perStatement) {
    chunks.push(JSON.stringify(chosen.slice(from, from + perStatement).map((i) => rows[i]!.values)));
  }
  return { chunks, rowNumbers: chosen.map((i) => sheet.rowNumbers[i]!) };
}

export async function runSheetTask(task: SheetTask): Promise<SheetOutcome<unknown>> {
  try {
    if (task.op === 'read') {
      const { rows, rowNumbers, ...rest } = await readSheet(task.bytes);
      return { ok: { ...rest, rowCount: rows.length } satisfies ReadResult };
    }
    const sheet = await checked(task);
    if (task.op === 'scan') return { ok: scan(task.kind, sheet) };
    if (task.op === 'rows') return { ok: shownRows(task, sheet, task.indexes) };
    return { ok: values(sheet, task.indexes, task.perStatement) };
  } catch (error) {
    if (error instanceof SheetProblem) return { problem: error.problem };
    throw error;
  }
}
