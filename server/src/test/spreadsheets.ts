import { icoCheckDigit } from '@letokruh/contracts/rules/czech-id';
import ExcelJS from 'exceljs';

/** Test helpers of the office's spreadsheets (domain.md §2.14): files as Excel writes them. */

export const customerHeader = [
  'Jméno',
  'Příjmení',
  'Firma',
  'IČO',
  'DIČ',
  'Telefon',
  'E-mail',
  'Ulice',
  'Město',
  'PSČ',
  'Země',
  'Zeměpisná šířka',
  'Zeměpisná délka',
];

/** A valid IČO from a number: seven digits and their check digit. */
export const icoOf = (n: number) => {
  const seven = String(n).padStart(7, '0').slice(-7);
  return `${seven}${icoCheckDigit(seven)}`;
};

/** Customer rows with unique phones, e-mails and IČOs from `start` on (each a real Czech format). */
export function customerRows(count: number, start = 0): string[][] {
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    const ico = n % 3 === 0 ? icoOf(1_000_000 + n) : '';
    return [
      ['Jiří', 'Šárka', 'Řehoř', 'Žofie', 'Čeněk'][n % 5]!,
      `Dřevař${n}`,
      ico ? `Pila Žďár ${n} s.r.o.` : '',
      ico,
      ico ? `CZ${ico}` : '',
      `7${String(10_000_000 + n).slice(-8)}`,
      `zakaznik${n}@example.cz`,
      `Lesní ${n % 200}`,
      'Třebíč',
      '674 01',
      'Česká republika',
      '49,2148',
      '15,8817',
    ];
  });
}

export const productHeader = [
  'Název',
  'Typ',
  'Délka (cm)',
  'Jednotka',
  'Sklad',
  'Cena CZK s DPH',
  'DPH',
  'Cena EUR',
];

export function productRows(count: number, start = 0): string[][] {
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    return [
      `Prkno smrk ${n}`,
      'Měkké',
      String(100 + (n % 500)),
      'PRMS',
      '',
      `${1200 + n},50`,
      '21',
      `${50 + (n % 50)},20`,
    ];
  });
}

const cp1250Bytes = (() => {
  const decoder = new TextDecoder('windows-1250');
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(Uint8Array.of(b)), b);
  return table;
})();

/** Text as Windows-1250 bytes (what Czech Excel's "CSV (oddělený středníkem)" writes). */
export function cp1250(text: string): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const b = cp1250Bytes.get(ch);
      if (b === undefined) throw new Error(`${ch} has no Windows-1250 byte`);
      return b;
    }),
  );
}

const quote = (cell: string, delimiter: string) =>
  /["\r\n]/.test(cell) || cell.includes(delimiter) ? `"${cell.replace(/"/g, '""')}"` : cell;

/** A CSV as Excel writes it: CRLF lines, fields quoted where needed. */
export function csvText(rows: string[][], delimiter = ';'): string {
  return `${rows.map((r) => r.map((c) => quote(c, delimiter)).join(delimiter)).join('\r\n')}\r\n`;
}

/** A workbook of one sheet; cells that are numbers in Czech notation are written as numbers. */
export async function xlsxOf(rows: string[][], options: { numbers?: boolean } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Zákazníci');
  for (const row of rows) {
    sheet.addRow(
      row.map((c) =>
        options.numbers && /^-?\d+(,\d+)?$/.test(c) && !/^0\d/.test(c) ? Number(c.replace(',', '.')) : c,
      ),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The form of POST /spreadsheet/upload: the kind and the file. */
export async function uploadForm(
  kind: string,
  data: Buffer | string,
  filename: string,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
