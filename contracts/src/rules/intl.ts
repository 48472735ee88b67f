import { type NumberText, numberText } from './number-text.ts';

/**
 * Intl formatters, made once per locale and options and kept: building one costs tens of
 * microseconds (ICU loads the locale's data), formatting with it about one. A delivery note formats
 * a few dozen amounts, a list page hundreds of cells: a new formatter per value was a noticeable
 * share of each note's time (decision 0057; bench/results/2026-11-29-comment-figures.md). The kinds
 * of options used are few, so the maps stay small.
 */
const numberFormats = new Map<string, NumberText>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function kept<F>(formats: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** The app's own formats are written without ICU (number-text.ts, decision 0105); others by Intl. */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): NumberText =>
  kept(
    numberFormats,
    locale,
    options,
    () => numberText(locale, options) ?? new Intl.NumberFormat(locale, options),
  );

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  kept(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
