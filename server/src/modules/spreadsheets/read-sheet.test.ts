import { describe, expect, it } from 'vitest';
import { cp1250, csvText, xlsxOf } from '../../test/spreadsheets.ts';
import { guessMapping } from './column-guess.ts';
import { decodeText, findDelimiter, readSheet } from './read-sheet.ts';
import { checkRow, parseDecimal } from './row-rules.ts';

/** The reading and checking rules of the office's spreadsheets (domain.md §2.14), without a server. */
describe('reading a file', () => {
  it('takes Excel’s sep= line, else the separator the header holds most of outside quotes', () => {
    expect(findDelimiter('sep=,\r\na;b,c\r\n')).toEqual({ delimiter: ',', skip: 7 });
    expect(findDelimiter('"Jméno, příjmení";Město\r\n')).toEqual({ delimiter: ';', skip: 0 });
    expect(findDelimiter('Name,Town,Zip\n')).toEqual({ delimiter: ',', skip: 0 });
    expect(findDelimiter('Name\tTown\n')).toEqual({ delimiter: '\t', skip: 0 });
    expect(findDelimiter('Jméno\n')).toEqual({ delimiter: ';', skip: 0 });
  });

  it('knows UTF-8 with or without its mark, Windows-1250 and UTF-16 with its mark', () => {
    expect(decodeText(Buffer.from('\ufeffŽluťoučký kůň', 'utf8'))).toEqual({
      text: 'Žluťoučký kůň',
      encoding: 'utf-8',
    });
    expect(decodeText(Buffer.from('Žluťoučký kůň', 'utf8')).encoding).toBe('utf-8');
    expect(decodeText(cp1250('Žluťoučký kůň'))).toEqual({ text: 'Žluťoučký kůň', encoding: 'windows-1250' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Příliš', 'utf16le')]);
    expect(decodeText(utf16)).toEqual({ text: 'Příliš', encoding: 'utf-16' });
  });

  it('numbers rows as Excel does and skips empty ones', async () => {
    const sheet = await readSheet(cp1250('Jméno;Město\r\nJan;Třebíč\r\n;\r\nEva;Jihlava\r\n'));
    expect(sheet.headers).toEqual(['Jméno', 'Město']);
    expect(sheet.rowNumbers).toEqual([2, 4]);
    expect(sheet.rows).toEqual([
      ['Jan', 'Třebíč'],
      ['Eva', 'Jihlava'],
    ]);
  });

  it('reads a workbook’s numbers as they are shown', async () => {
    const sheet = await readSheet(
      await xlsxOf(
        [
          ['Cena', 'IČO'],
          ['1234,5', '27082440'],
        ],
        { numbers: true },
      ),
    );
    expect(sheet).toMatchObject({ format: 'xlsx', rows: [['1234.5', '27082440']] });
  });

  it('refuses more rows than the limit', async () => {
    const rows = [['Jméno'], ...Array.from({ length: 20_001 }, (_, i) => [`J${i}`])];
    await expect(readSheet(Buffer.from(csvText(rows)))).rejects.toMatchObject({ problem: 'too_many_rows' });
  });
});

describe('a row by the forms’ rules', () => {
  it('reads Czech and English numbers; anything else is no number', () => {
    expect(parseDecimal('1 234,50')).toBe(1234.5);
    expect(parseDecimal('1.234,50 Kč')).toBe(1234.5);
    expect(parseDecimal('1,234.50')).toBe(1234.5);
    expect(parseDecimal('21 %')).toBe(21);
    expect(parseDecimal('12,345')).toBe(12.345);
    expect(parseDecimal('dvanáct')).toBeNaN();
  });

  const context = { today: '2026-11-29', warehouses: [{ id: 3, name: 'Sklad Třebíč' }] };
  const customer = (cells: Record<string, string>) => {
    const fields = Object.keys(cells);
    return checkRow(
      'customers',
      Object.values(cells),
      Object.fromEntries(fields.map((f, i) => [f, i])),
      context,
    );
  };
  const base = {
    first_name: 'Jan',
    last_name: 'Novák',
    phone: '603 791 074',
    address: 'Lesní 1',
    town: 'Třebíč',
    zip: '67401',
    lat: '49,2',
    lon: '15,8',
  };

  it('gives back the leading zeros Excel drops from an IČO, and defaults the country', () => {
    const checked = customer({ ...base, organization_id: '27383' });
    expect(checked.errors).toEqual([]);
    expect(checked.values).toMatchObject({
      organizationId: '00027383',
      country: 'Česká republika',
      prePhone: '+420',
      phone: '603791074',
      zipCode: '674 01',
    });
    expect(checked.keys).toEqual({ organization_id: '00027383', phone: '603791074' });
  });

  it('takes the prefix from an international number', () => {
    const checked = customer({ ...base, phone: '+421 903 123 456', country: 'Slovensko' });
    expect(checked.values).toMatchObject({ prePhone: '+421', phone: '903123456' });
    expect(checked.keys.phone).toBe('+421903123456');
  });

  it('names a wrong DIČ beside a valid IČO', () => {
    const checked = customer({ ...base, organization_id: '27082440', vat_id: 'CZ27082441' });
    expect(checked.values).toBeNull();
    expect(checked.errors.map(([f]) => f)).toContain('vat_id');
  });

  it('prices a product in the warehouse named, VAT by default the standard rate', () => {
    const cells = ['Prkno', 'Měkké', '300', 'prms', 'sklad trebic', '1 200,50', '', '49,9', '10'];
    const mapping = {
      name: 0,
      type: 1,
      length: 2,
      measurement_unit: 3,
      warehouse: 4,
      price_czk: 5,
      vat_czk: 6,
      price_eur: 7,
      vat_eur: 8,
    };
    const checked = checkRow('products', cells, mapping, context);
    expect(checked.errors).toEqual([]);
    expect(checked.values).toMatchObject({
      shortenName: 'Prkno',
      measurementUnit: 'PRMS',
      prices: [
        { warehouseId: 3, currency: 'CZK', price: 1200.5, vat: 21 },
        { warehouseId: 3, currency: 'EUR', price: 49.9, vat: 10 },
      ],
    });
  });
});

describe('the columns offered', () => {
  it('guesses Czech and English headers, accents and case aside', () => {
    const { mapping, source } = guessMapping(
      'customers',
      ['JMÉNO', 'Příjmení', 'psč', 'E-mail', 'Tel.'],
      null,
    );
    expect(source).toBe('guessed');
    expect(mapping).toEqual({ first_name: 0, last_name: 1, zip: 2, email: 3, phone: 4 });
  });

  it('offers the remembered columns and does not guess a field left out on purpose', () => {
    const remembered = { first_name: 'Křestní', last_name: 'Příjmení', email: '' };
    const { mapping, source } = guessMapping('customers', ['Příjmení', 'E-mail', 'Křestní'], remembered);
    expect(source).toBe('remembered');
    expect(mapping).toEqual({ first_name: 2, last_name: 0 });
  });
});
