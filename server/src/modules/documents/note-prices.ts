import type { Order } from '@letokruh/contracts/orders';
import { type Currency, fromMinor, toMinor } from '@letokruh/contracts/rules/money';
import { deliveryDefaults } from '@letokruh/contracts/rules/order-price';
import { cashToPay, type VatRecapRow, vatRecap } from '@letokruh/contracts/rules/vat';

/**
 * The money a document shows (issue 15): the recapitulation per VAT rate of the lines and the
 * delivery's share, its sums, and what a customer paying CZK in cash hands over.
 */

type PricedOrder = Pick<Order, 'products' | 'delivery_price' | 'price_with_vat' | 'pay_by_cash'> & {
  currency: Currency;
};

/**
 * The VAT of the delivery's share: the rate the order totals use (contracts/src/rules/order-price.ts),
 * read from the same place so that the recap's sum is the order's price_with_vat.
 */
export const deliveryVatOf = (order: { currency: Currency }): number => deliveryDefaults[order.currency].vat;

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
  const amounts = order.products.map((line) => ({
    vat: line.product.vat,
    total_with_vat: line.total_price_vat,
  }));
  if (order.delivery_price.price > 0)
    amounts.push({ vat: deliveryVatOf(order), total_with_vat: order.delivery_price.price });
  const recap = vatRecap(amounts);
  const sum = (pick: (row: VatRecapRow) => number) =>
    fromMinor(recap.reduce((minor, row) => minor + toMinor(pick(row)), 0));
  const total = sum((r) => r.total);
  return {
    recap,
    base: sum((r) => r.base),
    vat: sum((r) => r.vat),
    total,
    ...cashToPay(total, order.currency, order.pay_by_cash),
  };
}
