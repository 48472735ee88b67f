/**
 * Company and tax identifiers a Czech document shows (domain.md §4.2): the IČO with its
 * modulo-11 check digit, the DIČ (CZ + IČO for a legal person, CZ + 9–10 digits for a natural
 * person), and the VAT ids of the neighbours customers come from (Slovakia, Austria).
 * Problems are named by stable keys (`IdProblem`) that the web app translates.
 */

export type IdProblem =
  | 'ico_format'
  | 'ico_checksum'
  | 'dic_format'
  | 'dic_checksum'
  | 'dic_not_ico'
  | 'dic_required'
  | 'vat_id_format'
  | 'vat_id_checksum';

const weights = [8, 7, 6, 5, 4, 3, 2];

/** The 8th digit of an IČO from its first seven: c = (11 − Σ dᵢ·wᵢ mod 11) mod 10. */
export function icoCheckDigit(firstSeven: string): number {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(firstSeven[i]), 0);
  return (11 - (sum % 11)) % 10;
}

/** Spaces typed while copying ("255 96 641") are dropped. */
export const normalizeIco = (text: string): string => text.replace(/\s+/g, '');

export const isValidIco = (ico: string): boolean =>
  /^\d{8}$/.test(ico) && icoCheckDigit(ico.slice(0, 7)) === Number(ico[7]);

/** What is wrong with an IČO (already normalised), or null. */
export function icoProblem(ico: string): IdProblem | null {
  if (!/^\d{8}$/.test(ico)) return 'ico_format';
  return isValidIco(ico) ? null : 'ico_checksum';
}

/** Spaces dropped, letters upper-case: "cz 27082440" → "CZ27082440". */
export const normalizeDic = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/**
 * A Czech DIČ: CZ + 8 digits is a legal person's IČO (its check digit must hold); CZ + 9 or 10
 * digits is a natural person's birth number or a number the tax office assigned, whose own
 * checks have exceptions, so only the length is tested.
 */
export function czechDicProblem(dic: string): IdProblem | null {
  const m = /^CZ(\d{8,10})$/.exec(dic);
  if (!m?.[1]) return 'dic_format';
  return m[1].length === 8 && !isValidIco(m[1]) ? 'dic_checksum' : null;
}

/**
 * A legal person's DIČ is CZ + its IČO: an 8-digit DIČ beside another valid IČO is a typo (a
 * missing or wrong IČO is its own problem, not the DIČ's).
 */
export const dicMatchesIco = (dic: string, ico: string): boolean =>
  !/^CZ\d{8}$/.test(dic) || !isValidIco(ico) || dic === `CZ${ico}`;

/** Austrian UID: ATU + 8 digits, the last one (6 − Luhn sum of digits 1–7) mod 10. */
function atUidValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    // Luhn from the right of the seven digits: the last one single, its left neighbour doubled…
    const d = Number(digits[6 - i]) * (i % 2 === 1 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return (((6 - (sum % 10)) % 10) + 10) % 10 === Number(digits[7]);
}

/**
 * A customer's VAT id (`vat_id`): Czech DIČ as above; Slovak IČ DPH SK + 10 digits divisible by
 * 11; Austrian UID ATU + 8 digits with its check digit; another EU country's number is taken as
 * two letters and 2–12 letters or digits (not checked further).
 */
export function vatIdProblem(vatId: string): IdProblem | null {
  if (vatId.startsWith('CZ')) {
    const problem = czechDicProblem(vatId);
    return problem === null ? null : problem === 'dic_checksum' ? 'vat_id_checksum' : 'vat_id_format';
  }
  if (vatId.startsWith('SK')) {
    if (!/^SK\d{10}$/.test(vatId)) return 'vat_id_format';
    return BigInt(vatId.slice(2)) % 11n === 0n ? null : 'vat_id_checksum';
  }
  if (vatId.startsWith('AT')) {
    if (!/^ATU\d{8}$/.test(vatId)) return 'vat_id_format';
    return atUidValid(vatId.slice(3)) ? null : 'vat_id_checksum';
  }
  return /^[A-Z]{2}[0-9A-Z]{2,12}$/.test(vatId) ? null : 'vat_id_format';
}

/** Countries whose company numbers are checked, by the names the customer form offers. */
export type IdCountry = 'CZ' | 'SK' | 'AT';
const countryNames: Record<IdCountry, string[]> = {
  CZ: ['česká republika', 'česko', 'czechia', 'czech republic', 'cz'],
  SK: ['slovensko', 'slovakia', 'slovenská republika', 'sk'],
  AT: ['rakousko', 'austria', 'österreich', 'at'],
};
export function countryCodeOf(country: string): IdCountry | undefined {
  const name = country.trim().toLowerCase();
  return (Object.keys(countryNames) as IdCountry[]).find((code) => countryNames[code].includes(name));
}

/** An organization id as kept: a Czech or Slovak IČO without spaces, anything else as typed. */
export const normalizeOrganizationId = (text: string): string =>
  /^[\d\s]+$/.test(text) ? normalizeIco(text) : text.trim();

export type CompanyIds = { organizationId: string; vatId: string; country: string };
export type CompanyIdIssue = { field: 'organizationId' | 'vatId'; problem: IdProblem };

/**
 * The problems of a customer's IČO and VAT id. A Czech customer's IČO carries the modulo-11
 * check; a Slovak one is 8 digits (same length, its check digit is not verified here); other
 * countries' numbers are free text. With `previous` (an edit), a value is checked only when it
 * or the country changed, so a customer saved before the checks can still be edited.
 */
export function companyIdIssues(ids: CompanyIds, previous?: CompanyIds): CompanyIdIssue[] {
  const issues: CompanyIdIssue[] = [];
  const countryChanged =
    previous !== undefined && countryCodeOf(previous.country) !== countryCodeOf(ids.country);
  const changed = (key: 'organizationId' | 'vatId') =>
    previous === undefined || countryChanged || previous[key] !== ids[key];
  const country = countryCodeOf(ids.country);
  if (ids.organizationId !== '' && changed('organizationId')) {
    if (country === 'CZ') {
      const problem = icoProblem(ids.organizationId);
      if (problem) issues.push({ field: 'organizationId', problem });
    } else if (country === 'SK' && !/^\d{8}$/.test(ids.organizationId)) {
      issues.push({ field: 'organizationId', problem: 'ico_format' });
    }
  }
  if (ids.vatId !== '' && (changed('vatId') || changed('organizationId'))) {
    const problem = vatIdProblem(ids.vatId);
    if (problem) issues.push({ field: 'vatId', problem });
    else if (country === 'CZ' && !dicMatchesIco(ids.vatId, ids.organizationId)) {
      issues.push({ field: 'vatId', problem: 'dic_not_ico' });
    }
  }
  return issues;
}
