import { ErrorCode } from '@letokruh/contracts/errors';
import { describe, expect, it } from 'vitest';
import cs from './cs.json';
import en from './en.json';
import { i18n } from './index';

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const csKeys = flatten(cs);
const enKeys = flatten(en);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it('cs.json and en.json hold exactly the same keys', () => {
    expect(csKeys.size).toBeGreaterThan(50);
    expect([...enKeys.keys()].sort()).toEqual([...csKeys.keys()].sort());
  });

  it('no text is empty and both languages use the same placeholders', () => {
    for (const [key, text] of csKeys) {
      expect(text.trim(), `cs ${key}`).not.toBe('');
      expect(enKeys.get(key)?.trim(), `en ${key}`).not.toBe('');
      expect(placeholders(enKeys.get(key) ?? ''), `placeholders of ${key}`).toEqual(placeholders(text));
    }
  });

  it.each(Object.entries(ErrorCode))(
    'error %s (%i) has an errors.<code> text in both languages',
    (_, code) => {
      expect(csKeys.get(`errors.${code}`)).toBeTruthy();
      expect(enKeys.get(`errors.${code}`)).toBeTruthy();
    },
  );

  it('has the texts the API client falls back to', () => {
    for (const key of ['errors.unknown', 'errors.network']) {
      expect(csKeys.has(key), key).toBe(true);
      expect(enKeys.has(key), key).toBe(true);
    }
  });
});

describe('Czech plural forms', () => {
  it('the Czech plural rules are one / few / many (fractions) / other', () => {
    const rules = new Intl.PluralRules('cs');
    expect(rules.resolvedOptions().pluralCategories.sort()).toEqual(['few', 'many', 'one', 'other']);
    expect(rules.select(1.5)).toBe('many');
  });

  it.each([
    [1, '1 záznam'],
    [2, '2 záznamy'],
    [3, '3 záznamy'],
    [4, '4 záznamy'],
    [5, '5 záznamů'],
    [0, '0 záznamů'],
    [11, '11 záznamů'],
    [22, '22 záznamů'],
  ])('common.records with count %s reads "%s"', (count, expected) => {
    expect(i18n.t('common.records', { count, lng: 'cs' })).toBe(expected);
  });

  it('a fraction takes the "many" form', () => {
    expect(i18n.t('common.records', { count: 1.5, lng: 'cs' })).toMatch(/ záznamu$/);
  });

  it('English has one and other', async () => {
    await i18n.loadLanguages('en'); // loaded when chosen, not bundled (main.tsx waits for it)
    expect(i18n.t('common.records', { count: 1, lng: 'en' })).toBe('1 record');
    expect(i18n.t('common.records', { count: 0, lng: 'en' })).toBe('0 records');
    expect(i18n.t('common.records', { count: 3, lng: 'en' })).toBe('3 records');
  });
});
