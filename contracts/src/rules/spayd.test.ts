import { describe, expect, it } from 'vitest';
import {
  buildEpcPayload,
  buildSpayd,
  czechBic,
  epcPayloadMaxBytes,
  escapeSpaydValue,
  PaymentQrError,
  qrAmount,
  spaydMessage,
  supplierIban,
} from './spayd.ts';

const iban = 'CZ6508000000192000145399';

describe('IBAN of a supplier', () => {
  it('builds the IBAN of valid Czech accounts', () => {
    expect(supplierIban({ bank_account: '19-2000145399', bank_code: '0800' })).toBe(iban);
    expect(supplierIban({ bank_account: '1234567899', bank_code: '0800' })).toBe('CZ5508000000001234567899');
  });

  it('gives nothing for a wrong check digit, a bad bank code or garbage', () => {
    expect(supplierIban({ bank_account: '19-2000145398', bank_code: '0800' })).toBeNull();
    expect(supplierIban({ bank_account: '18-2000145399', bank_code: '0800' })).toBeNull();
    expect(supplierIban({ bank_account: '19-2000145399', bank_code: '080' })).toBeNull();
    expect(supplierIban({ bank_account: 'abc', bank_code: '0800' })).toBeNull();
  });
});

describe('amount of the QR payment', () => {
  it('rounds a CZK total to whole koruny, half away from zero, and says so', () => {
    expect(qrAmount(1234.5, 'CZK')).toEqual({ amount: 1235, original_amount: 1234.5, rounded: true });
    expect(qrAmount(1234.49, 'CZK')).toEqual({ amount: 1234, original_amount: 1234.49, rounded: true });
    expect(qrAmount(1234.005, 'CZK')).toEqual({ amount: 1234, original_amount: 1234.01, rounded: true });
  });

  it('leaves a whole CZK total and a EUR total in cents as they are', () => {
    expect(qrAmount(1234, 'CZK')).toEqual({ amount: 1234, original_amount: 1234, rounded: false });
    expect(qrAmount(12.3, 'EUR')).toEqual({ amount: 12.3, original_amount: 12.3, rounded: false });
  });
});

describe('SPAYD', () => {
  it('writes the fields of domain.md §3.3 with the amount in two decimals', () => {
    expect(
      buildSpayd({ iban, amount: 1235, variableSymbol: 2026000042, message: 'Objednavka 2026000042' }),
    ).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:1235.00*CC:CZK*X-VS:2026000042*MSG:Objednavka 2026000042',
    );
    expect(buildSpayd({ iban: 'CZ65 0800 0000 1920 0014 5399', amount: 0.5, variableSymbol: '7' })).toBe(
      'SPD*1.0*ACC:CZ6508000000192000145399*AM:0.50*CC:CZK*X-VS:7',
    );
  });

  it('escapes a star in a value', () => {
    expect(escapeSpaydValue('a*b**')).toBe('a%2Ab%2A%2A');
    expect(buildSpayd({ iban, amount: 1, variableSymbol: 1, message: 'sleva*10' })).toMatch(
      /\*MSG:sleva%2A10$/,
    );
  });

  it('keeps the message ASCII and at most 60 characters, never cutting an escape in half', () => {
    expect(spaydMessage('Objednávka č. 5 – dřevo, Třebíč')).toBe('Objednavka c. 5 drevo, Trebic');
    expect(spaydMessage('x'.repeat(100))).toHaveLength(60);
    const stars = spaydMessage(`${'x'.repeat(58)}*y`);
    expect(stars).toBe('x'.repeat(58));
    expect(spaydMessage(`${'x'.repeat(57)}*y`)).toBe(`${'x'.repeat(57)}%2A`);
  });

  it('refuses a bad IBAN, amount or variable symbol', () => {
    const ok = { iban, amount: 100, variableSymbol: 2026000042 };
    expect(() => buildSpayd({ ...ok, iban: 'CZ6508000000192000145398' })).toThrow(PaymentQrError);
    expect(() => buildSpayd({ ...ok, iban: '19-2000145399/0800' })).toThrow(PaymentQrError);
    expect(() => buildSpayd({ ...ok, amount: 0 })).toThrow(PaymentQrError);
    expect(() => buildSpayd({ ...ok, amount: -5 })).toThrow(PaymentQrError);
    expect(() => buildSpayd({ ...ok, amount: 10_000_000 })).toThrow(PaymentQrError);
    expect(() => buildSpayd({ ...ok, amount: Number.NaN })).toThrow(PaymentQrError);
    expect(() => buildSpayd({ ...ok, variableSymbol: '12345678901' })).toThrow(PaymentQrError);
    expect(() => buildSpayd({ ...ok, variableSymbol: '12a' })).toThrow(PaymentQrError);
    expect(() => buildSpayd({ ...ok, variableSymbol: '' })).toThrow(PaymentQrError);
  });
});

describe('EPC (SEPA) payload', () => {
  it('is the BCD version 002 block in UTF-8 (character set 1), lines ended by LF', () => {
    expect(
      buildEpcPayload({
        iban,
        name: 'Palivové dřevo Vysočina s.r.o.',
        amount: 125.4,
        text: 'Objednávka 2026000042',
        bic: 'GIBACZPX',
      }),
    ).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'GIBACZPX',
        'Palivové dřevo Vysočina s.r.o.',
        iban,
        'EUR125.40',
        '',
        '',
        'Objednávka 2026000042',
      ].join('\n'),
    );
  });

  it('leaves the BIC line empty when the bank is not known (optional in 002)', () => {
    const lines = buildEpcPayload({ iban, name: 'Dodavatel', amount: 1, text: 'x', bic: null }).split('\n');
    expect(lines.slice(0, 5)).toEqual(['BCD', '002', '1', 'SCT', '']);
    expect(czechBic('0800')).toBe('GIBACZPX');
    expect(czechBic('0100')).toBe('KOMBCZPP');
    expect(czechBic('9999')).toBeNull();
  });

  it('cuts the name to 70 and the text to 140 characters', () => {
    const lines = buildEpcPayload({ iban, name: 'N'.repeat(90), amount: 1, text: 'T'.repeat(200) }).split(
      '\n',
    );
    expect(lines[5]).toHaveLength(70);
    expect(lines[10]).toHaveLength(140);
  });

  it('stays within 331 bytes of UTF-8, shortening the text, never splitting a letter', () => {
    const payload = buildEpcPayload({
      iban,
      name: 'Ř'.repeat(70),
      amount: 999_999_999.99,
      text: 'č'.repeat(140),
      bic: 'GIBACZPX',
    });
    const bytes = new TextEncoder().encode(payload).length;
    expect(bytes).toBeLessThanOrEqual(epcPayloadMaxBytes);
    expect(bytes).toBeGreaterThan(epcPayloadMaxBytes - 2);
    const lines = payload.split('\n');
    expect(lines[5]).toBe('Ř'.repeat(70));
    expect(lines[10]).toMatch(/^č+$/);
    const emoji = buildEpcPayload({ iban, name: '🌲'.repeat(70), amount: 1, text: 'Objednávka 1' });
    expect(new TextEncoder().encode(emoji).length).toBeLessThanOrEqual(epcPayloadMaxBytes);
  });

  it('refuses a bad IBAN, BIC, an empty name or an amount out of range', () => {
    const ok = { iban, name: 'Dodavatel', amount: 10, text: '' };
    expect(() => buildEpcPayload({ ...ok, iban: 'CZ00' })).toThrow(PaymentQrError);
    expect(() => buildEpcPayload({ ...ok, bic: 'GIBA' })).toThrow(PaymentQrError);
    expect(() => buildEpcPayload({ ...ok, name: '  ' })).toThrow(PaymentQrError);
    expect(() => buildEpcPayload({ ...ok, amount: 0 })).toThrow(PaymentQrError);
    expect(() => buildEpcPayload({ ...ok, amount: 1e9 })).toThrow(PaymentQrError);
  });
});
