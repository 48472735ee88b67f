import { type Currency, fromMinor, multiplyMoney, roundMoney, toMinor } from './money.ts';
import { pragueDay } from './prague-day.ts';
import { standardVatOn, type VatRecapRow, vatRecap } from './vat.ts';

/**
 * Prices of an order (domain.md §1.9, §3.3 Money): product prices are entered with VAT and split
 * per line; the delivery is rate × km × 2 (there and back), raised to the minimum, and carries the
 * standard VAT rate of the currency's country on the day of supply. The server saves what these functions give and the
 * web app shows the same while typing, so a total on screen is the total saved.
 */

/** domain.md §1.9: default rate per km and minimum price, per currency. */
export const deliveryDefaults: Record<Currency, { rate: number; minimum: number }> = {
  CZK: { rate: 30, minimum: 600 },
  EUR: { rate: 1.25, minimum: 30 },
};

/**
 * The VAT of the delivery share (domain.md §1.9's 21 % CZK / 20 % EUR): the standard rate of the VAT
 * table (rules/vat.ts) on the day of supply, since a rate belongs to that day (decision 0038).
 */
export const deliveryVatOn = (currency: Currency, supplyDay: string): number =>
  standardVatOn(currency, supplyDay);

/** One line of an order: unit price with VAT, amount, VAT rate in percent, discount as a multiplier. */
export type PricedLine = { price: number; amount: number; vat: number; discount?: number };

export type LineTotals = {
  /** Price × amount × discount, with VAT. */
  total_price_vat: number;
  /** The same without VAT. */
  total_price: number;
};

/** Without VAT from an amount with VAT, rounded once. */
export const withoutVat = (withVat: number, vat: number): number => roundMoney((withVat * 100) / (100 + vat));

export function lineTotals(line: PricedLine): LineTotals {
  const withVat = multiplyMoney(line.price, line.amount, line.discount ?? 1);
  return { total_price_vat: withVat, total_price: withoutVat(withVat, line.vat) };
}

export type DeliveryTerms = {
  /** Price per km with VAT (domain.md's delivery_price.amount). */
  rate: number;
  /** The least the delivery costs (delivery_price.minimum_price). */
  minimum: number;
  /** One way, in km; the car goes there and back. */
  distance: number;
};

/** domain.md §1.9: rate × distance × 2, raised to the minimum. */
export function deliveryPrice({ rate, minimum, distance }: DeliveryTerms): number {
  return Math.max(multiplyMoney(rate, distance, 2), roundMoney(minimum));
}

export type OrderTotals = {
  /** Sum of the lines with VAT. */
  product_prices: number;
  /** The delivery with VAT. */
  delivery_price: number;
  /** Lines and delivery without VAT: the recap's Σ base. */
  total_price: number;
  /** The VAT in the order: the recap's Σ VAT, = price_with_vat − total_price. */
  total_price_vat: number;
  /** Lines and delivery with VAT: what the customer pays. */
  price_with_vat: number;
  /** Decision 0038: base, VAT and total per rate of the lines and the delivery share, highest rate first. */
  vat_recap: VatRecapRow[];
};

/**
 * The totals of an order. Each line is rounded on its own, then summed in minor units, so the sum
 * never drifts by binary fractions. Without a currency (a draft) there is no delivery price. The
 * amounts without VAT come from the recapitulation per rate (Czech practice, rules/vat.ts): the
 * same numbers every screen, export and document shows. `supply_day` (YYYY-MM-DD, the expected
 * delivery day) picks the delivery share's rate; without it, today in Prague.
 */
export function orderTotals(input: {
  currency: Currency | null;
  lines: readonly PricedLine[];
  delivery: DeliveryTerms | null;
  supply_day?: string | null | undefined;
}): OrderTotals {
  let withVat = 0;
  const amounts: { vat: number; total_with_vat: number }[] = [];
  for (const line of input.lines) {
    const total = multiplyMoney(line.price, line.amount, line.discount ?? 1);
    withVat += toMinor(total);
    amounts.push({ vat: line.vat, total_with_vat: total });
  }
  const delivery = input.currency && input.delivery ? deliveryPrice(input.delivery) : 0;
  if (input.currency && delivery !== 0) {
    amounts.push({
      vat: deliveryVatOn(input.currency, input.supply_day ?? pragueDay()),
      total_with_vat: delivery,
    });
  }
  const recap = vatRecap(amounts);
  const price = withVat + toMinor(delivery);
  const totalNet = recap.reduce((sum, row) => sum + toMinor(row.base), 0);
  return {
    product_prices: fromMinor(withVat),
    delivery_price: delivery,
    total_price: fromMinor(totalNet),
    total_price_vat: fromMinor(price - totalNet),
    price_with_vat: fromMinor(price),
    vat_recap: recap,
  };
}

/**
 * domain.md §1.4: when the rate is changed from its default while the minimum is still the default,
 * the minimum falls to 0 (a negotiated rate is not raised to the list minimum). Answers the minimum
 * to keep.
 */
export function minimumAfterRateChange(currency: Currency, rate: number, minimum: number): number {
  const defaults = deliveryDefaults[currency];
  return rate !== defaults.rate && minimum === defaults.minimum ? 0 : minimum;
}
