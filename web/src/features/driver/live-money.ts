import type { DriverStop } from '@letokruh/contracts/driver';
import { type DeliveredMoney, deliveredMoney } from '@letokruh/contracts/rules/delivered-money';
import type { LineEntries } from './delivery-lines';

/**
 * What the customer owes for the amounts typed so far (domain.md §2.13): the same rule the server
 * checks the cash against, so the amount on the dialog is the amount saved. A line being retyped
 * ('') counts as ordered until it has a number.
 */
export function liveMoney(stop: DriverStop, lines: LineEntries): DeliveredMoney {
  return deliveredMoney({
    currency: stop.currency === 'EUR' ? 'EUR' : 'CZK',
    pay_by_cash: stop.payment_type === 'cash',
    delivery_price: stop.delivery_price,
    lines: stop.items.map((item) => {
      const typed = lines[item.id]?.amount;
      return {
        price: item.price,
        discount: item.discount,
        ordered: item.ordered_amount,
        delivered: typed === undefined || typed === '' ? item.amount : Math.min(typed, item.amount),
      };
    }),
  });
}
