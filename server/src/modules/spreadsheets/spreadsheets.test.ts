import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import { defaultPermissionMatrix } from '@letokruh/contracts/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { warehouseIds } from '../../test/orders.ts';
import {
  cp1250,
  csvText,
  customerHeader,
  customerRows,
  productHeader,
  productRows,
  uploadForm,
  xlsxOf,
} from '../../test/spreadsheets.ts';

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_LIMIT_BYTES: String(3 * 1024 * 1024) });
  ({ owner, dispatcher } = await signIn(t.app, ['owner', 'dispatcher']));
}, 60_000);
afterAll(async () => t?.close());

async function upload(c: Client, kind: string, data: Buffer | string, name: string) {
  const form = await uploadForm(kind, data, name);
  return c.post('/api/spreadsheet/upload', form.payload, { headers: form.headers });
}

const count = async (table: 'customers' | 'products' | 'spreadsheet_imports') =>
  Number((await rowsOf<{ n: string }>(t.db, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n);

/** The uploads kept in the file store (on disk in tests) until they are imported. */
const storedFiles = async () =>
  (await fs.readdir(path.join(t.dataDir, 'files', 'spreadsheets')).catch(() => [])).length;

/** A demo customer's phone and e-mail, for rows that duplicate it. */
async function demoCustomer() {
  const [c] = await rowsOf<{ phone: string; email: string; id: number }>(
    t.db,
    sql`select id, phone, email from customers where pre_phone = '+420' and email <> '' order by id limit 1`,
  );
  return c!;
}

describe('customers from a Windows-1250 CSV', () => {
  let id: number;
  let mapping: Record<string, number>;
  let existing: { phone: string; email: string; id: number };

  beforeAll(async () => {
    existing = await demoCustomer();
    const good = customerRows(6, 500);
    const rows = [
      customerHeader,
      ...good,
      // Row 8: a wrong IČO check digit, an e-mail that is none.
      [
        'Karel',
        'Vodička',
        'Pila',
        '25596642',
        '',
        '731 000 111',
        'karel@',
        'Lesní 1',
        'Třebíč',
        '674 01',
        'Česká republika',
        '49,2',
        '15,8',
      ],
      // Row 9: no last name, a phone that is no number, latitude out of range.
      [
        'Eva',
        '',
        '',
        '',
        '',
        'zavolat',
        '',
        'Lesní 2',
        'Třebíč',
        '674 01',
        'Česká republika',
        '149,2',
        '15,8',
      ],
      // Row 10: the phone of a customer that exists.
      ['Ota', 'Král', '', '', '', existing.phone, '', 'Lesní 3', 'Třebíč', '674 01', '', '49,2', '15,8'],
      // Row 11: the e-mail of row 2.
      [
        'Ida',
        'Malá',
        '',
        '',
        '',
        '777 000 999',
        good[0]![6]!.toUpperCase(),
        'Lesní 4',
        'Třebíč',
        '674 01',
        '',
        '49,2',
        '15,8',
      ],
      // Quoted: a separator and a line break inside a field.
      [
        'Petr',
        'Nový',
        '"Dřevo; palivo" s.r.o.',
        '',
        '',
        '608 111 222',
        '',
        'Na Kopci 5\nvchod B',
        'Jihlava',
        '586 01',
        'Česko',
        '49,39',
        '15,59',
      ],
    ];
    const answer = await upload(owner, 'customers', cp1250(csvText(rows)), 'zákazníci.csv');
    expect(answer.statusCode, answer.body).toBe(201);
    const body = answer.json();
    expect(body).toMatchObject({
      format: 'csv',
      encoding: 'windows-1250',
      delimiter: ';',
      mapping_source: 'guessed',
    });
    expect(body.headers).toEqual(customerHeader);
    expect(body.item).toMatchObject({ state: 'uploaded', row_count: 11, kind: 'customers' });
    id = body.item.id;
    mapping = body.mapping;
  });

  it('guesses every column from its Czech header', () => {
    expect(mapping).toEqual({
      first_name: 0,
      last_name: 1,
      organization_name: 2,
      organization_id: 3,
      vat_id: 4,
      phone: 5,
      email: 6,
      address: 7,
      town: 8,
      zip: 9,
      country: 10,
      lat: 11,
      lon: 12,
    });
  });

  it('shows every error of a row by its cell, and the likely duplicates', async () => {
    const all = await owner.post(`/api/spreadsheet/${id}/preview`, { mapping, per_page: 20 });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ row_count: 11, valid: 9, invalid: 2, duplicates: 2, total: 11 });
    const errors = await owner.post(`/api/spreadsheet/${id}/preview`, { mapping, view: 'errors' });
    const [bad8, bad9] = errors.json().items;
    expect(bad8.row).toBe(8);
    expect(bad8.errors).toEqual(
      expect.arrayContaining([
        { field: 'organization_id', problem: 'ico_checksum' },
        { field: 'email', problem: 'email' },
      ]),
    );
    expect(bad8.cells.email).toBe('karel@');
    expect(bad9.row).toBe(9);
    expect(bad9.errors).toEqual(
      expect.arrayContaining([
        { field: 'last_name', problem: 'required' },
        { field: 'phone', problem: 'phone' },
        { field: 'lat', problem: 'range' },
      ]),
    );
    const duplicates = (
      await owner.post(`/api/spreadsheet/${id}/preview`, { mapping, view: 'duplicates' })
    ).json();
    expect(duplicates.items.map((r: { row: number }) => r.row)).toEqual([10, 11]);
    expect(duplicates.items[0].matches[0]).toMatchObject({
      id: existing.id,
      row: null,
      matched_by: ['phone'],
    });
    expect(duplicates.items[1].matches[0]).toMatchObject({ id: null, row: 2, matched_by: ['email'] });
    const quoted = all.json().items.find((r: { row: number }) => r.row === 12);
    expect(quoted.cells).toMatchObject({
      organization_name: '"Dřevo; palivo" s.r.o.',
      address: 'Na Kopci 5\nvchod B',
    });
  });

  it('imports the good rows and the duplicates chosen, as one audited batch', async () => {
    const before = await count('customers');
    const answer = await owner.post(`/api/spreadsheet/${id}/import`, { mapping, import_duplicates: [11] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().item).toMatchObject({
      state: 'imported',
      imported: 8,
      skipped_invalid: 2,
      skipped_duplicates: 1,
    });
    expect(await count('customers')).toBe(before + 8);
    expect(await storedFiles(), 'the imported upload leaves the file store').toBe(0);
    const listed = (await owner.get('/api/customers?fullName=Dřevař500&per_page=10')).json();
    expect(listed.items[0]).toMatchObject({
      first_name: 'Jiří',
      address: { town: 'Třebíč', gps_lat: 49.2148 },
    });
    const audit = (await owner.get(`/api/audit_log?entity=import&entity_id=${id}`)).json();
    expect(audit.items[0]).toMatchObject({ action: 'import', entity_name: 'zákazníci.csv' });
    const perCustomer = (
      await owner.get(`/api/audit_log?entity=customer&entity_id=${listed.items[0].id}`)
    ).json();
    expect(perCustomer.items[0]).toMatchObject({ action: 'import', details: { spreadsheet: id, row: 2 } });
    const again = await owner.post(`/api/spreadsheet/${id}/import`, { mapping });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe(ErrorCode.importNotOpen);
  });

  it('remembers the columns for the next file with the same headers', async () => {
    const swapped = [
      customerHeader.slice().reverse(),
      ...customerRows(1, 900).map((r) => r.slice().reverse()),
    ];
    const answer = (await upload(owner, 'customers', csvText(swapped), 'znovu.csv')).json();
    expect(answer.mapping_source).toBe('remembered');
    expect(answer.mapping.first_name).toBe(12);
    expect(answer.mapping.lon).toBe(0);
  });

  it('refuses to undo while an imported customer is on an order, then undoes it whole', async () => {
    const batch = (await owner.get('/api/spreadsheets'))
      .json()
      .items.find((b: { id: number }) => b.id === id);
    expect(batch.state).toBe('imported');
    const [used] = await rowsOf<{ id: number }>(
      t.db,
      sql`select record_ids[1] as id from spreadsheet_imports where id = ${id}`,
    );
    // A draft naming the customer is enough: the customer step was saved with it.
    const order = (await owner.get('/api/order/add')).json().id as number;
    expect((await owner.post(`/api/order/${order}/customer`, { id_found: used!.id })).statusCode).toBe(200);
    const refused = await owner.post(`/api/spreadsheet/${id}/undo`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      error_code: ErrorCode.importInUse,
      in_use: [{ id: used!.id, reason: 'order' }],
    });
    const before = await count('customers');
    expect(before).toBeGreaterThan(8);
    expect((await owner.delete(`/api/order/${order}/discard`)).statusCode).toBeLessThan(300);
    const undone = await owner.post(`/api/spreadsheet/${id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().item).toMatchObject({ state: 'undone' });
    expect(await count('customers')).toBe(before - 8);
    const twice = await owner.post(`/api/spreadsheet/${id}/undo`);
    expect(twice.json().error_code).toBe(ErrorCode.importNotOpen);
  });
});

describe('products with prices from an XLSX workbook', () => {
  it('checks prices to the haléř and VAT by the day, then imports prices for every warehouse', async () => {
    const { jihlava } = await warehouseIds(owner);
    const rows = [
      productHeader,
      ...productRows(3, 70_000),
      ['Hranol dub', 'Tvrdé', '250', 'prmr', 'Sklad Jihlava', '1 999,999', '21', ''],
      ['Štěpka', 'Doplňkový prodej', '0', 'PRMS', 'Brno', '300', '15', ''],
      ['Palivo', 'měkké', '33', 'PRMS', '', '450', '', '20,5'],
    ];
    const answer = await upload(owner, 'products', await xlsxOf(rows, { numbers: true }), 'ceník.xlsx');
    expect(answer.statusCode, answer.body).toBe(201);
    const { item, mapping, format } = answer.json();
    expect(format).toBe('xlsx');
    expect(mapping).toMatchObject({
      name: 0,
      type: 1,
      length: 2,
      measurement_unit: 3,
      warehouse: 4,
      price_czk: 5,
      vat_czk: 6,
      price_eur: 7,
    });
    const preview = (
      await owner.post(`/api/spreadsheet/${item.id}/preview`, { mapping, view: 'errors' })
    ).json();
    expect(preview).toMatchObject({ valid: 4, invalid: 2 });
    expect(preview.items[0].errors).toEqual([{ field: 'price_czk', problem: 'decimals' }]);
    expect(preview.items[1].errors).toEqual(
      expect.arrayContaining([
        { field: 'warehouse', problem: 'unknown_warehouse' },
        { field: 'vat_czk', problem: 'vat_not_valid_today' },
      ]),
    );
    const imported = await owner.post(`/api/spreadsheet/${item.id}/import`, { mapping });
    expect(imported.json().item).toMatchObject({ imported: 4, skipped_invalid: 2 });
    const found = (await owner.get('/api/products?name=Palivo&per_page=10')).json().items[0];
    expect(found).toMatchObject({ type: 'Měkké', length: 33 });
    const warehouses = await rowsOf<{ n: string }>(
      t.db,
      sql`select count(*) as n from warehouses where not hidden`,
    );
    expect(found.prices.filter((p: { currency: string }) => p.currency === 'CZK')).toHaveLength(
      Number(warehouses[0]!.n),
    );
    expect(found.prices.find((p: { currency: string }) => p.currency === 'EUR')).toMatchObject({
      amount: 20.5,
      vat: 20,
    });
    // A product taken into a warehouse's stock keeps the batch from being undone.
    const added = await owner.post(`/api/warehouse/${jihlava}/add_product`, { product_id: found.id });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const refused = await owner.post(`/api/spreadsheet/${item.id}/undo`);
    expect(refused.json()).toMatchObject({
      error_code: ErrorCode.importInUse,
      in_use: [{ id: found.id, reason: 'stock' }],
    });
  });
});

describe('a file that is no spreadsheet writes nothing', () => {
  const cases: [string, Buffer | string, string][] = [
    ['not_spreadsheet', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'faktura.pdf'],
    ['xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'stary.xls'],
    ['encoding', Buffer.from(csvText([customerHeader, customerRows(1)[0]!]), 'utf16le'), 'utf16.csv'],
    [
      'encoding',
      Buffer.concat([cp1250('Jméno;Příjmení\r\nJan;No'), Buffer.from([0x81]), cp1250('vák\r\n')]),
      'divne.csv',
    ],
    ['damaged', 'Jméno;Příjmení\r\n"Jan;Novák\r\n', 'useknuty.csv'],
    ['empty', 'Jméno;Příjmení\r\n', 'jen-hlavicka.csv'],
  ];
  it.each(cases)('%s', async (problem, data, name) => {
    const before = [await count('spreadsheet_imports'), await storedFiles()];
    const answer = await upload(owner, 'customers', data, name);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ error_code: ErrorCode.spreadsheetInvalid, problem });
    expect([await count('spreadsheet_imports'), await storedFiles()]).toEqual(before);
  });

  it('a workbook cut short', async () => {
    const whole = await xlsxOf([customerHeader, ...customerRows(50)]);
    const answer = await upload(
      owner,
      'customers',
      whole.subarray(0, Math.floor(whole.length / 2)),
      'pul.xlsx',
    );
    expect(answer.json()).toMatchObject({ error_code: ErrorCode.spreadsheetInvalid, problem: 'damaged' });
  });

  it('a file over the upload limit answers 413', async () => {
    const answer = await upload(owner, 'customers', 'x'.repeat(3 * 1024 * 1024 + 10), 'velky.csv');
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error_code).toBe(ErrorCode.payloadTooLarge);
  });
});

describe('who may import', () => {
  it('needs import_data, which only the owner holds by default', async () => {
    const answer = await upload(
      dispatcher,
      'customers',
      csvText([customerHeader, ...customerRows(1)]),
      'a.csv',
    );
    expect(answer.statusCode).toBe(403);
    expect((await dispatcher.get('/api/spreadsheets')).statusCode).toBe(403);
  });

  it('reads a UTF-8 CSV with its mark, commas and decimal points', async () => {
    const rows = [
      customerHeader,
      ...customerRows(2, 800).map((r) => r.map((c) => c.replace(/^(\d+),(\d+)$/, '$1.$2'))),
    ];
    const answer = await upload(owner, 'customers', `\ufeff${csvText(rows, ',')}`, 'utf8.csv');
    expect(answer.json()).toMatchObject({ encoding: 'utf-8', delimiter: ',', headers: customerHeader });
    const { item, mapping } = answer.json();
    const preview = (await owner.post(`/api/spreadsheet/${item.id}/preview`, { mapping })).json();
    expect(preview).toMatchObject({ valid: 2, invalid: 0 });
  });
});

describe('a kind needs its own add right besides import_data', () => {
  it('a technician given import_data imports customers, not products', async () => {
    const put = await owner.put('/api/permissions', {
      name: 'technical_specialist',
      permissions: [...defaultPermissionMatrix.technical_specialist, 'import_data'],
    });
    expect(put.statusCode, put.body).toBe(200);
    const { technician } = await signIn(t.app, ['technician']);
    const customers = await upload(
      technician,
      'customers',
      csvText([customerHeader, ...customerRows(1, 950)]),
      'z.csv',
    );
    expect(customers.statusCode, customers.body).toBe(201);
    const products = await upload(
      technician,
      'products',
      csvText([productHeader, ...productRows(1)]),
      'p.csv',
    );
    expect(products.statusCode).toBe(403);
    expect(products.json().error_code).toBe(ErrorCode.accessDenied);
  });
});

describe('likely duplicate products', () => {
  it('are offered by name and length, and all imported when the user says so', async () => {
    const rows = [
      productHeader,
      ...productRows(2, 80_000),
      ['PRKNO SMRK 80000', 'Měkké', '100', 'PRMS', '', '10', '', ''],
    ];
    const first = (await upload(owner, 'products', csvText(rows), 'a.csv')).json();
    const preview = (
      await owner.post(`/api/spreadsheet/${first.item.id}/preview`, {
        mapping: first.mapping,
        view: 'duplicates',
      })
    ).json();
    expect(preview.items.map((r: { row: number }) => r.row)).toEqual([4]);
    expect(preview.items[0].matches[0]).toMatchObject({ row: 2, matched_by: ['name_length'] });
    expect(
      (await owner.post(`/api/spreadsheet/${first.item.id}/import`, { mapping: first.mapping })).json().item,
    ).toMatchObject({
      imported: 2,
      skipped_duplicates: 1,
    });
    // The same file again: every row now matches a product that exists.
    const second = (await upload(owner, 'products', csvText(rows), 'b.csv')).json();
    const again = (
      await owner.post(`/api/spreadsheet/${second.item.id}/preview`, { mapping: second.mapping })
    ).json();
    expect(again).toMatchObject({ valid: 3, duplicates: 3 });
    expect(again.items[0].matches[0]).toMatchObject({
      row: null,
      name: 'Prkno smrk 80000',
      detail: '100 cm · PRMS',
    });
    const all = await owner.post(`/api/spreadsheet/${second.item.id}/import`, {
      mapping: second.mapping,
      import_all_duplicates: true,
    });
    expect(all.json().item).toMatchObject({ imported: 3, skipped_duplicates: 0 });
  });
});
