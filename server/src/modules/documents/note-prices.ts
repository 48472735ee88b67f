import type { Order } from '@letokruh/contracts/orders';
import { type Currency, fromMinor, toMinor } from '@letokruh/contracts/rules/money';
import { deliveryVatOn } from '@letokruh/contracts/rules/order-price';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import type { VatRecapRow } from '@letokruh/contracts/rules/vat';

/**
 * The money a document shows (decision 0038): the order's own recapitulation per VAT rate (GET
 * /order/{id}'s vat_recap, computed by orderTotals), its sums, and what a customer paying CZK in
 * cash hands over — the same numbers as the order page, never recomputed here.
 */

type PricedOrder = Pick<Order, 'vat_recap' | 'amount_to_pay' | 'cash_rounding' | 'expected_delivery_date'> & {
  currency: Currency;
};

/** The VAT of the delivery's share: the standard rate on the day of supply, as orderTotals has it. */
export const deliveryVatOf = (order: Pick<PricedOrder, 'currency' | 'expected_delivery_date'>): number =>
  deliveryVatOn(order.currency, order.expected_delivery_date ?? pragueDay());

export type NotePrices = {
  recap: VatRecapRow[];
  /** Sums of the recap: without VAT, VAT, with VAT (= the order's price_with_vat). */
  base: number;
  vat: number;
  total: number;
  /** What is paid: CZK cash rounded to whole crowns, otherwise the total. */
  to_pay: number;
  rounding: number;
};

export function notePrices(order: PricedOrder): NotePrices {
  const recap = order.vat_recap;
  const sum = (pick: (row: VatRecapRow) => number) =>
    fromMinor(recap.reduce((minor, row) => minor + toMinor(pick(row)), 0));
  return {
    recap,
    base: sum((r) => r.base),
    vat: sum((r) => r.vat),
    total: sum((r) => r.total),
    to_pay: order.amount_to_pay,
    rounding: order.cash_rounding,
  };
}
