import {
  formatDateLong,
  formatDateShort,
  formatDay,
  formatMoney,
  formatMoneyWhole,
  formatNumber,
  formatPercent,
  formatPhone,
  type Lang,
} from '@letokruh/contracts/rules/format';
import { useTranslation } from 'react-i18next';

/** The shared formatters bound to the current language and its "no value" label. */
export function useFormat() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'cs';
  const noValue = t('common.noValue');
  return {
    money: (v: number | null | undefined, currency?: 'CZK' | 'EUR') =>
      formatMoney(v, currency, lang, noValue),
    moneyWhole: (v: number | null | undefined) => formatMoneyWhole(v, noValue),
    number: (v: number | string | null | undefined) => formatNumber(v, lang, noValue),
    percent: (v: number | null | undefined) => formatPercent(v, lang, noValue),
    dateShort: (v: Date | string | null | undefined) => formatDateShort(v, lang, noValue),
    dateLong: (v: Date | string | null | undefined) => formatDateLong(v, lang, noValue),
    day: (v: string | null | undefined) => formatDay(v, noValue),
    /** A phone stored in E.164 (`whole_phone`, a user's `phone`) as "+420 603 791 074". */
    phone: (e164: string | null | undefined) => formatPhone(e164, noValue),
  };
}

/** The `tel:` link of a stored phone: its E.164 digits, whatever is shown. */
export const telHref = (e164: string) => `tel:${e164.replace(/[^+\d]/g, '')}`;
