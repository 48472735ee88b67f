import {
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
  type Lang,
} from '@letokruh/contracts/rules/format';
import { numberFormat } from '@letokruh/contracts/rules/intl';
import { useTranslation } from 'react-i18next';

/**
 * How a day is typed in the date fields, the same as `day` shows it (decision 0088): Czech
 * "22.11.2026", English "22 Nov 2026" (dayjs's tokens).
 */
export const dayInputFormats = { cs: 'D.M.YYYY', en: 'D MMM YYYY' } as const;

const locales = { cs: 'cs-CZ', en: 'en-GB' } as const;

/**
 * The shared formatters bound to the current language and its "no value" label: the one place the
 * web app turns a date or a number into text (decision 0088; a test keeps it so).
 */
export function useFormat() {
  const { t, i18n } = useTranslation();
  return formatFor(i18n.language === 'en' ? 'en' : 'cs', t('common.noValue'));
}

/** The formatters of one language, outside a component (a pure helper, a test). */
export function formatFor(lang: Lang, noValue = '—') {
  return {
    lang,
    money: (v: number | null | undefined, currency?: 'CZK' | 'EUR') =>
      formatMoney(v, currency, lang, noValue),
    moneyWhole: (v: number | null | undefined) => formatMoneyWhole(v, noValue),
    number: (v: number | string | null | undefined) => formatNumber(v, lang, noValue),
    /** More fraction digits than `number`'s two (a coefficient, a coordinate). */
    decimal: (v: number | null | undefined, digits: number) =>
      v === null || v === undefined
        ? noValue
        : numberFormat(locales[lang], { maximumFractionDigits: digits }).format(v),
    /** A chart's axis: "75 tis." / "75K". */
    compact: (v: number) => numberFormat(locales[lang], { notation: 'compact' }).format(v),
    percent: (v: number | null | undefined) => formatPercent(v, lang, noValue),
    /** An instant with the Prague clock: "22.11.2026 10:15" / "22 Nov 2026 10:15". */
    dateShort: (v: Date | string | null | undefined) => formatDateShort(v, lang, noValue),
    dateLong: (v: Date | string | null | undefined) => formatDateLong(v, lang, noValue),
    /** A calendar day (YYYY-MM-DD or the server's day.month.year): "22.11.2026" / "22 Nov 2026". */
    day: (v: string | null | undefined) => formatDay(v, lang, noValue),
    /** A day without its year: "po 23.11." / "Mon 23 Nov" (`weekday` short or long). */
    dayMonth: (v: string | null | undefined, weekday: 'none' | 'short' | 'long' = 'none') =>
      formatDayMonth(v, lang, weekday, noValue),
    /** A day's heading: "středa 25. listopadu 2026" / "Wednesday 25 November 2026". */
    dayLong: (v: string | null | undefined) => formatDayLong(v, lang, noValue),
    /** A month: "11/2026" / "Nov 2026"; `long` "listopad 2026"; `longNoYear` "listopad". */
    month: (v: string | null | undefined, form: 'short' | 'long' | 'longNoYear' = 'short') =>
      formatMonth(v, lang, form, noValue),
    /** The Prague clock of an instant: "14:32". */
    time: (v: Date | string | null | undefined) => formatTime(v, noValue),
    /** An instant without the year: "27.11. 14:32" / "27 Nov 14:32". */
    dayMonthTime: (v: Date | string | null | undefined) => formatDayMonthTime(v, lang, noValue),
    /** A phone stored in E.164 (`whole_phone`, a user's `phone`) as "+420 603 791 074". */
    phone: (e164: string | null | undefined) => formatPhone(e164, noValue),
  };
}

export type Format = ReturnType<typeof formatFor>;

/** The `tel:` link of a stored phone: its E.164 digits, whatever is shown. */
export const telHref = (e164: string) => `tel:${e164.replace(/[^+\d]/g, '')}`;
