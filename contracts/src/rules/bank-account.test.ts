import { describe, expect, it } from 'vitest';
import { supplierInputSchema } from '../reference.ts';
import {
  czechIban,
  formatCzechAccountNumber,
  groupIban,
  isValidCzechAccount,
  isValidCzechAccountNumber,
  parseCzechAccountNumber,
} from './bank-account.ts';

describe('Czech account numbers', () => {
  it('accepts numbers whose check digits hold, with or without a prefix', () => {
    expect(isValidCzechAccountNumber('19-2000145399')).toBe(true);
    expect(isValidCzechAccountNumber('2000145399')).toBe(true);
    expect(isValidCzechAccountNumber('35-1154780008')).toBe(true);
    expect(isValidCzechAccountNumber('000035-1154780008')).toBe(true);
    expect(isValidCzechAccountNumber(' 2718340003 ')).toBe(true);
  });

  it('refuses a wrong check digit in the number or in the prefix', () => {
    expect(isValidCzechAccountNumber('2000145398')).toBe(false);
    expect(isValidCzechAccountNumber('18-2000145399')).toBe(false);
    expect(isValidCzechAccount('18-2000145399', '0800')).toBe(false);
  });

  it('refuses what is not the shape: letters, too long, one non-zero digit, two dashes', () => {
    for (const text of ['', 'abc', '12345678901', '1234567-2000145399', '0000000011', '1-2-3', '19-']) {
      expect(isValidCzechAccountNumber(text), text).toBe(false);
    }
  });

  it('is stricter than ibantools where the weighted sum leaves 1 and the check digit is 1', () => {
    // ibantools' BBAN check takes this number; the decree's rule (sum divisible by 11) does not.
    expect(isValidCzechAccountNumber('1000000031')).toBe(false);
    expect(isValidCzechAccount('1000000031', '0100')).toBe(false);
  });

  it('needs a four-digit bank code', () => {
    expect(isValidCzechAccount('2000145399', '0800')).toBe(true);
    expect(isValidCzechAccount('2000145399', '800')).toBe(false);
    expect(isValidCzechAccount('2000145399', '08000')).toBe(false);
  });

  it('keeps the account without leading zeros and writes the prefix only when there is one', () => {
    expect(parseCzechAccountNumber('000019-2000145399')).toEqual({
      prefix: '19',
      number: '2000145399',
    });
    expect(formatCzechAccountNumber({ prefix: '', number: '2718340003' })).toBe('2718340003');
    expect(formatCzechAccountNumber({ prefix: '35', number: '1154780008' })).toBe('35-1154780008');
  });

  it('builds the IBAN with its own check digits', () => {
    expect(czechIban('19-2000145399', '0800')).toBe('CZ6508000000192000145399');
    expect(czechIban('2000145399', '0800')).toBe('CZ7908000000002000145399');
    expect(czechIban('2000145398', '0800')).toBeNull();
    expect(groupIban('CZ6508000000192000145399')).toBe('CZ65 0800 0000 1920 0014 5399');
  });
});

describe('supplierInputSchema', () => {
  it('names the bad account and the bad bank code', () => {
    const result = supplierInputSchema.safeParse({
      name: 'Pila',
      bank_account: '2000145398',
      bank_code: '08',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['bank_account', 'bank_code']);
  });

  it('takes a valid supplier', () => {
    const result = supplierInputSchema.safeParse({
      name: ' Pila Brtnice ',
      bank_account: '35-1154780008',
      bank_code: '0800',
    });
    expect(result.data).toEqual({ name: 'Pila Brtnice', bank_account: '35-1154780008', bank_code: '0800' });
  });
});
