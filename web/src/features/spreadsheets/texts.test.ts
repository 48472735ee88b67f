import { importFields, spreadsheetProblems } from '@letokruh/contracts/spreadsheets';
import { describe, expect, it } from 'vitest';
import cs from './texts.cs.json';
import en from './texts.en.json';

type Catalogue = { [key: string]: string | Catalogue };
const flatten = (c: Catalogue, prefix = ''): [string, string][] =>
  Object.entries(c).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('the spreadsheet page’s words', () => {
  it('are the same keys with the same placeholders in Czech and English, none empty', () => {
    const csKeys = new Map(flatten(cs));
    const enKeys = new Map(flatten(en));
    expect([...enKeys.keys()].sort()).toEqual([...csKeys.keys()].sort());
    for (const [key, text] of csKeys) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(enKeys.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('name every field and every problem of a file', () => {
    for (const [kind, fields] of Object.entries(importFields)) {
      for (const f of fields) expect(cs.fields[kind as keyof typeof cs.fields], f).toHaveProperty(f);
    }
    for (const p of spreadsheetProblems) expect(cs.problems, p).toHaveProperty(p);
  });
});
