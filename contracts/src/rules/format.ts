import { dateTimeFormat, numberFormat } from './intl.ts';
import { roundMoney } from './money.ts';

/**
 * Number and date formats of domain.md §2.9, shared by the web app and the documents.
 * Dates of deliveries are Prague wall-clock; instants are shown in Prague time.
 */
export type Lang = 'cs' | 'en';
const locale = (lang: Lang) => (lang === 'cs' ? 'cs-CZ' : 'en-GB');
const timeZone = 'Europe/Prague';

/** "1 234,-": whole currency units with the Czech dash suffix. */
export function formatMoneyWhole(value: number | null | undefined, noValue = '—'): string {
  if (value === null || value === undefined || Number.isNaN(value)) return noValue;
  return `${numberFormat('cs-CZ', { maximumFractionDigits: 0 }).format(roundMoney(value, 0) || 0)},-`;
}

/** Exactly two fraction digits, optionally with the currency: "1 234,50 Kč". */
export function formatMoney(
  value: number | null | undefined,
  currency?: 'CZK' | 'EUR',
  lang: Lang = 'cs',
  noValue = '—',
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return noValue;
  return numberFormat(locale(lang), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    ...(currency ? { style: 'currency', currency } : {}),
  }).format(value);
}

/** The "no value" rule of domain.md §2.9: null shows the label, other empty values show 0. */
export function formatNumber(
  value: number | string | null | undefined,
  lang: Lang = 'cs',
  noValue = '—',
): string {
  if (value === null) return noValue;
  const n = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  if (n === undefined || value === '' || Number.isNaN(n)) return '0';
  return numberFormat(locale(lang), { maximumFractionDigits: 2 }).format(n);
}

export function formatPercent(value: number | null | undefined, lang: Lang = 'cs', noValue = '—'): string {
  if (value === null || value === undefined) return noValue;
  return numberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Short form: numeric day, month, year, hour and minute. */
export function formatDateShort(
  value: Date | string | null | undefined,
  lang: Lang = 'cs',
  noValue = '—',
): string {
  if (!value) return noValue;
  return dateTimeFormat(locale(lang), {
    timeZone,
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(toDate(value));
}

/** Long form: adds the weekday and the month's name. */
export function formatDateLong(
  value: Date | string | null | undefined,
  lang: Lang = 'cs',
  noValue = '—',
): string {
  if (!value) return noValue;
  return dateTimeFormat(locale(lang), {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(toDate(value));
}

/** A calendar date (YYYY-MM-DD) as the server's day.month.year. */
export function formatDay(isoDate: string | null | undefined, noValue = '—'): string {
  if (!isoDate) return noValue;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return noValue;
  return `${Number(m[3])}.${Number(m[2])}.${m[1]}`;
}

/** day.month.year back to YYYY-MM-DD; null when it is not a real date. */
export function parseDay(text: string): string | null {
  const m = /^\s*(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Number formats of the XLSX exports: a spreadsheet keeps numbers and dates typed (sums and filters
 * work) and shows them, in a Czech Excel or LibreOffice, as the strings above do — "3.2.2024"
 * (formatDay), "15. 1. 2024 08:30" (formatDateShort), "1 234,50 Kč" (formatMoney, cs). Thousands
 * are the spreadsheet's own separator (a space in Czech), which Intl writes as a no-break space.
 */
export const spreadsheetFormats = {
  day: 'd.m.yyyy',
  dateTime: 'd. m. yyyy hh:mm',
  amount: '#,##0.00',
  money: { CZK: '#,##0.00 "Kč"', EUR: '#,##0.00 "€"' },
} as const;

export const czechMonths = [
  'leden',
  'únor',
  'březen',
  'duben',
  'květen',
  'červen',
  'červenec',
  'srpen',
  'září',
  'říjen',
  'listopad',
  'prosinec',
] as const;

/** Week starts on Monday (domain.md §1.9). */
export const czechWeekdays = ['pondělí', 'úterý', 'středa', 'čtvrtek', 'pátek', 'sobota', 'neděle'] as const;

/**
 * A phone number stored in E.164 ("+420603791074") as Czech documents group it (domain.md §4.5):
 * the country code, then the national number in threes ("+420 603 791 074"); a last group of one
 * digit joins the one before ("+43 664 123 45 67"). Anything that is not E.164 is shown as it is.
 */
export function formatPhone(e164: string | null | undefined, noValue = '—'): string {
  if (!e164) return noValue;
  const m = /^\+(420|421|43|49|\d{1,3}?)(\d{4,14})$/.exec(e164.replace(/[\s/-]/g, ''));
  if (!m) return e164;
  const groups: string[] = m[2]?.match(/.{1,3}/g) ?? [];
  if (groups.length > 1 && groups.at(-1)?.length === 1) {
    const last = groups.pop() as string;
    const before = groups.pop() as string;
    groups.push(before.slice(0, 2), `${before.slice(2)}${last}`);
  }
  return [`+${m[1]}`, ...groups].join(' ');
}
