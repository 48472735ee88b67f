import { describe, expect, it } from 'vitest';
import {
  companyIdIssues,
  countryCodeOf,
  czechDicProblem,
  dicMatchesIco,
  icoCheckDigit,
  icoProblem,
  isValidIco,
  normalizeDic,
  normalizeIco,
  normalizeOrganizationId,
  vatIdProblem,
} from './czech-id.ts';

describe('IČO', () => {
  it('accepts real IČOs whose 8th digit is the modulo-11 check digit', () => {
    // ČEZ, Škoda Auto, Česká spořitelna, and the demo suppliers.
    for (const ico of ['45274649', '00177041', '45244782', '27082440', '25596641']) {
      expect(isValidIco(ico), ico).toBe(true);
    }
  });

  it('covers the two remainders that wrap: s mod 11 = 0 gives 1, s mod 11 = 1 gives 0', () => {
    // 1000000: s = 8 → c = 3; 0000000: s = 0 → c = 1; 0000004: s = 8 ... built from the rule.
    expect(icoCheckDigit('0000000')).toBe(1);
    expect(icoCheckDigit('0000006')).toBe(0); // s = 12, 12 mod 11 = 1 → (11 − 1) mod 10 = 0
    expect(icoCheckDigit('1000000')).toBe(3);
    expect(isValidIco('00000001')).toBe(true);
    expect(isValidIco('00000060')).toBe(true);
  });

  it('names a wrong length or letters as format, a wrong last digit as checksum', () => {
    expect(icoProblem('27082441')).toBe('ico_checksum');
    expect(icoProblem('2708244')).toBe('ico_format');
    expect(icoProblem('270824400')).toBe('ico_format');
    expect(icoProblem('2708244a')).toBe('ico_format');
    expect(icoProblem('27082440')).toBeNull();
  });

  it('drops spaces typed while copying', () => {
    expect(normalizeIco(' 270 82 440 ')).toBe('27082440');
    expect(normalizeOrganizationId('255 96 641')).toBe('25596641');
    expect(normalizeOrganizationId(' FN 123456 a ')).toBe('FN 123456 a');
  });
});

describe('DIČ', () => {
  it('is CZ + a valid IČO (legal person) or CZ + 9–10 digits (natural person)', () => {
    expect(czechDicProblem('CZ27082440')).toBeNull();
    expect(czechDicProblem('CZ7103192745')).toBeNull();
    expect(czechDicProblem('CZ640903926')).toBeNull();
    expect(czechDicProblem('CZ27082441')).toBe('dic_checksum');
    expect(czechDicProblem('27082440')).toBe('dic_format');
    expect(czechDicProblem('CZ1234567')).toBe('dic_format');
    expect(czechDicProblem('CZ12345678901')).toBe('dic_format');
  });

  it('upper-cases and drops spaces', () => {
    expect(normalizeDic(' cz 270 82 440')).toBe('CZ27082440');
  });

  it("of a legal person must be CZ + the same IČO; a person's 10 digits are not compared", () => {
    expect(dicMatchesIco('CZ27082440', '27082440')).toBe(true);
    expect(dicMatchesIco('CZ25596641', '27082440')).toBe(false);
    expect(dicMatchesIco('CZ7103192745', '27082440')).toBe(true);
    expect(dicMatchesIco('CZ27082440', '')).toBe(true);
  });
});

describe('VAT ids of customers', () => {
  it('checks Slovak IČ DPH (10 digits divisible by 11) and Austrian UID (Luhn-based digit)', () => {
    expect(vatIdProblem('SK2022749619')).toBeNull();
    expect(vatIdProblem('SK2022749618')).toBe('vat_id_checksum');
    expect(vatIdProblem('SK202274961')).toBe('vat_id_format');
    expect(vatIdProblem('ATU13585627')).toBeNull();
    expect(vatIdProblem('ATU13585626')).toBe('vat_id_checksum');
    expect(vatIdProblem('AT13585627')).toBe('vat_id_format');
    expect(vatIdProblem('CZ27082440')).toBeNull();
    expect(vatIdProblem('CZ27082441')).toBe('vat_id_checksum');
    expect(vatIdProblem('DE136695976')).toBeNull();
    expect(vatIdProblem('123')).toBe('vat_id_format');
  });
});

describe('customer ids by country', () => {
  const cz = { organizationId: '27082440', vatId: 'CZ27082440', country: 'Česká republika' };

  it('knows the three countries by Czech and English names', () => {
    expect(countryCodeOf(' Česká republika ')).toBe('CZ');
    expect(countryCodeOf('Slovakia')).toBe('SK');
    expect(countryCodeOf('Rakousko')).toBe('AT');
    expect(countryCodeOf('Německo')).toBeUndefined();
  });

  it('checks the IČO of a Czech customer, only the length of a Slovak one, nothing of others', () => {
    expect(companyIdIssues(cz)).toEqual([]);
    expect(companyIdIssues({ ...cz, organizationId: '27082441', vatId: '' })).toEqual([
      { field: 'organizationId', problem: 'ico_checksum' },
    ]);
    expect(companyIdIssues({ organizationId: '27082441', vatId: '', country: 'Slovensko' })).toEqual([]);
    expect(companyIdIssues({ organizationId: '1234', vatId: '', country: 'Slovensko' })).toEqual([
      { field: 'organizationId', problem: 'ico_format' },
    ]);
    expect(
      companyIdIssues({ organizationId: 'FN 123456a', vatId: 'ATU13585627', country: 'Rakousko' }),
    ).toEqual([]);
  });

  it("refuses a Czech company's DIČ that is not CZ + its IČO", () => {
    expect(companyIdIssues({ ...cz, vatId: 'CZ25596641' })).toEqual([
      { field: 'vatId', problem: 'dic_not_ico' },
    ]);
  });

  it('leaves an unchanged legacy value alone on an edit, and checks it once it changes', () => {
    const legacy = { organizationId: '12345678', vatId: '', country: 'Česká republika' };
    expect(companyIdIssues(legacy)).toHaveLength(1);
    expect(companyIdIssues(legacy, legacy)).toEqual([]);
    expect(companyIdIssues({ ...legacy, organizationId: '12345670' }, legacy)).toEqual([
      { field: 'organizationId', problem: 'ico_checksum' },
    ]);
    const moved = { organizationId: '1234', vatId: '', country: 'Slovensko' };
    expect(companyIdIssues({ ...moved, country: 'Česká republika' }, moved)).toEqual([
      { field: 'organizationId', problem: 'ico_format' },
    ]);
  });
});
