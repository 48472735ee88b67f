import type { BankPaymentReason, BankPaymentState } from '@letokruh/contracts/bank';

/**
 * The matching rules of domain.md §2.12, as one pure function of what the database said about
 * the orders concerned: the same payments and the same orders give the same decisions on either
 * database. Payments are decided in the order given (the statement's), so that of two payments of
 * one order the first pays it and the second is flagged as paid twice.
 */
export type OrderFacts = {
  id: number;
  internId: string;
  customerId: number | null;
  supplierId: number | null;
  currency: 'CZK' | 'EUR' | null;
  owedMinor: number;
  /** What its QR payment asks for: a CZK total rounded to whole crowns (domain.md §1.5). */
  qrMinor: number;
  transfer: boolean;
  hidden: boolean;
  paid: boolean;
};

export type PaymentFacts = {
  id: number;
  supplierId: number;
  currency: 'CZK' | 'EUR';
  amountMinor: number;
  variableSymbol: string | null;
  message: string;
  counterAccount: string;
};

export type Decision = {
  id: number;
  state: BankPaymentState;
  reason: BankPaymentReason | null;
  orderIds: number[];
  differenceMinor: number | null;
};

export type MatchFacts = {
  /** Orders (no drafts) by their number, for every variable symbol and number in a message. */
  byNumber: Map<string, OrderFacts>;
  /** Open transfer orders by customer, for the customers the payments point at. */
  openByCustomer: Map<number, OrderFacts[]>;
  /** The customer whose order an earlier payment from this counter-account paid. */
  customerOfCounter: Map<string, number>;
};

/** Order numbers written in a payment's message: ten digits (leading zeros do not count). */
export function numbersInMessage(message: string): string[] {
  return [...new Set([...message.matchAll(/(?<!\d)0*([1-9]\d{9})(?!\d)/g)].map((m) => m[1]!))];
}

/** At most this many open orders of one customer are tried for a sum (2^12 subsets). */
const sumCandidates = 12;

export function decide(payments: PaymentFacts[], facts: MatchFacts): Decision[] {
  const paidNow = new Set<number>();
  const fits = (p: PaymentFacts, o: OrderFacts) =>
    !o.paid &&
    !o.hidden &&
    o.transfer &&
    !paidNow.has(o.id) &&
    (o.supplierId === null || o.supplierId === p.supplierId) &&
    o.currency === p.currency;

  /** The fewest open orders of one customer (two or more) whose sum is the payment. */
  function customerSum(p: PaymentFacts, customerId: number | null, include?: OrderFacts): number[] | null {
    if (customerId === null) return null;
    const open = (facts.openByCustomer.get(customerId) ?? [])
      .filter((o) => fits(p, o))
      .sort((a, b) => (a.internId < b.internId ? -1 : 1))
      .slice(0, sumCandidates);
    if (include && !open.some((o) => o.id === include.id)) return null;
    const n = open.length;
    let best: number[] | null = null;
    for (let mask = 1; mask < 1 << n; mask++) {
      let size = 0;
      let sum = 0;
      let qrSum = 0;
      for (let i = 0; i < n; i++)
        if (mask & (1 << i)) {
          size++;
          sum += open[i]!.owedMinor;
          qrSum += open[i]!.qrMinor;
        }
      if (size < 2 || (sum !== p.amountMinor && qrSum !== p.amountMinor)) continue;
      const picked = open.filter((_, i) => mask & (1 << i));
      if (include && !picked.some((o) => o.id === include.id)) continue;
      // Masks run in one fixed order over orders sorted by number: the first of the fewest wins.
      if (!best || picked.length < best.length) best = picked.map((o) => o.id);
    }
    return best;
  }

  return payments.map((p): Decision => {
    const decision = (
      state: BankPaymentState,
      reason: BankPaymentReason | null = null,
      orderIds: number[] = [],
      differenceMinor: number | null = null,
    ): Decision => ({ id: p.id, state, reason, orderIds, differenceMinor });
    if (p.amountMinor <= 0) return decision('outgoing');

    const order = p.variableSymbol ? facts.byNumber.get(p.variableSymbol) : undefined;
    if (order) {
      if (order.paid || paidNow.has(order.id)) return decision('paid_twice', null, [order.id]);
      if (order.hidden) return decision('to_check', 'cancelled', [order.id]);
      if (!order.transfer) return decision('to_check', 'not_transfer', [order.id]);
      if (order.supplierId !== null && order.supplierId !== p.supplierId)
        return decision('to_check', 'other_supplier', [order.id]);
      if (order.currency !== p.currency) return decision('to_check', 'currency', [order.id]);
      if (order.owedMinor === p.amountMinor || order.qrMinor === p.amountMinor) {
        paidNow.add(order.id);
        return decision('paid', null, [order.id], 0);
      }
      const several = customerSum(p, order.customerId, order);
      if (several) return decision('suggested', 'customer_sum', several);
      return decision('to_check', 'amount', [order.id], p.amountMinor - order.owedMinor);
    }

    const named = numbersInMessage(p.message)
      .map((n) => facts.byNumber.get(n))
      .filter((o): o is OrderFacts => o !== undefined);
    const open = named.filter((o) => fits(p, o));
    if (open.length > 0) {
      const owed = open.reduce((sum, o) => sum + o.owedMinor, 0);
      return decision(
        'suggested',
        'message',
        open.map((o) => o.id),
        p.amountMinor - owed,
      );
    }
    if (named.length > 0 && named.every((o) => o.paid || paidNow.has(o.id)))
      return decision(
        'paid_twice',
        null,
        named.map((o) => o.id),
      );

    const several = customerSum(p, facts.customerOfCounter.get(p.counterAccount) ?? null);
    if (several) return decision('suggested', 'customer_sum', several);
    return decision('unmatched');
  });
}
