import {
  customerAddSchema,
  customerPhone,
  phonePrefixCodes,
  prefixForCountry,
} from '@letokruh/contracts/customers';
import {
  type measurementUnits,
  productAddSchema,
  type productSubtypes,
  type productTypes,
} from '@letokruh/contracts/products';
import { composeAddress } from '@letokruh/contracts/rules/address';
import { companyIdIssues, normalizeDic, normalizeOrganizationId } from '@letokruh/contracts/rules/czech-id';
import { formatPhone } from '@letokruh/contracts/rules/format';
import type { Currency } from '@letokruh/contracts/rules/money';
import { foldText } from '@letokruh/contracts/rules/text';
import { isVatRateValidOn, standardVatOn } from '@letokruh/contracts/rules/vat';
import {
  type CellProblem,
  type ImportField,
  importFields,
  type SpreadsheetKind,
} from '@letokruh/contracts/spreadsheets';
import type { z } from 'zod';

/**
 * One row of the office's spreadsheet checked by the forms' own schemas (domain.md §2.14):
 * customerAddSchema of POST /customer/add, productAddSchema of POST /product/add. Pure, so that
 * it runs in the worker thread that read the file (decision 0090).
 */

export type CustomerValues = {
  firstName: string;
  lastName: string;
  organizationId: string;
  organizationName: string;
  vatId: string;
  email: string;
  prePhone: string;
  phone: string;
  fullAddress: string;
  town: string;
  zipCode: string;
  country: string;
  gpsLat: number;
  gpsLon: number;
};

export type ProductValues = {
  name: string;
  shortenName: string;
  type: (typeof productTypes)[number];
  subtype: (typeof productSubtypes)[number] | null;
  length: number;
  measurementUnit: (typeof measurementUnits)[number];
  description: string;
  /** Without a warehouse: for every warehouse in use, as the add form's general price line. */
  prices: { warehouseId: number | null; currency: Currency; price: number; vat: number }[];
};

export type RowContext = { today: string; warehouses: { id: number; name: string }[] };

export type CheckedRow = {
  errors: [ImportField, CellProblem][];
  values: CustomerValues | ProductValues | null;
  /** What duplicates are found by: IČO, phone key, e-mail (customers); name and length (products). */
  keys: { organization_id?: string; phone?: string; email?: string; name_length?: string };
};

/**
 * A number as Czech or English spreadsheets write it: "1 234,50", "1234.5", "1.234,50", "21 %",
 * "120 Kč". With both separators, the last one is the decimal one. NaN when it is no number.
 */
export function parseDecimal(text: string): number {
  let t = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/(kč|czk|eur|€|%|,-|\.-)$/i, '')
    .replace(/^\+/, '');
  if (t.includes(',') && t.includes('.')) {
    t =
      t.lastIndexOf(',') > t.lastIndexOf('.') ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  } else t = t.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/** A choice typed as the product form offers it, accents and case aside, or in English. */
function choose<T extends string>(text: string, options: Record<string, T>): T | undefined {
  return options[
    foldText(text)
      .replace(/[\s_-]+/g, ' ')
      .trim()
  ];
}
const typeChoices: Record<string, (typeof productTypes)[number]> = {
  mekke: 'Měkké',
  soft: 'Měkké',
  'mekke drevo': 'Měkké',
  tvrde: 'Tvrdé',
  hard: 'Tvrdé',
  'tvrde drevo': 'Tvrdé',
  'doplnkovy prodej': 'Doplňkový prodej',
  doplnkovy: 'Doplňkový prodej',
  additional: 'Doplňkový prodej',
  'additional sale': 'Doplňkový prodej',
};
const subtypeChoices: Record<string, (typeof productSubtypes)[number]> = {
  soft: 'soft',
  mekke: 'soft',
  mekky: 'soft',
  hard: 'hard',
  tvrde: 'hard',
  tvrdy: 'hard',
};
const unitChoices: Record<string, (typeof measurementUnits)[number]> = { prms: 'PRMS', prmr: 'PRMR' };

/** The key two names share when they are the same, accents, case and spaces aside. */
export const nameKey = (name: string) => foldText(name).replace(/\s+/g, ' ').trim();

/** What a zod issue says about a cell, in the keys the web app translates. */
function problemOf(issue: z.core.$ZodIssue, field: ImportField): CellProblem {
  if (field === 'email') return issue.code === 'too_big' ? 'too_long' : 'email';
  if (issue.code === 'custom') {
    if (issue.message === 'a phone number') return 'phone';
    if (issue.message === 'at most two decimals') return 'decimals';
    if (/^VAT must be/.test(issue.message)) return 'vat_rate';
    return issue.message as CellProblem;
  }
  if (issue.code === 'invalid_format') return 'phone';
  if (issue.code === 'invalid_type') return 'number';
  if (issue.code === 'invalid_value') return 'choice';
  if (issue.code === 'too_small') return issue.origin === 'string' ? 'required' : 'range';
  if (issue.code === 'too_big') return issue.origin === 'string' ? 'too_long' : 'range';
  return 'choice';
}

const customerFieldOf: Record<string, ImportField> = {
  firstName: 'first_name',
  lastName: 'last_name',
  organizationId: 'organization_id',
  organizationName: 'organization_name',
  vatId: 'vat_id',
  phonePrefix: 'phone_prefix',
  phone: 'phone',
  email: 'email',
  address: 'address',
  town: 'town',
  zip: 'zip',
  country: 'country',
  lat: 'lat',
  lon: 'lon',
};

function checkCustomer(cell: (f: ImportField) => string): CheckedRow {
  const errors: CheckedRow['errors'] = [];
  const country = cell('country') || 'Česká republika';
  let prefix: string | undefined = prefixForCountry(country) ?? '+420';
  const typedPrefix = cell('phone_prefix').replace(/^00/, '+');
  if (typedPrefix) {
    prefix = phonePrefixCodes.find(
      (p) => p === (typedPrefix.startsWith('+') ? typedPrefix : `+${typedPrefix}`),
    );
    if (!prefix) errors.push(['phone_prefix', 'choice']);
  }
  // Excel drops an IČO's leading zeros when the column holds numbers: an IČO has 8 digits.
  const ico = cell('organization_id').replace(/\s+/g, '');
  const coordinate = (f: 'lat' | 'lon') => (cell(f) === '' ? undefined : parseDecimal(cell(f)));
  const organizationId = normalizeOrganizationId(/^\d{1,7}$/.test(ico) ? ico.padStart(8, '0') : ico);
  const payload = {
    firstName: cell('first_name'),
    lastName: cell('last_name'),
    organizationId,
    organizationName: cell('organization_name'),
    vatId: normalizeDic(cell('vat_id')),
    phonePrefix: prefix ?? '+420',
    phone: cell('phone'),
    email: cell('email'),
    address: cell('address'),
    town: cell('town'),
    zip: cell('zip'),
    country,
    lat: coordinate('lat'),
    lon: coordinate('lon'),
  };
  const parsed = customerAddSchema.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = customerFieldOf[String(issue.path[0])];
      if (!field) continue;
      const problem =
        field === 'lat' || field === 'lon' ? coordinateProblem(issue, cell(field)) : problemOf(issue, field);
      if (!errors.some(([f]) => f === field)) errors.push([field, problem]);
    }
  }
  // The IČO and DIČ rules of the form, also when another field failed first.
  for (const issue of companyIdIssues(payload)) {
    const field = customerFieldOf[issue.field]!;
    if (!errors.some(([f]) => f === field)) errors.push([field, issue.problem]);
  }
  const phone = parsed.success ? customerPhone(parsed.data.phonePrefix, parsed.data.phone) : null;
  if (parsed.success && !phone) errors.push(['phone', 'phone']);
  if (!parsed.success || !phone || errors.length) return { errors, values: null, keys: {} };
  const d = parsed.data;
  const address = composeAddress(d);
  return {
    errors,
    values: {
      firstName: d.firstName,
      lastName: d.lastName,
      organizationId: d.organizationId,
      organizationName: d.organizationName,
      vatId: d.vatId,
      email: d.email,
      prePhone: phone.prePhone,
      phone: phone.phone,
      ...address,
      gpsLat: d.lat,
      gpsLon: d.lon,
    },
    keys: {
      ...(d.organizationId ? { organization_id: d.organizationId } : {}),
      // f_phone_key of migration 0023: a Czech number by its nine digits, others with their prefix.
      phone: phone.prePhone === '+420' ? phone.phone : `${phone.prePhone}${phone.phone}`,
      ...(d.email ? { email: d.email.toLowerCase() } : {}),
    },
  };
}

const coordinateProblem = (issue: z.core.$ZodIssue, text: string): CellProblem =>
  text === '' ? 'required' : issue.code === 'invalid_type' ? 'number' : 'range';

function checkProduct(cell: (f: ImportField) => string, context: RowContext): CheckedRow {
  const errors: CheckedRow['errors'] = [];
  const fail = (field: ImportField, problem: CellProblem) => {
    if (!errors.some(([f]) => f === field)) errors.push([field, problem]);
  };
  const type = choose(cell('type'), typeChoices);
  if (cell('type') && !type) fail('type', 'choice');
  const subtype = cell('subtype') ? choose(cell('subtype'), subtypeChoices) : null;
  if (subtype === undefined) fail('subtype', 'choice');
  const unit = choose(cell('measurement_unit'), unitChoices);
  if (cell('measurement_unit') && !unit) fail('measurement_unit', 'choice');
  const length = cell('length') === '' ? undefined : parseDecimal(cell('length'));
  if (length !== undefined && (Number.isNaN(length) || !Number.isInteger(length))) {
    fail('length', Number.isNaN(length) ? 'number' : 'integer');
  }
  let warehouseId: number | null = null;
  const warehouse = cell('warehouse');
  if (warehouse) {
    const found = /^\d+$/.test(warehouse)
      ? context.warehouses.find((w) => w.id === Number(warehouse))
      : context.warehouses.find((w) => nameKey(w.name) === nameKey(warehouse));
    if (found) warehouseId = found.id;
    else fail('warehouse', 'unknown_warehouse');
  }
  const lines: { currency: Currency; price: ImportField; vat: ImportField }[] = [
    { currency: 'CZK', price: 'price_czk', vat: 'vat_czk' },
    { currency: 'EUR', price: 'price_eur', vat: 'vat_eur' },
  ];
  const priceForm: { currency: Currency; price: number; vat: number }[] = [];
  const lineFields: { price: ImportField; vat: ImportField }[] = [];
  for (const line of lines) {
    if (cell(line.price) === '') {
      if (cell(line.vat) !== '') fail(line.price, 'required');
      continue;
    }
    const price = parseDecimal(cell(line.price));
    const vat =
      cell(line.vat) === '' ? standardVatOn(line.currency, context.today) : parseDecimal(cell(line.vat));
    if (Number.isNaN(price)) fail(line.price, 'number');
    if (Number.isNaN(vat)) fail(line.vat, 'number');
    else if (Number.isInteger(vat) && !isVatRateValidOn(line.currency, context.today, vat)) {
      fail(line.vat, 'vat_not_valid_today');
    }
    priceForm.push({ currency: line.currency, price, vat });
    lineFields.push(line);
  }
  const name = cell('name');
  const parsed = productAddSchema.safeParse({
    name,
    shorten_name: cell('shorten_name') || name.slice(0, 50).trim(),
    type: type ?? cell('type'),
    subtype,
    length,
    measurement_unit: unit ?? cell('measurement_unit'),
    description: cell('description'),
    priceForm,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index, key] = issue.path;
      if (head === 'priceForm') {
        const line = lineFields[Number(index)];
        if (line) fail(key === 'vat' ? line.vat : line.price, problemOf(issue, line.price));
        continue;
      }
      const field = String(head) as ImportField;
      if (field === 'length' && length === undefined) fail('length', 'required');
      else fail(field, problemOf(issue, field));
    }
  }
  if (!parsed.success || errors.length) return { errors, values: null, keys: {} };
  const d = parsed.data;
  return {
    errors,
    values: {
      name: d.name,
      shortenName: d.shorten_name,
      type: d.type,
      subtype: d.subtype,
      length: d.length,
      measurementUnit: d.measurement_unit,
      description: d.description,
      prices: d.priceForm.map((p) => ({ warehouseId, currency: p.currency, price: p.price, vat: p.vat })),
    },
    keys: { name_length: `${nameKey(d.name)}|${d.length}` },
  };
}

/** Checks one row: `cells` are the file's cells, `mapping` the column of each target field. */
export function checkRow(
  kind: SpreadsheetKind,
  cells: readonly string[],
  mapping: Record<string, number>,
  context: RowContext,
): CheckedRow {
  const cell = (field: ImportField) => {
    const column = mapping[field];
    return column === undefined ? '' : (cells[column] ?? '').trim();
  };
  return kind === 'customers' ? checkCustomer(cell) : checkProduct(cell, context);
}

/** A good row as a likely duplicate of a later one names it (matches.ts). */
export function describeRow(kind: SpreadsheetKind, r: CheckedRow): { name: string; detail: string } {
  if (kind === 'customers') {
    const v = r.values as CustomerValues;
    return {
      name: [`${v.firstName} ${v.lastName}`.trim(), v.organizationName].filter(Boolean).join(', '),
      detail: [v.town, formatPhone(`${v.prePhone}${v.phone}`, ''), v.email].filter(Boolean).join(' · '),
    };
  }
  const v = r.values as ProductValues;
  return { name: v.name, detail: `${v.length} cm · ${v.measurementUnit}` };
}

/** The target fields of a kind that the mapping may name. */
export const fieldsOf = (kind: SpreadsheetKind): readonly ImportField[] => importFields[kind];
