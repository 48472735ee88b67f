import { type SpreadsheetProblem, spreadsheetLimits } from '@letokruh/contracts/spreadsheets';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/**
 * An uploaded spreadsheet read into text cells (domain.md §2.14, decision 0090): the first visible
 * sheet of an XLSX workbook, or a CSV as Excel writes it (UTF-8 with or without its mark,
 * Windows-1250, UTF-16 with its mark; semicolons, commas or tabs; quoted fields). What cannot be
 * read throws `SheetProblem`, which the route answers 400 / spreadsheetInvalid.
 */
export type Sheet = {
  format: 'xlsx' | 'csv';
  encoding: 'utf-8' | 'windows-1250' | 'utf-16' | null;
  delimiter: ';' | ',' | '\t' | null;
  headers: string[];
  /** Each row's number in the spreadsheet (the header is row 1, or where the header is). */
  rowNumbers: number[];
  rows: string[][];
};

export class SheetProblem extends Error {
  constructor(readonly problem: SpreadsheetProblem) {
    super(problem);
  }
}

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const zip = [0x50, 0x4b, 0x03, 0x04];
const ole2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** PDF, PNG, JPEG, GIF, gzip, 7z, RAR: common things picked by mistake. */
const otherFormats = [
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x1f, 0x8b],
  [0x37, 0x7a, 0xbc, 0xaf],
  [0x52, 0x61, 0x72, 0x21],
];

export async function readSheet(bytes: Uint8Array): Promise<Sheet> {
  if (bytes.length === 0) throw new SheetProblem('empty');
  if (startsWith(bytes, zip)) return readWorkbook(bytes);
  if (startsWith(bytes, ole2)) throw new SheetProblem('xls');
  if (otherFormats.some((magic) => startsWith(bytes, magic))) throw new SheetProblem('not_spreadsheet');
  return readCsv(bytes);
}

/** A cell of a workbook as the text a user sees in it. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    // Excel keeps doubles: a computed 14.883000000000001 is shown (and meant) as 14.883.
    return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : '';
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('error' in value) return String(value.error);
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return '';
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  return '';
}

async function readWorkbook(bytes: Uint8Array): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw new SheetProblem('damaged');
  }
  const sheet = workbook.worksheets.find((s) => s.state === 'visible') ?? workbook.worksheets[0];
  if (!sheet) throw new SheetProblem('not_spreadsheet');
  const numbered: { number: number; cells: string[] }[] = [];
  let tooWide = false;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    if (values.length - 1 > spreadsheetLimits.columns) tooWide = true;
    const cells: string[] = [];
    for (let i = 1; i < Math.min(values.length, spreadsheetLimits.columns + 1); i++) {
      cells.push(cellText(values[i] ?? null).slice(0, spreadsheetLimits.cellLength + 1));
    }
    numbered.push({ number, cells });
  });
  if (tooWide) throw new SheetProblem('too_many_columns');
  return table(numbered, { format: 'xlsx', encoding: null, delimiter: null });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1250 = new TextDecoder('windows-1250');

/** The text of a CSV and its encoding: by its byte-order mark, else UTF-8 when valid, else Windows-1250. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: Sheet['encoding'] } {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    try {
      return { text: utf8.decode(bytes.subarray(3)), encoding: 'utf-8' };
    } catch {
      throw new SheetProblem('encoding');
    }
  }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    const label = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
    try {
      return { text: new TextDecoder(label, { fatal: true }).decode(bytes.subarray(2)), encoding: 'utf-16' };
    } catch {
      throw new SheetProblem('encoding');
    }
  }
  const sample = bytes.subarray(0, 4096);
  const nuls = sample.reduce((n, b) => n + (b === 0 ? 1 : 0), 0);
  // UTF-16 without its mark has a NUL beside nearly every Latin letter; other NULs mean a binary file.
  if (nuls > 0) throw new SheetProblem(nuls * 3 > sample.length ? 'encoding' : 'not_spreadsheet');
  try {
    return { text: utf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: cp1250.decode(bytes), encoding: 'windows-1250' };
  }
}

/**
 * The separator of a CSV: Excel's `sep=` line when there is one, else the one of `;`, `,` and tab
 * that the header line (outside quotes) holds most of; a tie goes to `;`, Czech Excel's.
 */
export function findDelimiter(text: string): { delimiter: ';' | ',' | '\t'; skip: number } {
  const sep = /^sep=([;,\t])\r?\n/.exec(text);
  if (sep) return { delimiter: sep[1] as ';' | ',' | '\t', skip: sep[0].length };
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text.slice(0, 10_000)) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  const best = (Object.keys(counts) as (keyof typeof counts)[]).reduce((a, b) =>
    counts[b] > counts[a] ? b : a,
  );
  return { delimiter: counts[best] > 0 ? best : ';', skip: 0 };
}

function readCsv(bytes: Uint8Array): Sheet {
  const { text, encoding } = decodeText(bytes);
  // Control characters besides tab and line ends: C1 ones are the bytes Windows-1250 leaves
  // undefined (another encoding); C0 ones a binary file.
  if (/[\u0080-\u009f]/.test(text)) throw new SheetProblem('encoding');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) throw new SheetProblem('not_spreadsheet');
  const { delimiter, skip } = findDelimiter(text);
  let records: string[][];
  try {
    records = parse(text.slice(skip), {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      // The limits hold while parsing: a file of a million lines stops at the first row too many.
      to_line: spreadsheetLimits.rows * 4 + 2,
    }) as string[][];
  } catch {
    throw new SheetProblem('damaged');
  }
  const numbered: { number: number; cells: string[] }[] = [];
  records.forEach((cells, index) => {
    if (cells.length > spreadsheetLimits.columns) throw new SheetProblem('too_many_columns');
    if (cells.every((c) => c.trim() === '')) return;
    numbered.push({
      number: index + 1,
      cells: cells.map((c) => c.slice(0, spreadsheetLimits.cellLength + 1)),
    });
  });
  return table(numbered, { format: 'csv', encoding, delimiter });
}

/** The first non-empty row is the header; each row is padded to the header's width. */
function table(
  numbered: { number: number; cells: string[] }[],
  what: Pick<Sheet, 'format' | 'encoding' | 'delimiter'>,
): Sheet {
  const [head, ...body] = numbered;
  if (!head || body.length === 0) throw new SheetProblem('empty');
  if (body.length > spreadsheetLimits.rows) throw new SheetProblem('too_many_rows');
  let width = head.cells.length;
  for (const r of body) width = Math.max(width, r.cells.length);
  const headers = Array.from({ length: width }, (_, i) => (head.cells[i] ?? '').trim());
  return {
    ...what,
    headers,
    rowNumbers: body.map((r) => r.number),
    rows: body.map((r) => Array.from({ length: width }, (_, i) => r.cells[i] ?? '')),
  };
}
