import { describe, expect, it } from 'vitest';
import {
  czechMonths,
  czechWeekdays,
  formatDateLong,
  formatDateShort,
  formatDay,
  formatDayLong,
  formatDayMonth,
  formatDayMonthTime,
  formatMoney,
  formatMoneyWhole,
  formatMonth,
  formatNumber,
  formatPercent,
  formatPhone,
  formatTime,
  parseDay,
  spreadsheetFormats,
} from './format.ts';

/**
 * cs-CZ groups thousands with a no-break space (U+00A0), as Intl does: an amount never
 * wraps between its digits. The tests spell it out so that a plain space fails them.
 */
const nbsp = '\u00a0';

describe('formatMoneyWhole', () => {
  it('shows whole crowns with the ",-" suffix', () => {
    expect(formatMoneyWhole(1234)).toBe(`1${nbsp}234,-`);
    expect(formatMoneyWhole(1234567)).toBe(`1${nbsp}234${nbsp}567,-`);
    expect(formatMoneyWhole(999)).toBe('999,-');
    expect(formatMoneyWhole(0)).toBe('0,-');
    expect(formatMoneyWhole(-1234)).toBe(`-1${nbsp}234,-`);
  });

  it('rounds to whole units', () => {
    expect(formatMoneyWhole(1234.5)).toBe(`1${nbsp}235,-`);
    expect(formatMoneyWhole(1234.49)).toBe(`1${nbsp}234,-`);
  });

  it('shows the no-value label for a missing amount', () => {
    expect(formatMoneyWhole(null)).toBe('—');
    expect(formatMoneyWhole(undefined, 'n/a')).toBe('n/a');
    expect(formatMoneyWhole(Number.NaN)).toBe('—');
  });
});

describe('formatMoney', () => {
  it('always has two fraction digits', () => {
    expect(formatMoney(1234.5)).toBe(`1${nbsp}234,50`);
    expect(formatMoney(7)).toBe('7,00');
    expect(formatMoney(0.125)).toBe('0,13');
  });

  it('adds the currency in the language of the user', () => {
    expect(formatMoney(1234.5, 'CZK')).toBe(`1${nbsp}234,50${nbsp}Kč`);
    expect(formatMoney(1234.5, 'EUR')).toBe(`1${nbsp}234,50${nbsp}€`);
    expect(formatMoney(1234.5, 'EUR', 'en')).toBe('€1,234.50');
  });

  it('shows the no-value label for null', () => {
    expect(formatMoney(null)).toBe('—');
  });
});

describe('formatNumber (domain.md §2.9: null shows the label, other empty values 0)', () => {
  it('null gives the no-value label', () => {
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(null, 'cs', 'nic')).toBe('nic');
  });

  it('an empty string or undefined gives 0', () => {
    expect(formatNumber('')).toBe('0');
    expect(formatNumber(undefined)).toBe('0');
  });

  it('formats numbers and numeric strings, with a Czech decimal comma accepted', () => {
    expect(formatNumber(1234.567)).toBe(`1${nbsp}234,57`);
    expect(formatNumber('12,5')).toBe('12,5');
    expect(formatNumber('12.5', 'en')).toBe('12.5');
    expect(formatNumber(0)).toBe('0');
  });
});

it('formatPercent takes whole percent', () => {
  expect(formatPercent(21)).toBe(`21${nbsp}%`);
  expect(formatPercent(12.5, 'en')).toBe('12.5%');
  expect(formatPercent(null)).toBe('—');
});

describe('dates in Prague time', () => {
  it('short form: day, month, year, hour and minute, in winter and in summer time', () => {
    expect(formatDateShort('2024-01-15T07:30:00Z')).toBe('15.1.2024 08:30');
    // 31 March 2024 is the day the clocks go forward: 07:30 UTC is 09:30 in Prague.
    expect(formatDateShort('2024-03-31T07:30:00Z')).toBe('31.3.2024 09:30');
    expect(formatDateShort(new Date('2024-03-31T07:30:00Z'), 'en')).toBe('31 Mar 2024 09:30');
    expect(formatDateShort(null)).toBe('—');
    expect(formatDateShort('not a time')).toBe('—');
  });

  it('long form adds the weekday and the name of the month', () => {
    expect(formatDateLong('2024-03-31T07:30:00Z')).toBe('neděle 31. března 2024 v 09:30');
  });

  it('a day just before midnight UTC is the next day in Prague', () => {
    expect(formatDateShort('2024-06-30T22:30:00Z')).toBe('1.7.2024 00:30');
    expect(formatTime('2024-06-30T22:30:00Z')).toBe('00:30');
    expect(formatDayMonthTime('2024-06-30T22:30:00Z', 'en')).toBe('1 Jul 00:30');
  });
});

describe('one way to write a date per language (decision 0088)', () => {
  it('a day, with the weekday, without the year, and as a heading', () => {
    expect(formatDay('2026-11-22', 'cs')).toBe('22.11.2026');
    expect(formatDay('2026-11-22', 'en')).toBe('22 Nov 2026');
    expect(formatDay('2026-09-04', 'en')).toBe('4 Sep 2026');
    expect(formatDayMonth('2026-11-23', 'cs', 'short')).toBe('po 23.11.');
    expect(formatDayMonth('2026-11-23', 'en', 'short')).toBe('Mon 23 Nov');
    expect(formatDayMonth('2026-11-27', 'cs', 'long')).toBe('pátek 27.11.');
    expect(formatDayMonth('2026-11-29', 'en', 'long')).toBe('Sunday 29 Nov');
    expect(formatDayLong('2026-11-25', 'cs')).toBe('středa 25. listopadu 2026');
    expect(formatDayLong('2026-11-25', 'en')).toBe('Wednesday 25 November 2026');
  });

  it('a month, short for a chart and long for a heading', () => {
    expect(formatMonth('2026-11', 'cs')).toBe('11/2026');
    expect(formatMonth('2026-11-30', 'en')).toBe('Nov 2026');
    expect(formatMonth('2026-11', 'cs', 'long')).toBe('listopad 2026');
    expect(formatMonth('2026-12', 'en', 'longNoYear')).toBe('December');
    expect(formatMonth('11/2026')).toBe('—');
  });

  it('the server’s day.month.year reads as the same day', () => {
    expect(formatDay('28.11.2026', 'en')).toBe('28 Nov 2026');
    expect(formatDay('28.11.2026', 'cs')).toBe('28.11.2026');
  });
});

describe('formatDay and parseDay', () => {
  it('show a calendar date as day.month.year', () => {
    expect(formatDay('2024-02-03')).toBe('3.2.2024');
    expect(formatDay('2024-12-31T23:59:00')).toBe('31.12.2024');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('31.2.2024')).toBe('—');
    expect(formatDay('yesterday')).toBe('—');
  });

  it('read day.month.year back, with or without spaces', () => {
    expect(parseDay('3.2.2024')).toBe('2024-02-03');
    expect(parseDay(' 03. 02. 2024 ')).toBe('2024-02-03');
    expect(parseDay('29.2.2024')).toBe('2024-02-29');
  });

  it.each(['2024-01-01', '1.1.2024', '29.2.2024', '31.12.1999', '15.7.2031'])('round trips %s', (text) => {
    const iso = /^\d{4}/.test(text) ? text : parseDay(text);
    expect(iso).not.toBeNull();
    expect(parseDay(formatDay(iso))).toBe(iso);
  });

  it.each([
    '29.2.2023',
    '31.4.2024',
    '0.1.2024',
    '1.13.2024',
    '32.1.2024',
    '1.0.2024',
    '2024-01-02',
    '1/2/2024',
    '',
    '1.2.24',
    'abc',
  ])('rejects %j', (text) => {
    expect(parseDay(text)).toBeNull();
  });
});

it('Czech month and weekday names, the week starting on Monday', () => {
  expect(czechMonths).toHaveLength(12);
  expect(czechMonths[0]).toBe('leden');
  expect(czechMonths[11]).toBe('prosinec');
  expect(czechWeekdays).toHaveLength(7);
  expect(czechWeekdays[0]).toBe('pondělí');
  expect(czechWeekdays[6]).toBe('neděle');
});

describe('formatPhone (domain.md §4.5: E.164 stored, grouped 3-3-3 shown)', () => {
  it('groups the national number in threes after the country code', () => {
    expect(formatPhone('+420603791074')).toBe('+420 603 791 074');
    expect(formatPhone('+421903123456')).toBe('+421 903 123 456');
  });

  it('a last group of one digit joins the one before', () => {
    expect(formatPhone('+436641234567')).toBe('+43 664 123 45 67');
  });

  it('shows what is not E.164 as it is, and the no-value label for nothing', () => {
    expect(formatPhone('603 79')).toBe('603 79');
    expect(formatPhone('')).toBe('—');
    expect(formatPhone(null, '')).toBe('');
  });
});

it('spreadsheet formats write dates as formatDay and formatDateShort do', () => {
  expect(spreadsheetFormats.day).toBe('d.m.yyyy');
  expect(formatDay('2024-02-03')).toBe('3.2.2024');
  expect(spreadsheetFormats.dateTime).toBe('d.m.yyyy hh:mm');
  expect(formatDateShort('2024-02-03T07:05:00Z')).toBe('3.2.2024 08:05');
});
