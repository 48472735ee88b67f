import { once } from 'node:events';
import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { spreadsheetFormats } from '@letokruh/contracts/rules/format';
import type { Currency } from '@letokruh/contracts/rules/money';
import { pragueWallClockMs } from '@letokruh/contracts/rules/prague-day';

type ZipArchive = {
  append(source: string | Readable, data: { name: string }): void;
  pipe(destination: NodeJS.WritableStream): void;
  finalize(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): void;
};
const archiver = createRequire(import.meta.url)('archiver') as (
  format: 'zip',
  options: { zlib: { level: number; chunkSize?: number } },
) => ZipArchive;

/**
 * A streamed XLSX sheet: rows go into the zip as they are added, so an export of a long range
 * never holds the whole workbook in memory. Cells are typed: dates are dates, amounts numbers
 * with a currency format; the header row is bold, frozen and carries the autofilter.
 */

export type CellKind = 'text' | 'integer' | 'amount' | 'money' | 'date' | 'datetime' | 'yesno';

export type Column<Row> = {
  header: string;
  width: number;
  kind: CellKind;
  value: (row: Row) => string | number | boolean | Date | null;
  /** Money columns: the currency of the cell (the row's, or a fixed one). */
  currency?: (row: Row) => Currency;
};

/** The shared formats (contracts rules/format): a cell reads as the same value does on screen. */
export const moneyFormats: Record<Currency, string> = spreadsheetFormats.money;
export const dateFormat = spreadsheetFormats.day;
export const dateTimeFormat = spreadsheetFormats.dateTime;
const amountFormat = spreadsheetFormats.amount;

/** Days since 1899-12-30, the spreadsheet's serial date (dates here are wall clocks in UTC). */
const serialOfTime = (ms: number) => ms / 86_400_000 + 25_569;
const serialDate = (date: Date) => serialOfTime(date.getTime());

/** A Prague day (YYYY-MM-DD) as the date a spreadsheet shows: midnight UTC of that day. */
export const excelDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** An instant as the Prague wall clock in whole minutes: spreadsheets have no time zones (domain.md §3.3 Time). */
export function excelPragueTime(instant: Date): Date {
  return new Date(wholeMinutes(pragueWallClockMs(instant.getTime())));
}

const wholeMinutes = (ms: number) => Math.floor(ms / 60_000) * 60_000;

/**
 * The same two as the spreadsheet's serial numbers, which is what a date cell holds: a column may
 * answer these instead of a Date and its cells are the same, without a Date per cell (the orders
 * sheet writes two for each of a hundred thousand rows).
 */
export const excelDaySerial = (day: string): number => serialOfTime(Date.parse(`${day}T00:00:00Z`));
export const excelPragueTimeSerial = (epochMs: number): number =>
  serialOfTime(wholeMinutes(pragueWallClockMs(epochMs)));

export type SheetWriter<Row> = {
  add(row: Row): void;
  /** Hands the rows added so far to the download and waits while the client is behind. */
  flush(): Promise<void>;
};

export type XlsxLabels = { yes: string; no: string };

/**
 * The cell styles of every sheet, fixed: 0 plain, 1 the bold header, then one per number format.
 * Written once into styles.xml, so a cell names its style by index.
 */
const numberFormats = [
  '0',
  amountFormat,
  moneyFormats.CZK,
  moneyFormats.EUR,
  dateFormat,
  dateTimeFormat,
] as const;
const styleIndex = new Map<string, number>(numberFormats.map((format, i) => [format, i + 2]));

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const needsEscaping = /[&<>"\u0000-\u001F\uFFFE\uFFFF]/;

const escapeXml = (text: string) =>
  !needsEscaping.test(text)
    ? text
    : text
        // Characters XML 1.0 cannot hold at all.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
        .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;');

const columnLetter = (n: number): string => {
  let letters = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26))
    letters = String.fromCharCode(65 + ((i - 1) % 26)) + letters;
  return letters;
};

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function staticParts(sheetName: string, lastColumn: string): [string, string][] {
  const name = escapeXml(sheetName);
  const fmts = numberFormats
    .map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(f)}"/>`)
    .join('');
  const xfs = numberFormats
    .map(
      (_, i) =>
        `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    )
    .join('');
  return [
    [
      '[Content_Types].xml',
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        '</Relationships>',
    ],
    [
      'docProps/core.xml',
      `${xmlHead}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
        `<dc:creator>Letokruh</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${new Date().toISOString().slice(0, 19)}Z</dcterms:created>` +
        '</cp:coreProperties>',
    ],
    [
      'xl/workbook.xml',
      `${xmlHead}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets>` +
        `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'${name.replace(/'/g, "''")}'!$A$1:$${lastColumn}$1</definedName></definedNames>` +
        '</workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '</Relationships>',
    ],
    [
      'xl/styles.xml',
      `${xmlHead}<styleSheet xmlns="${mainNs}"><numFmts count="${numberFormats.length}">${fmts}</numFmts>` +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
        '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        `<cellXfs count="${numberFormats.length + 2}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
        `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${xfs}</cellXfs>` +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    ],
  ];
}

/**
 * Starts writing a one-sheet workbook into the answered stream; `fill` adds the rows (it may
 * await database batches between them). A failure half-way destroys the stream, so the client
 * sees a broken download rather than a truncated file that looks whole.
 *
 * The sheet's XML is written here, row by row into the zip (archiver, the zip writer exceljs itself
 * uses): exceljs' writer built objects for every cell and took seconds of CPU for 100 000 orders
 * (decision 0020; bench/results/2026-11-29-comment-figures.md). Strings are inline,
 * styles a fixed table; the tests read the files back with exceljs.
 */
export function streamSheet<Row>(options: {
  sheetName: string;
  columns: Column<Row>[];
  labels: XlsxLabels;
  fill: (sheet: SheetWriter<Row>) => Promise<void>;
  onError?: (error: unknown) => void;
}): PassThrough {
  const { columns, labels } = options;
  const stream = new PassThrough();
  const letters = columns.map((_, i) => columnLetter(i + 1));
  const lastColumn = letters[letters.length - 1] ?? 'A';
  // Output in 128 KiB pieces, not zlib's 16 KiB: an eighth of the callbacks and socket writes for
  // the megabytes a hundred thousand orders compress to (decision 0071).
  const archive = archiver('zip', { zlib: { level: 3, chunkSize: 128 * 1024 } });
  const sheetXml = new PassThrough();
  archive.on('error', (error: Error) => stream.destroy(error));
  archive.pipe(stream);
  for (const [name, content] of staticParts(options.sheetName, lastColumn)) archive.append(content, { name });
  archive.append(sheetXml, { name: 'xl/worksheets/sheet1.xml' });

  const widths = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  const headerCells = columns
    .map((c, i) => `<c r="${letters[i]}1" s="1" t="inlineStr"><is><t>${escapeXml(c.header)}</t></is></c>`)
    .join('');
  const header =
    `${xmlHead}<worksheet xmlns="${mainNs}" xmlns:r="${relNs}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData><row r="1">${headerCells}</row>`;
  let rowNumber = 1;
  const cells = columns.map((column, i) => cellWriter(column, letters[i]!, labels));
  const chunks = new SheetChunks();
  chunks.write(header);

  const add = (row: Row) => {
    rowNumber += 1;
    const r = String(rowNumber);
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) xml += cells[i]!(row, r);
    chunks.write(`${xml}</row>`);
  };
  const flush = async () => {
    let more = true;
    for (const chunk of chunks.take()) more = sheetXml.write(chunk);
    if (!more) await once(sheetXml, 'drain');
  };

  void (async () => {
    try {
      await options.fill({ add, flush });
      chunks.write(`</sheetData><autoFilter ref="A1:${lastColumn}1"/></worksheet>`);
      await flush();
      sheetXml.end();
      await archive.finalize();
    } catch (error) {
      options.onError?.(error);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return stream;
}

/** A column's cells, one row at a time: `r` is the row's number. Empty and null cells are left out. */
type CellWriter<Row> = (row: Row, r: string) => string;

/**
 * The writer of one column, its constant parts (reference prefix, style, labels) built once: the
 * sheet writes twenty cells for each of a hundred thousand rows (decision 0071). A cell is typed by its
 * value (text inline, booleans, numbers, dates as serial numbers), styled by its column's kind.
 */
function cellWriter<Row>(column: Column<Row>, letter: string, labels: XlsxLabels): CellWriter<Row> {
  const open = `<c r="${letter}`;
  const style = (format: string) => ` s="${styleIndex.get(format)}"`;
  const fixed = styleOfKind(column.kind);
  const fixedStyle = fixed === undefined ? '' : style(fixed);
  const moneyStyles = Object.fromEntries(
    Object.entries(moneyFormats).map(([currency, format]) => [currency, style(format)]),
  ) as Record<Currency, string>;
  const currency = column.currency;
  const money = column.kind === 'money';
  const yesno = column.kind === 'yesno';
  return (row, r) => {
    let value = column.value(row);
    if (value === null) return '';
    if (yesno) value = value ? labels.yes : labels.no;
    if (value === undefined || value === '') return '';
    if (typeof value === 'string') {
      const space = value.trim() === value ? '' : ' xml:space="preserve"';
      return `${open}${r}" t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
    }
    const s = money ? (moneyStyles[currency?.(row) ?? 'CZK'] ?? '') : fixedStyle;
    if (typeof value === 'boolean') return `${open}${r}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
    const number = value instanceof Date ? serialDate(value) : value;
    return Number.isFinite(number) ? `${open}${r}"${s}><v>${number}</v></c>` : '';
  };
}

function styleOfKind(kind: CellKind): string | undefined {
  switch (kind) {
    case 'amount':
      return amountFormat;
    case 'integer':
      return '0';
    case 'date':
      return dateFormat;
    case 'datetime':
      return dateTimeFormat;
    default:
      return undefined;
  }
}

/**
 * The sheet's XML as UTF-8, each row encoded into a large buffer as it is written: a batch's
 * rows joined into one string first cost a second copy of the export's whole text (decision 0071; the rope
 * flattened, then encoded), and a buffer per batch besides.
 */
class SheetChunks {
  private static readonly size = 256 * 1024;
  private buffer = Buffer.allocUnsafe(SheetChunks.size);
  private used = 0;
  private full: Buffer[] = [];

  write(text: string): void {
    // UTF-16 to UTF-8: at most three bytes for each code unit.
    if (this.used + text.length * 3 > this.buffer.length) {
      this.close();
      if (text.length * 3 > SheetChunks.size) {
        this.full.push(Buffer.from(text));
        return;
      }
    }
    this.used += this.buffer.write(text, this.used);
  }

  /** What was written since the last take. */
  take(): Buffer[] {
    this.close();
    const full = this.full;
    this.full = [];
    return full;
  }

  private close(): void {
    if (!this.used) return;
    this.full.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(SheetChunks.size);
    this.used = 0;
  }
}
