import { PassThrough } from 'node:stream';
import type { Currency } from '@letokruh/contracts/rules/money';
import ExcelJS from 'exceljs';

/**
 * A streamed XLSX sheet (exceljs' WorkbookWriter): rows are committed to the zip as they are
 * added, so an export of a long range never holds the whole workbook in memory. Cells are typed:
 * dates are dates, amounts numbers with a currency format; the header row is bold, frozen and
 * carries the autofilter.
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

export const moneyFormats: Record<Currency, string> = {
  CZK: '#,##0.00 "Kč"',
  EUR: '#,##0.00 "€"',
};
export const dateFormat = 'd.m.yyyy';
export const dateTimeFormat = 'd.m.yyyy h:mm';
const amountFormat = '#,##0.00';

/** A Prague day (YYYY-MM-DD) as the date a spreadsheet shows: midnight UTC of that day. */
export const excelDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

const pragueParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the Prague wall clock: spreadsheets have no time zones (DESIGN §3 Time). */
export function excelPragueTime(instant: Date): Date {
  const parts = Object.fromEntries(pragueParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return new Date(Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!));
}

export type SheetWriter<Row> = { add(row: Row): void };

export type XlsxLabels = { yes: string; no: string };

/**
 * Starts writing a one-sheet workbook into the answered stream; `fill` adds the rows (it may
 * await database batches between them). A failure half-way destroys the stream, so the client
 * sees a broken download rather than a truncated file that looks whole.
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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Letokruh';
  const sheet = workbook.addWorksheet(options.sheetName, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  sheet.columns = columns.map((c) => ({ width: c.width }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();

  const add = (row: Row) => {
    const excelRow = sheet.addRow(columns.map((c) => cellValue(c, row, labels)));
    columns.forEach((c, index) => {
      const format = formatOf(c, row);
      if (format) excelRow.getCell(index + 1).numFmt = format;
    });
    excelRow.commit();
  };

  void (async () => {
    try {
      await options.fill({ add });
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      options.onError?.(error);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return stream;
}

function cellValue<Row>(column: Column<Row>, row: Row, labels: XlsxLabels) {
  const value = column.value(row);
  if (value === null) return null;
  if (column.kind === 'yesno') return value ? labels.yes : labels.no;
  return value;
}

function formatOf<Row>(column: Column<Row>, row: Row): string | undefined {
  switch (column.kind) {
    case 'money':
      return moneyFormats[column.currency?.(row) ?? 'CZK'];
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
