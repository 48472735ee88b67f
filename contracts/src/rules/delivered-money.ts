import { type Currency, fromMinor, multiplyMoney, toMinor } from './money.ts';
import { cashToPay } from './vat.ts';

/**
 * Money after a delivery (domain.md §2.13): what the customer owes follows the amounts delivered,
 * not the amounts ordered. The dialog shows it while the driver types, the server checks the cash
 * against it, and the order's stored lines take the delivered amounts, so every screen, document
 * and overview shows the same total (decision 0077).
 */

/** One line: unit price with VAT, discount as a multiplier, and the amounts ordered and delivered. */
export type DeliveredLine = { price: number; discount?: number; ordered: number; delivered: number };

export type DeliveredMoney = {
  /** The lines and the delivery with VAT, as ordered and as delivered (exact, haléř). */
  ordered_price_with_vat: number;
  price_with_vat: number;
  /** What the customer owes for what was delivered: CZK cash rounded to whole crowns (§4.4). */
  amount_due: number;
  /** amount_due − price_with_vat (0 unless CZK cash). */
  rounding: number;
  /** The same for the amounts ordered, shown beside. */
  ordered_amount_due: number;
};

/**
 * The totals of an order as ordered and as delivered. Each line is rounded on its own and summed in
 * minor units, then the delivery's price (which does not depend on the goods) is added: the same
 * sum `orderTotals` makes (rules/order-price.ts), so the total shown at the door is the one saved.
 */
export function deliveredMoney(input: {
  currency: Currency;
  pay_by_cash: boolean;
  /** The delivery's price with VAT (orderTotals' delivery_price); 0 without one. */
  delivery_price: number;
  lines: readonly DeliveredLine[];
}): DeliveredMoney {
  let ordered = toMinor(input.delivery_price);
  let delivered = ordered;
  for (const line of input.lines) {
    ordered += toMinor(multiplyMoney(line.price, line.ordered, line.discount ?? 1));
    delivered += toMinor(multiplyMoney(line.price, line.delivered, line.discount ?? 1));
  }
  const now = cashToPay(fromMinor(delivered), input.currency, input.pay_by_cash);
  return {
    ordered_price_with_vat: fromMinor(ordered),
    price_with_vat: fromMinor(delivered),
    amount_due: now.to_pay,
    rounding: now.rounding,
    ordered_amount_due: cashToPay(fromMinor(ordered), input.currency, input.pay_by_cash).to_pay,
  };
}

/** domain.md §2.13: cash above this many times the amount due is refused as a typing error. */
export const cashBoundFactor = 2;

export type CashCheck = 'over_bound' | 'needs_note' | null;

/**
 * The cash a driver records against the amount due (domain.md §2.13): more than twice the amount
 * due is refused; anything above it needs a note saying why (a tip, change not given back).
 */
export function checkCash(amountDue: number, cash: number | null, note: string): CashCheck {
  if (cash === null) return null;
  if (toMinor(cash) > toMinor(amountDue) * cashBoundFactor) return 'over_bound';
  if (toMinor(cash) > toMinor(amountDue) && note.trim() === '') return 'needs_note';
  return null;
}

/**
 * What stays owed after the cash taken at the door (domain.md §2.13). Cash short of the amount due
 * leaves a balance to pay by transfer, which is exact: the delivered total less the cash, never
 * below 0 (cash within the rounding pays the order). Cash at or above the amount due leaves none;
 * `excess` is what the driver took beyond it. No cash recorded on a cash order: all is owed.
 */
export function cashBalance(
  money: Pick<DeliveredMoney, 'price_with_vat' | 'amount_due'>,
  cash: number | null,
): { balance: number; excess: number } {
  const taken = toMinor(cash ?? 0);
  if (taken >= toMinor(money.amount_due))
    return { balance: 0, excess: fromMinor(taken - toMinor(money.amount_due)) };
  return { balance: fromMinor(Math.max(0, toMinor(money.price_with_vat) - taken)), excess: 0 };
}
