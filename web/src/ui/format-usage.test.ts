import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0088: a date (and a number) becomes text in one place, web/src/ui/format.ts, so that each
 * language writes it one way everywhere. This reads every source file of the web app and fails on a
 * date formatted by hand anywhere else.
 */
const src = path.resolve(import.meta.dirname, '..');
const allowed = new Set(['ui/format.ts']);

const byHand: [string, RegExp][] = [
  ['toLocaleDateString / toLocaleString / toLocaleTimeString', /\.toLocale(?:Date|Time)?String\(/],
  ['Intl.DateTimeFormat', /\bIntl\s*\.\s*DateTimeFormat\b/],
  ['the kept Intl formatters of contracts/rules/intl', /\b(?:dateTimeFormat|numberFormat)\s*\(/],
  ['a locale spelt out', /['"`](?:cs-CZ|en-GB|en-US|cs_CZ)['"`]/],
  [
    'a date function of contracts/rules/format imported past the format module',
    /import\s*\{[^}]*\bformat(?:Day|DateShort|DateLong|DayMonth|DayLong|Month|Time|DayMonthTime)\b[^}]*\}\s*from\s*'@letokruh\/contracts\/rules\/format'/,
  ],
  [
    'a dayjs display pattern',
    /\.format\(\s*(['"`])(?!YYYY-MM-DD\1)[^'"`]*\b(?:D{1,2}|M{1,4}|YY(?:YY)?)\b[^'"`]*\1\s*\)/,
  ],
  ['day.month.year put together by hand', /\$\{[^}]+\}\.\s?\$\{[^}]+\}\.\s?\$\{[^}]+\}/],
  ['a month counted by hand', /\.get(?:UTC)?Month\(\)\s*\+\s*1/],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|^test-/.test(name) ? [file] : [];
  });
}

const offences = (text: string) => byHand.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);

describe('dates become text only in the format module', () => {
  it('finds each kind of hand-made date it looks for', () => {
    const samples = [
      'new Date(at).toLocaleDateString("cs")',
      "new Intl.DateTimeFormat(lang, { day: 'numeric' })",
      "dateTimeFormat(lang, { month: 'long' }).format(day)",
      "i18n.language === 'en' ? 'en-GB' : 'cs-CZ'",
      "import { formatDay, parseDay } from '@letokruh/contracts/rules/format';",
      "dayjs(day).format('D. M. YYYY')",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source text, not a template
      '`${d}.${m}.${y}`',
      'date.getMonth() + 1',
    ];
    for (const [i, sample] of samples.entries()) expect(offences(sample), sample).toEqual([byHand[i]![0]]);
    expect(offences("dayjs(day).format('YYYY-MM-DD')")).toEqual([]);
    expect(offences("import { parseDay } from '@letokruh/contracts/rules/format';")).toEqual([]);
  });

  it('no component or helper formats a date by hand', () => {
    const files = sources(src);
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .filter((file) => !allowed.has(path.relative(src, file).split(path.sep).join('/')))
      .flatMap((file) =>
        offences(readFileSync(file, 'utf8')).map((what) => `${path.relative(src, file)}: ${what}`),
      );
    expect(found).toEqual([]);
  });
});
