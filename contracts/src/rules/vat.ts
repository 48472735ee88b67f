import { type Currency, fromMinor, roundMoney, toMinor } from './money.ts';

/**
 * VAT as the law has it (decision 0035, domain.md §4.1): rates are reference data by country with
 * validity dates. A rate belongs to the day of the taxable supply, so a price valid from a day
 * carries a rate valid on that day. Czechia merged its reduced rates 15 % and 10 % into 12 % on
 * 2024-01-01 (zákon č. 349/2023 Sb.); Austria has 20 %, 13 % and 10 %. 0 % is an exempt supply.
 */
export type VatCountry = 'CZ' | 'AT';
export type VatKind = 'standard' | 'reduced' | 'zero';
export type VatPeriod = {
  country: VatCountry;
  rate: number;
  kind: VatKind;
  /** First day (YYYY-MM-DD) the rate applies. */
  from: string;
  /** Last day it applies, or null while it does. */
  to: string | null;
};

export const vatTable: readonly VatPeriod[] = [
  { country: 'CZ', rate: 21, kind: 'standard', from: '2013-01-01', to: null },
  { country: 'CZ', rate: 15, kind: 'reduced', from: '2013-01-01', to: '2023-12-31' },
  { country: 'CZ', rate: 10, kind: 'reduced', from: '2015-01-01', to: '2023-12-31' },
  { country: 'CZ', rate: 12, kind: 'reduced', from: '2024-01-01', to: null },
  { country: 'CZ', rate: 0, kind: 'zero', from: '2004-05-01', to: null },
  { country: 'AT', rate: 20, kind: 'standard', from: '1984-01-01', to: null },
  { country: 'AT', rate: 13, kind: 'reduced', from: '2016-01-01', to: null },
  { country: 'AT', rate: 10, kind: 'reduced', from: '1984-01-01', to: null },
  { country: 'AT', rate: 0, kind: 'zero', from: '1995-01-01', to: null },
];

/**
 * The first day the table prices a supply in every country it knows: the day from which each
 * country has a standard rate (domain.md §3.3 Days the product deals in: an order's delivery day
 * starts here).
 */
export const firstPricedDay = [...new Set(vatTable.map((p) => p.country))]
  .map(
    (country) =>
      vatTable
        .filter((p) => p.country === country && p.kind === 'standard')
        .map((p) => p.from)
        .sort()[0]!,
  )
  .sort()
  .at(-1)!;

/** Every rate that was ever valid somewhere: what the database accepts (migration 0026). */
export const allVatRates = [...new Set(vatTable.map((p) => p.rate))].sort((a, b) => a - b);

/** Prices in CZK are sold under Czech VAT, prices in EUR under Austrian VAT (domain.md's 21 % / 20 %). */
export const vatCountryOf = (currency: Currency): VatCountry => (currency === 'CZK' ? 'CZ' : 'AT');

const validOn = (p: VatPeriod, day: string) => p.from <= day && (p.to === null || day <= p.to);

/** The rates valid on a day for a currency's country, highest first. */
export function vatRatesOn(currency: Currency, day: string): number[] {
  const country = vatCountryOf(currency);
  return vatTable
    .filter((p) => p.country === country && validOn(p, day))
    .map((p) => p.rate)
    .sort((a, b) => b - a);
}

export const isVatRateValidOn = (currency: Currency, day: string, rate: number): boolean =>
  vatRatesOn(currency, day).includes(rate);

/** The standard rate on a day: the delivery share's VAT (domain.md §1.9's 21 % CZK / 20 % EUR today). */
export function standardVatOn(currency: Currency, day: string): number {
  const country = vatCountryOf(currency);
  const period = vatTable.find((p) => p.country === country && p.kind === 'standard' && validOn(p, day));
  if (!period) throw new Error(`no standard VAT for ${country} on ${day}`);
  return period.rate;
}

/** One row of the recapitulation: amounts with two decimals. */
export type VatRecapRow = { rate: number; base: number; vat: number; total: number };

/**
 * The recapitulation per rate of a document whose amounts include VAT (Czech practice, § 37 ZDPH:
 * the VAT of each rate is computed once from that rate's total): total = Σ of the rate's amounts
 * with VAT, exact; base = total × 100 / (100 + rate) rounded to haléř; VAT = total − base. So the
 * rows add up to the lines to the haléř, highest rate first.
 */
export function vatRecap(amounts: readonly { vat: number; total_with_vat: number }[]): VatRecapRow[] {
  const byRate = new Map<number, number>();
  for (const a of amounts) byRate.set(a.vat, (byRate.get(a.vat) ?? 0) + toMinor(a.total_with_vat));
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, minor]) => {
      const total = fromMinor(minor);
      const base = roundMoney((total * 100) / (100 + rate));
      return { rate, base, vat: fromMinor(minor - toMinor(base)), total };
    });
}

/**
 * What a customer hands over in cash (domain.md §4.4): CZK cash is rounded to whole crowns, half
 * up, and the difference is shown; EUR cash and every bank transfer stay exact.
 */
export function cashToPay(
  total: number,
  currency: Currency,
  payByCash: boolean,
): { to_pay: number; rounding: number } {
  if (!payByCash || currency !== 'CZK') return { to_pay: total, rounding: 0 };
  const toPay = roundMoney(total, 0);
  return { to_pay: toPay, rounding: fromMinor(toMinor(toPay) - toMinor(total)) };
}
