import { describe, expect, it } from 'vitest';
import { mailCountryOf, mailLanguageOf } from './mail-language.ts';

describe('language of a customer e-mail by the country typed on the customer', () => {
  it('reads Czech, English and native names with accents, case, dots and spaces aside', () => {
    for (const text of [
      'Česká republika',
      'ČESKÁ REPUBLIKA',
      '  česko ',
      'ČR',
      'Č.R.',
      'Czechia',
      'Czech Republic',
      'CZ',
    ]) {
      expect(mailCountryOf(text), text).toBe('CZ');
    }
    for (const text of ['Slovensko', 'Slovenská republika', 'Slovakia', 'SR', 'sk']) {
      expect(mailCountryOf(text), text).toBe('SK');
    }
    for (const text of ['Rakousko', 'Austria', 'Österreich', 'oesterreich', 'AT']) {
      expect(mailCountryOf(text), text).toBe('AT');
    }
    for (const text of ['Německo', 'NEMECKO', 'Germany', 'Deutschland', 'Spolková republika Německo', 'DE']) {
      expect(mailCountryOf(text), text).toBe('DE');
    }
  });

  it('writes Czech to Czechia and Slovakia, German to Austria and Germany, English elsewhere', () => {
    expect(mailLanguageOf('Česká republika')).toBe('cs');
    expect(mailLanguageOf('Slovensko')).toBe('cs');
    expect(mailLanguageOf('Rakousko')).toBe('de');
    expect(mailLanguageOf('Germany')).toBe('de');
    for (const other of ['Polsko', 'Poland', 'Maďarsko', 'France', 'Czech', 'Slovinsko', '', '  ']) {
      expect(mailLanguageOf(other), other).toBe('en');
    }
  });
});
