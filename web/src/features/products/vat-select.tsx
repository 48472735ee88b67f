import type { Currency } from '@letokruh/contracts/rules/money';
import { vatRatesOn } from '@letokruh/contracts/rules/vat';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Decision 0038: the rates a price may carry are those valid on its first day in its currency's country
 * (CZK: Czechia, EUR: Austria), highest first; `value` falls back to the first when the chosen
 * rate is not among them (e.g. 15 % after a move to 2024), so the form never sends a refused rate.
 */
export function vatChoices(currency: Currency, day: string, value: number) {
  const rates = vatRatesOn(currency, day);
  return { rates, value: rates.includes(value) ? value : (rates[0] ?? value) };
}

type Props = {
  label: string;
  currency: Currency;
  /** The price's first day (YYYY-MM-DD). */
  day: string;
  value: number;
  onChange: (vat: number) => void;
  /** The add form: its prices start today, there is no "valid from" field. */
  startsToday?: boolean;
  w?: number;
};

/** VAT of domain.md §2.9 as the VAT table has it on `day` for `currency`'s country. */
export function VatSelect({ label, currency, day, value, onChange, startsToday, w }: Props) {
  const { t } = useTranslation();
  const choices = vatChoices(currency, day, value);
  return (
    <Select
      label={label}
      allowDeselect={false}
      data={choices.rates.map((v) => ({ value: String(v), label: t('products.vatRate', { vat: v }) }))}
      value={String(choices.value)}
      onChange={(v) => onChange(v === null ? choices.value : Number(v))}
      description={t(startsToday ? 'products.vatValidToday' : 'products.vatValidOn', {
        country: t(`products.vatCountry.${currency}`),
      })}
      w={w}
    />
  );
}
