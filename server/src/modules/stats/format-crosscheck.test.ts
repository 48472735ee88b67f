import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatDateShort, formatDay, formatMoney, formatPhone } from '@letokruh/contracts/rules/format';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { makeOrder, warehouseIds } from '../../test/orders.ts';
import { demoSupplierIds } from '../../test/payments.ts';
import { makeProduct } from '../../test/products.ts';

/**
 * Decision 0040: the same order's money, dates and phone read the same in the web app (useFormat binds
 * exactly these rules/format functions), in the XLSX export and on the delivery note.
 */

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher } = await signIn(t.app, ['owner', 'dispatcher']));
});
afterAll(() => t?.close());

const nbsp = '\u00a0';
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as a Czech spreadsheet shows it under the number formats the exports use (a test-side
 * reading of the format code, so that a changed code or a changed formatter fails the test).
 */
function shown(cell: ExcelJS.Cell): string {
  const { value, numFmt } = cell;
  if (value instanceof Date) {
    const [d, m, y] = [value.getUTCDate(), value.getUTCMonth() + 1, value.getUTCFullYear()];
    if (numFmt === 'd.m.yyyy') return `${d}.${m}.${y}`;
    if (numFmt === 'd.m.yyyy hh:mm')
      return `${d}.${m}.${y} ${two(value.getUTCHours())}:${two(value.getUTCMinutes())}`;
    throw new Error(`no reading of the date format ${numFmt}`);
  }
  if (typeof value === 'number') {
    const m = /^#,##0\.00(?: "(.+)")?$/.exec(numFmt ?? '');
    if (!m) throw new Error(`no reading of the number format ${numFmt}`);
    const [whole, cents] = value.toFixed(2).split('.') as [string, string];
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, nbsp);
    return `${grouped},${cents}${m[1] ? `${nbsp}${m[1]}` : ''}`;
  }
  return String(value ?? '');
}

describe('one order, the same strings on screen, in the XLSX and in the PDF', () => {
  it('money, delivery date, creation time and phone', async () => {
    const w = await warehouseIds(owner);
    const product = await makeProduct(owner, w.jihlava);
    const added = await owner.post('/api/customer/add', {
      firstName: 'Formát',
      lastName: 'Křížový',
      phone: '603-791-074',
      email: '',
      address: 'Masarykova 12',
      town: 'Jihlava',
      zip: '58601',
      country: 'Česká republika',
      lat: 49.3961,
      lon: 15.5912,
      allow_duplicate: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    const created = await makeOrder(dispatcher, {
      warehouseId: w.jihlava,
      customerId: added.json().item.id,
      lines: [{ id: product, amount: 1.5, price: 1234.5 }],
      items: { distance: 12.3 },
      intern: { expected_delivery_date: '2037-05-14', expected_delivery_time: '09:00' },
    });
    const order = (await owner.get(`/api/order/${created.id}`)).json().item ?? created;

    // What the order page shows (useFormat → rules/format, language cs).
    const screen = {
      total: formatMoney(order.price_with_vat, 'CZK'),
      delivery: formatDay(order.expected_delivery_date),
      created: formatDateShort(order.created),
      phone: formatPhone(order.customer.whole_phone),
    };
    expect(screen.phone).toBe('+420 603 791 074');
    expect(screen.delivery).toBe('14.5.2037');
    expect(screen.total).toMatch(new RegExp(`^\\d{1,3}(${nbsp}\\d{3})*,\\d{2}${nbsp}Kč$`));

    const xlsx = await owner.get('/api/stats_orders?from=2037-05-01&to=2037-05-31');
    expect(xlsx.statusCode, xlsx.body.slice(0, 200)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => headers.indexOf(name) + 1;
    let row: ExcelJS.Row | undefined;
    sheet.eachRow((r) => {
      if (r.getCell(1).value === order.intern_id) row = r;
    });
    expect(row).toBeDefined();
    expect({
      total: shown(row!.getCell(column('Celkem s DPH'))),
      delivery: shown(row!.getCell(column('Datum doručení'))),
      created: shown(row!.getCell(column('Vytvořeno'))),
      phone: shown(row!.getCell(column('Telefon'))),
    }).toEqual(screen);

    // The delivery note, read back as text: the phone and the total as the screen shows them.
    const { letokruh } = await demoSupplierIds(owner);
    const pdf = await owner.get(`/api/order/${order.id}/get_delivery_note?supplier=${letokruh}&language=cs`);
    expect(pdf.statusCode).toBe(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'letokruh-format-'));
    try {
      await writeFile(path.join(dir, 'note.pdf'), pdf.rawPayload);
      await promisify(execFile)('pdftotext', ['-layout', 'note.pdf', 'note.txt'], { cwd: dir });
      const text = (await readFile(path.join(dir, 'note.txt'), 'utf8')).replace(/[ \u00a0]+/g, ' ');
      const loose = (s: string) => s.replace(/[ \u00a0]+/g, ' ');
      expect(text).toContain(loose(screen.phone));
      expect(text).toContain(loose(screen.total));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
