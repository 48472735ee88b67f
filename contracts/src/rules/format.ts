import { numberFormat } from './intl.ts';
import { roundMoney } from './money.ts';
import { pragueWallClockAsUtc } from './prague-day.ts';

/**
 * Number and date formats of domain.md §2.9, shared by the web app and the documents.
 * Dates of deliveries are Prague wall-clock; instants are shown in Prague time.
 */
export type Lang = 'cs' | 'en';
const locale = (lang: Lang) => (lang === 'cs' ? 'cs-CZ' : 'en-GB');

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

/**
 * One way to write a date per language (decision 0088): Czech "3.2.2024", English "3 Feb 2024";
 * with the clock "3.2.2024 08:05" / "3 Feb 2024 08:05"; without the year "3.2." / "3 Feb". The
 * English month names are fixed here, not ICU's, whose British "Sept" varies by version.
 */
const englishMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const englishMonthsLong = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** The Czech month in the genitive, as a date says it: "25. listopadu". */
const czechMonthsOf = [
  'ledna',
  'února',
  'března',
  'dubna',
  'května',
  'června',
  'července',
  'srpna',
  'září',
  'října',
  'listopadu',
  'prosince',
];
const englishWeekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const czechWeekdaysShort = ['po', 'út', 'st', 'čt', 'pá', 'so', 'ne'];

/** The Prague day (YYYY-MM-DD) and clock (HH:MM) of an instant. */
function pragueParts(instant: Date): { day: string; clock: string } {
  const wall = pragueWallClockAsUtc(instant).toISOString();
  return { day: wall.slice(0, 10), clock: wall.slice(11, 16) };
}

/** YYYY-MM-DD (also at the start of a longer text) or the server's day.month.year, as numbers. */
function dayParts(text: string): { y: number; m: number; d: number } | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return { y: Number(iso[1]), m: Number(iso[2]), d: Number(iso[3]) };
  const day = parseDay(text);
  return day ? dayParts(day) : null;
}

/** Monday 0 … Sunday 6. */
const weekdayOf = ({ y, m, d }: { y: number; m: number; d: number }) =>
  (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;

/** Short form: the day and the Prague clock, "3.2.2024 08:05" / "3 Feb 2024 08:05". */
export function formatDateShort(
  value: Date | string | null | undefined,
  lang: Lang = 'cs',
  noValue = '—',
): string {
  if (!value) return noValue;
  const instant = toDate(value);
  if (Number.isNaN(instant.getTime())) return noValue;
  const { day, clock } = pragueParts(instant);
  return `${formatDay(day, lang)} ${clock}`;
}

/** Long form: adds the weekday and the month's name, "neděle 31. března 2024 v 09:30". */
export function formatDateLong(
  value: Date | string | null | undefined,
  lang: Lang = 'cs',
  noValue = '—',
): string {
  if (!value) return noValue;
  const instant = toDate(value);
  if (Number.isNaN(instant.getTime())) return noValue;
  const { day, clock } = pragueParts(instant);
  return `${formatDayLong(day, lang)} ${lang === 'en' ? 'at' : 'v'} ${clock}`;
}

/**
 * A calendar day (YYYY-MM-DD, or the server's day.month.year) as the language writes it:
 * "3.2.2024" (domain.md §2.9) or "3 Feb 2024".
 */
export function formatDay(day: string | null | undefined, lang: Lang = 'cs', noValue = '—'): string {
  const p = day ? dayParts(day) : null;
  if (!p) return noValue;
  return lang === 'en' ? `${p.d} ${englishMonths[p.m - 1]} ${p.y}` : `${p.d}.${p.m}.${p.y}`;
}

/** A day without its year, optionally with the weekday: "po 23.11." / "Mon 23 Nov". */
export function formatDayMonth(
  day: string | null | undefined,
  lang: Lang = 'cs',
  weekday: 'none' | 'short' | 'long' = 'none',
  noValue = '—',
): string {
  const p = day ? dayParts(day) : null;
  if (!p) return noValue;
  const date = lang === 'en' ? `${p.d} ${englishMonths[p.m - 1]}` : `${p.d}.${p.m}.`;
  if (weekday === 'none') return date;
  const w = weekdayOf(p);
  const name =
    lang === 'en'
      ? weekday === 'long'
        ? englishWeekdays[w]
        : englishWeekdays[w]!.slice(0, 3)
      : weekday === 'long'
        ? czechWeekdays[w]
        : czechWeekdaysShort[w];
  return `${name} ${date}`;
}

/** A day's heading: "středa 25. listopadu 2026" / "Wednesday 25 November 2026". */
export function formatDayLong(day: string | null | undefined, lang: Lang = 'cs', noValue = '—'): string {
  const p = day ? dayParts(day) : null;
  if (!p) return noValue;
  const w = weekdayOf(p);
  return lang === 'en'
    ? `${englishWeekdays[w]} ${p.d} ${englishMonthsLong[p.m - 1]} ${p.y}`
    : `${czechWeekdays[w]} ${p.d}. ${czechMonthsOf[p.m - 1]} ${p.y}`;
}

/**
 * A month (YYYY-MM…): "11/2026" / "Nov 2026" (a chart's bar); `long`: "listopad 2026" /
 * "November 2026", or without the year "listopad" / "November" (a week across two months).
 */
export function formatMonth(
  month: string | null | undefined,
  lang: Lang = 'cs',
  form: 'short' | 'long' | 'longNoYear' = 'short',
  noValue = '—',
): string {
  const m = month ? /^(\d{4})-(\d{2})/.exec(month) : null;
  if (!m) return noValue;
  const [y, mo] = [Number(m[1]), Number(m[2])];
  if (form === 'short') return lang === 'en' ? `${englishMonths[mo - 1]} ${y}` : `${mo}/${y}`;
  const name = lang === 'en' ? englishMonthsLong[mo - 1] : czechMonths[mo - 1];
  return form === 'long' ? `${name} ${y}` : `${name}`;
}

/** The Prague clock of an instant: "14:32" in both languages. */
export function formatTime(value: Date | string | null | undefined, noValue = '—'): string {
  if (!value) return noValue;
  const instant = toDate(value);
  return Number.isNaN(instant.getTime()) ? noValue : pragueParts(instant).clock;
}

/** A day and clock of an instant without the year: "27.11. 14:32" / "27 Nov 14:32". */
export function formatDayMonthTime(
  value: Date | string | null | undefined,
  lang: Lang = 'cs',
  noValue = '—',
) {
  if (!value) return noValue;
  const instant = toDate(value);
  if (Number.isNaN(instant.getTime())) return noValue;
  const { day, clock } = pragueParts(instant);
  return `${formatDayMonth(day, lang)} ${clock}`;
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
 * (formatDay), "15.1.2024 08:30" (formatDateShort), "1 234,50 Kč" (formatMoney, cs). Thousands
 * are the spreadsheet's own separator (a space in Czech), which Intl writes as a no-break space.
 */
export const spreadsheetFormats = {
  day: 'd.m.yyyy',
  dateTime: 'd.m.yyyy hh:mm',
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
