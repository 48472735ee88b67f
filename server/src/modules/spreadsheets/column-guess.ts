import { foldText } from '@letokruh/contracts/rules/text';
import type { ImportField, SpreadsheetKind } from '@letokruh/contracts/spreadsheets';

/**
 * The column offered for each target field (domain.md §2.14): the one remembered for that header
 * text, else a header that names the field in Czech or English. A header is compared without
 * accents, case, spaces and punctuation ("PSČ", "psc", "P.S.Č." are one).
 */
export const headerKey = (header: string) => foldText(header).replace(/[^a-z0-9]/g, '');

const names: Record<SpreadsheetKind, Partial<Record<ImportField, string[]>>> = {
  customers: {
    first_name: ['jmeno', 'krestnijmeno', 'firstname', 'givenname'],
    last_name: ['prijmeni', 'lastname', 'surname', 'familyname'],
    organization_name: [
      'firma',
      'spolecnost',
      'organizace',
      'nazevfirmy',
      'company',
      'companyname',
      'organization',
      'organizationname',
    ],
    organization_id: ['ico', 'ic', 'icofirmy', 'companyid', 'organizationid', 'regno'],
    vat_id: ['dic', 'vatid', 'vat', 'vatnumber', 'icdph'],
    phone_prefix: ['predvolba', 'prefix', 'phoneprefix', 'prephone'],
    phone: ['telefon', 'tel', 'mobil', 'phone', 'telefonnicislo', 'mobile', 'phonenumber'],
    email: ['email', 'mail', 'emailovaadresa', 'emailaddress'],
    address: ['adresa', 'ulice', 'uliceacislo', 'address', 'street'],
    town: ['mesto', 'obec', 'town', 'city'],
    zip: ['psc', 'zip', 'zipcode', 'postcode', 'postalcode'],
    country: ['zeme', 'stat', 'country'],
    lat: ['lat', 'latitude', 'zemepisnasirka', 'sirka', 'gpslat'],
    lon: ['lon', 'lng', 'longitude', 'zemepisnadelka', 'delka', 'gpslon'],
  },
  products: {
    name: ['nazev', 'produkt', 'nazevproduktu', 'name', 'product', 'productname'],
    shorten_name: ['zkratka', 'kratkynazev', 'zkracenynazev', 'shortname', 'shortenname'],
    type: ['typ', 'druh', 'type'],
    subtype: ['podtyp', 'drevo', 'subtype'],
    length: ['delka', 'delkacm', 'length', 'lengthcm'],
    measurement_unit: ['jednotka', 'mj', 'mernajednotka', 'unit', 'measurementunit'],
    description: ['popis', 'poznamka', 'description'],
    warehouse: ['sklad', 'warehouse'],
    price_czk: ['cena', 'cenaczk', 'cenakc', 'cenasdph', 'cenaczksdph', 'cenakcsdph', 'price', 'priceczk'],
    vat_czk: ['dph', 'dphczk', 'sazbadph', 'vat', 'vatczk'],
    price_eur: ['cenaeur', 'cenaeursdph', 'priceeur'],
    vat_eur: ['dpheur', 'vateur'],
  },
};

export function guessMapping(
  kind: SpreadsheetKind,
  headers: readonly string[],
  remembered: Record<string, string> | null,
): { mapping: Record<string, number>; source: 'remembered' | 'guessed' } {
  const keys = headers.map(headerKey);
  const mapping: Record<string, number> = {};
  const taken = new Set<number>();
  let fromMemory = 0;
  // A field remembered with no column ('') was left out on purpose: it is not guessed either.
  const leftOut = new Set<string>();
  for (const [field, header] of Object.entries(remembered ?? {})) {
    if (header === '') {
      leftOut.add(field);
      continue;
    }
    const column = keys.indexOf(headerKey(header));
    if (column >= 0 && !taken.has(column)) {
      mapping[field] = column;
      taken.add(column);
      fromMemory++;
    }
  }
  for (const [field, synonyms] of Object.entries(names[kind])) {
    if (field in mapping || (fromMemory > 0 && leftOut.has(field))) continue;
    const column = keys.findIndex((k, i) => !taken.has(i) && synonyms.includes(k));
    if (column >= 0) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return { mapping, source: fromMemory > 0 ? 'remembered' : 'guessed' };
}
