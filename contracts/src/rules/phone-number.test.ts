import { describe, expect, it } from 'vitest';
import { formatPhone } from './format.ts';
import { normalizePhone, splitPhone } from './phone-number.ts';

describe('normalizePhone', () => {
  it.each([
    ['603 791 074', '+420603791074'],
    ['603-791-074', '+420603791074'],
    ['603791074', '+420603791074'],
    ['603/791 074', '+420603791074'],
    ['(603) 791.074', '+420603791074'],
    ['+420603791074', '+420603791074'],
    ['+420 603 791 074', '+420603791074'],
    ['00420 603 791 074', '+420603791074'],
    ['420603791074', '+420603791074'],
    ['+421 903 123 456', '+421903123456'],
    ['+43 664 1234567', '+436641234567'],
    ['+49 30 12345678', '+493012345678'],
  ])('reads %j under +420 as %s', (input, expected) => {
    expect(normalizePhone(input, '+420')).toBe(expected);
  });

  it('drops the trunk 0 of Slovak and Austrian national numbers', () => {
    expect(normalizePhone('0903 123 456', '+421')).toBe('+421903123456');
    expect(normalizePhone('0664 1234567', '+43')).toBe('+436641234567');
    expect(normalizePhone('664 1234567', '+43')).toBe('+436641234567');
    expect(normalizePhone('00421903123456', '+420')).toBe('+421903123456');
  });

  it.each([
    '',
    '   ',
    'abc',
    '603 791 07x',
    '60379107', // 8 digits: no Czech number
    '6037910745', // 10 digits
    '+420 60379107',
    '0603791074', // Czech numbers have no trunk 0
    '+0420603791074',
    '++420603791074',
    '603+791074',
    '12345',
    '+1234567890123456', // 16 digits: over E.164's 15
  ])('refuses %j', (input) => {
    expect(normalizePhone(input, '+420')).toBeNull();
  });

  it('formatPhone shows what it stores in the Czech grouping', () => {
    expect(formatPhone(normalizePhone('603-791-074', '+420'))).toBe('+420 603 791 074');
    expect(formatPhone(normalizePhone('0903 123 456', '+421'))).toBe('+421 903 123 456');
    expect(formatPhone(normalizePhone('0664 1234567', '+43'))).toBe('+43 664 123 45 67');
  });
});

describe('splitPhone (customers: pre_phone + phone, whole_phone in E.164)', () => {
  const prefixes = ['+420', '+421', '+43'] as const;
  it('keeps the chosen prefix and national digits only', () => {
    expect(splitPhone('+420', '603 791 074', prefixes)).toEqual({ prePhone: '+420', phone: '603791074' });
    expect(splitPhone('+421', '0903-123-456', prefixes)).toEqual({ prePhone: '+421', phone: '903123456' });
  });

  it('an international number typed into the phone decides the prefix', () => {
    expect(splitPhone('+420', '+421 903 123 456', prefixes)).toEqual({
      prePhone: '+421',
      phone: '903123456',
    });
    expect(splitPhone('+43', '00420603791074', prefixes)).toEqual({ prePhone: '+420', phone: '603791074' });
  });

  it('refuses a country the prefixes do not offer, and what is no number', () => {
    expect(splitPhone('+420', '+49 30 12345678', prefixes)).toBeNull();
    expect(splitPhone('+420', '603 791', prefixes)).toBeNull();
  });
});
