import { describe, expect, it } from 'vitest';
import { composeAddress, normalizeZip } from './address.ts';

const jihlava = { town: 'Jihlava', zip: '586 01', country: 'Česká republika' };
const line = 'Masarykova 12, 586 01 Jihlava';

describe('composeAddress: the API and the form give the same full_address', () => {
  it.each([
    ['the street alone (API)', { ...jihlava, address: 'Masarykova 12' }],
    ['the whole line (form, address finder)', { ...jihlava, address: line }],
    ['the zip written together', { ...jihlava, zip: '58601', address: 'Masarykova 12' }],
    ['the line with a zip written together', { ...jihlava, address: 'Masarykova 12, 58601 Jihlava' }],
    [
      'extra spaces',
      { town: ' Jihlava ', zip: ' 586  01', country: 'Česká republika', address: '  Masarykova   12 ' },
    ],
    ['no comma before the place', { ...jihlava, address: 'Masarykova 12 586 01 Jihlava' }],
    ['the town alone after a comma', { ...jihlava, address: 'Masarykova 12, Jihlava' }],
    ['the country at the end', { ...jihlava, address: 'Masarykova 12, 586 01 Jihlava, Česká republika' }],
    ['a no-break space', { ...jihlava, address: 'Masarykova\u00a012 ,586 01 Jihlava' }],
  ])('%s', (_, input) => {
    expect(composeAddress(input).fullAddress).toBe(line);
  });

  it('a town changed in the edit form replaces the old place in the line', () => {
    expect(
      composeAddress({ address: line, town: 'Třebíč', zip: '674 01', country: 'Česká republika' })
        .fullAddress,
    ).toBe('Masarykova 12, 674 01 Třebíč');
  });

  it('a village without streets keeps its name and house number', () => {
    expect(
      composeAddress({ address: 'Rančířov 12', town: 'Rančířov', zip: '58832', country: 'Česká republika' }),
    ).toEqual({
      fullAddress: 'Rančířov 12, 588 32 Rančířov',
      town: 'Rančířov',
      zipCode: '588 32',
      country: 'Česká republika',
    });
  });

  it('is idempotent: the stored line composes to itself', () => {
    const once = composeAddress({ ...jihlava, address: 'Masarykova 12' }).fullAddress;
    expect(composeAddress({ ...jihlava, address: once }).fullAddress).toBe(once);
  });

  it('foreign post codes stay as typed', () => {
    expect(
      composeAddress({ address: 'Hauptstraße 5', town: 'Wien', zip: '1010', country: 'Rakousko' })
        .fullAddress,
    ).toBe('Hauptstraße 5, 1010 Wien');
  });
});

describe('normalizeZip', () => {
  it('writes Czech and Slovak post codes 3 + 2', () => {
    expect(normalizeZip('58601', 'Česká republika')).toBe('586 01');
    expect(normalizeZip('586 01', 'CZ')).toBe('586 01');
    expect(normalizeZip('81101', 'Slovensko')).toBe('811 01');
  });

  it('leaves other countries and odd input alone', () => {
    expect(normalizeZip('10115', 'Německo')).toBe('10115');
    expect(normalizeZip('5860', 'Česká republika')).toBe('5860');
  });
});
