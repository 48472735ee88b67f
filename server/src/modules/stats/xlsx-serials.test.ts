import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  type Column,
  dateTimeFormat,
  excelDay,
  excelDaySerial,
  excelPragueTime,
  excelPragueTimeSerial,
  streamSheet,
} from './xlsx.ts';

/**
 * Decision 0071: date columns may answer serial numbers instead of Dates, and rows are encoded
 * into buffers as they are added; the cells read back must be the same either way.
 */

async function read<Row>(columns: Column<Row>[], rows: Row[], flushEvery = rows.length) {
  const stream = streamSheet<Row>({
    sheetName: 'S',
    columns,
    labels: { yes: 'ano', no: 'ne' },
    fill: async (sheet) => {
      for (const [i, row] of rows.entries()) {
        sheet.add(row);
        if ((i + 1) % flushEvery === 0) await sheet.flush();
      }
    },
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await buffer(stream)) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('serial dates and encoded rows', () => {
  it('a serial number makes the same date cell as the Date it stands for', async () => {
    // Summer, winter, both autumn 02:xx hours, and an instant with a fraction of a millisecond.
    const instants = [
      Date.parse('2026-07-01T10:15:30Z'),
      Date.parse('2026-01-15T23:30:00Z'),
      Date.parse('2026-10-25T00:59:59.999Z'),
      Date.parse('2026-10-25T01:00:00Z'),
      Date.parse('2026-03-29T00:59:00Z') + 0.456,
    ];
    type Row = { ms: number; day: string };
    const rows = instants.map((ms) => ({ ms, day: new Date(ms).toISOString().slice(0, 10) }));
    const sheet = await read<Row>(
      [
        { header: 'date', width: 10, kind: 'datetime', value: (r) => excelPragueTime(new Date(r.ms)) },
        { header: 'serial', width: 10, kind: 'datetime', value: (r) => excelPragueTimeSerial(r.ms) },
        { header: 'day', width: 10, kind: 'date', value: (r) => excelDay(r.day) },
        { header: 'day serial', width: 10, kind: 'date', value: (r) => excelDaySerial(r.day) },
      ],
      rows,
    );
    rows.forEach((row, i) => {
      const cells = sheet.getRow(i + 2);
      expect(cells.getCell(2).value).toEqual(cells.getCell(1).value);
      expect(cells.getCell(2).value).toEqual(excelPragueTime(new Date(row.ms)));
      expect(cells.getCell(2).numFmt).toBe(dateTimeFormat);
      expect(cells.getCell(4).value).toEqual(cells.getCell(3).value);
      expect(cells.getCell(4).numFmt).toBe(cells.getCell(3).numFmt);
    });
  });

  it('keeps every character of long rows across the buffers, flushed or not', async () => {
    type Row = { n: number; text: string };
    const long = 'Řeřicha & <ž> '.repeat(20_000); // one row larger than a buffer
    const rows: Row[] = Array.from({ length: 3000 }, (_, n) => ({
      n,
      text:
        n === 1500
          ? long
          : n % 5 === 0
            ? 'ř'.repeat(1000 + (n % 500)) // two bytes a character: rows that end near a buffer's end
            : `Příliš žluťoučký kůň ${n} ${'ú'.repeat(n % 97)}`,
    }));
    const columns: Column<Row>[] = [
      { header: 'n', width: 8, kind: 'integer', value: (r) => r.n },
      { header: 'text', width: 30, kind: 'text', value: (r) => r.text },
    ];
    for (const flushEvery of [rows.length, 7]) {
      const sheet = await read(columns, rows, flushEvery);
      expect(sheet.rowCount).toBe(rows.length + 1);
      rows.forEach((row, i) => {
        expect(sheet.getRow(i + 2).getCell(1).value).toBe(row.n);
        expect(sheet.getRow(i + 2).getCell(2).value).toBe(row.text);
      });
    }
  });
});
