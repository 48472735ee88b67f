import { describe, expect, it } from 'vitest';
import { formatPhone } from './format.ts';
import { normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it('stores the common Czech spellings as one E.164 number', () => {
    for (const text of [
      '603 791 074',
      '603791074',
      '+420 603 791 074',
      '+420603791074',
      '00420 603 791 074',
      '420603791074',
      '(+420) 603-791-074',
      '603/791 074',
    ]) {
      expect(normalizePhone(text), text).toBe('+420603791074');
    }
    expect(formatPhone(normalizePhone('603791074'))).toBe('+420 603 791 074');
  });

  it('keeps another country code, and reads a national number by the country given', () => {
    expect(normalizePhone('+421 905 123 456')).toBe('+421905123456');
    expect(normalizePhone('0905 123 456', 'SK')).toBe('+421905123456');
    expect(normalizePhone('0664 123 4567', 'AT')).toBe('+436641234567');
    expect(normalizePhone('+49 30 1234567')).toBe('+49301234567');
  });

  it('refuses letters, a Czech number of other than 9 digits, and too long numbers', () => {
    expect(normalizePhone('603 791 07')).toBeNull();
    expect(normalizePhone('+420 603 791 0745')).toBeNull();
    expect(normalizePhone('tel. 603791074')).toBeNull();
    expect(normalizePhone('+1234567890123456')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });
});
