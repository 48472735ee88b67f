import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Column, dateFormat, excelDay, excelPragueTime, moneyFormats, streamSheet } from './xlsx.ts';

type Row = { name: string | null; amount: number; day: string; paid: boolean };

const columns: Column<Row>[] = [
  { header: 'Jméno & <firma>', width: 20, kind: 'text', value: (r) => r.name },
  { header: 'Částka', width: 12, kind: 'money', currency: () => 'EUR', value: (r) => r.amount },
  { header: 'Den', width: 12, kind: 'date', value: (r) => excelDay(r.day) },
  { header: 'Zaplaceno', width: 8, kind: 'yesno', value: (r) => r.paid },
];

async function write(rows: Row[], failAfter?: number) {
  const stream = streamSheet<Row>({
    sheetName: "Objednávky 'A' & B",
    columns,
    labels: { yes: 'ano', no: 'ne' },
    fill: async (sheet) => {
      rows.forEach((row, i) => {
        if (i === failAfter) throw new Error('database gone');
        sheet.add(row);
      });
      await sheet.flush();
    },
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await buffer(stream)) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('the XLSX sheet writer', () => {
  it('writes text as it is (XML characters, Czech letters, spaces), typed numbers and dates', async () => {
    const sheet = await write([
      { name: ' Novák & syn <s.r.o.> "Dřevo"\u0007', amount: 1234.5, day: '2026-03-01', paid: true },
      { name: null, amount: -0.01, day: '2026-12-31', paid: false },
    ]);
    expect(sheet.name).toBe("Objednávky 'A' & B");
    expect(sheet.getRow(1).getCell(1).value).toBe('Jméno & <firma>');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:D1');
    expect(sheet.getColumn(1).width).toBe(20);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(' Novák & syn <s.r.o.> "Dřevo"');
    expect(first.getCell(2).value).toBe(1234.5);
    expect(first.getCell(2).numFmt).toBe(moneyFormats.EUR);
    expect(first.getCell(3).value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(first.getCell(3).numFmt).toBe(dateFormat);
    expect(first.getCell(4).value).toBe('ano');

    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBeNull();
    expect(second.getCell(2).value).toBe(-0.01);
    expect(second.getCell(3).value).toEqual(new Date('2026-12-31T00:00:00Z'));
    expect(second.getCell(4).value).toBe('ne');
    expect(sheet.rowCount).toBe(3);
  });

  it('breaks the download when filling fails half-way, rather than ending a file that looks whole', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      name: `n${i}`,
      amount: i,
      day: '2026-01-01',
      paid: true,
    }));
    await expect(write(rows, 3)).rejects.toThrow();
  });

  it('shows instants on the Prague wall clock, summer and winter', () => {
    expect(excelPragueTime(new Date('2026-07-01T10:15:30Z'))).toEqual(new Date('2026-07-01T12:15:00Z'));
    expect(excelPragueTime(new Date('2026-01-15T23:30:00Z'))).toEqual(new Date('2026-01-16T00:30:00Z'));
    // The autumn change: 00:59 UTC is 02:59 summer time, 01:00 UTC is 02:00 winter time.
    expect(excelPragueTime(new Date('2026-10-25T00:59:00Z'))).toEqual(new Date('2026-10-25T02:59:00Z'));
    expect(excelPragueTime(new Date('2026-10-25T01:00:00Z'))).toEqual(new Date('2026-10-25T02:00:00Z'));
  });
});
