import type {
  BankAccount,
  BankAccountBody,
  BankImportAnswer,
  BankPayment,
  BankPaymentReason,
  BankPaymentState,
  BankPaymentsAnswer,
  BankPaymentsQuery,
} from '@letokruh/contracts/bank';
import { listTotalCap } from '@letokruh/contracts/common';
import {
  formatCzechAccountNumber,
  isValidCzechAccount,
  parseCzechAccountNumber,
} from '@letokruh/contracts/rules/bank-account';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { badInput, conflict, notFound } from '../../plugins/errors.ts';
import { writeAuditRows } from '../audit/audit.service.ts';
import * as q from './bank.queries.ts';
import { decide, type MatchFacts, numbersInMessage, type PaymentFacts } from './matching.ts';
import { type Statement, statementInvalid } from './statement.ts';

/** Who brought a statement in, for the audit rows of the orders it pays (domain.md §2.12). */
export type ImportActor = { userId: number | null; method: string; path: string };

/** Whole haléře as the API writes money: "1234.50", "-0.01". */
export function moneyText(minor: number | string): string {
  const n = BigInt(minor);
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** "bank: 2718340003/0100": the actor of a payment the statement matched (domain.md §2.12). */
export const bankActor = (account: string, bankCode: string) => `${account}/${bankCode}`;

const chunk = 2000;

/** The statement's accounts among the suppliers' ones; an unknown account refuses the statement. */
function resolveAccounts(statement: Statement, accounts: q.AccountRow[]): q.AccountRow[] {
  return statement.transactions.map((t) => {
    const found = accounts.filter(
      (a) => a.account === t.account && (t.bankCode === null || a.bank_code === t.bankCode),
    );
    const named = t.bankCode ? `${t.account}/${t.bankCode}` : t.account;
    if (found.length === 0) throw statementInvalid(t.at, `the account ${named} is no supplier's account`);
    if (found.length > 1) throw statementInvalid(t.at, `the account ${named} is known at several banks`);
    return found[0]!;
  });
}

async function matchFacts(tx: Tx, payments: PaymentFacts[]): Promise<MatchFacts> {
  const numbers = new Set<string>();
  for (const p of payments) {
    if (p.variableSymbol) numbers.add(p.variableSymbol);
    for (const n of numbersInMessage(p.message)) numbers.add(n);
  }
  // One connection in a transaction: the queries run one after another.
  const orders = numbers.size ? await q.ordersByNumber(tx, [...numbers]) : [];
  const byNumber = new Map(orders.map((o) => [o.internId, o]));
  // A customer's open orders are read only where a sum may decide (domain.md §2.12 rules 2 and 4):
  // a VS order whose amount differs, or a payment that names no order from a known counter-account.
  const customers = new Set<number>();
  const unnamed: PaymentFacts[] = [];
  for (const p of payments) {
    const order = p.variableSymbol ? byNumber.get(p.variableSymbol) : undefined;
    if (order) {
      if (order.customerId !== null && p.amountMinor !== order.owedMinor && p.amountMinor !== order.qrMinor)
        customers.add(order.customerId);
    } else if (p.counterAccount && !numbersInMessage(p.message).some((n) => byNumber.has(n))) unnamed.push(p);
  }
  const counters = [...new Set(unnamed.map((p) => p.counterAccount))];
  const counterRows = counters.length ? await q.customersOfCounterAccounts(tx, counters) : [];
  const customerOfCounter = new Map(counterRows.map((r) => [r.counter_account, r.customer_id]));
  for (const c of customerOfCounter.values()) customers.add(c);
  const open = customers.size ? await q.openTransferOrdersOf(tx, [...customers]) : [];
  const openByCustomer = new Map<number, typeof open>();
  for (const o of open) openByCustomer.set(o.customerId!, [...(openByCustomer.get(o.customerId!) ?? []), o]);
  return { byNumber, openByCustomer, customerOfCounter };
}

/**
 * Stores a statement's new transactions (each once, by its bank's own id) and matches the incoming
 * ones (domain.md §2.12), all in one transaction: a statement that cannot be stored whole stores
 * nothing. Matching is decided before the rows are written, so each is written once as it ends.
 */
export async function importStatement(
  db: Db,
  statement: Statement,
  actor: ImportActor,
): Promise<BankImportAnswer> {
  return db.transaction(async (tx) => {
    const accountOf = resolveAccounts(statement, await q.findAccounts(tx));
    await q.lockAccounts(
      tx,
      accountOf.map((a) => a.id),
    );
    const keyOf = (a: number, r: string) => `${a}:${r}`;
    const seen = new Set<string>();
    const fresh: number[] = [];
    statement.transactions.forEach((t, i) => {
      const key = keyOf(accountOf[i]!.id, t.bankRef);
      if (!seen.has(key)) fresh.push(i);
      seen.add(key);
    });
    const stored = new Set<string>();
    for (let from = 0; from < fresh.length; from += chunk) {
      const keys = fresh
        .slice(from, from + chunk)
        .map((i) => ({ a: accountOf[i]!.id, r: statement.transactions[i]!.bankRef }));
      for (const r of await q.storedRefs(tx, keys)) stored.add(keyOf(r.a, r.r));
    }
    const news = fresh.filter(
      (i) => !stored.has(keyOf(accountOf[i]!.id, statement.transactions[i]!.bankRef)),
    );
    const currencyOf = (i: number) => statement.transactions[i]!.currency ?? accountOf[i]!.currency;
    const payments: PaymentFacts[] = news
      .filter((i) => statement.transactions[i]!.amountMinor > 0)
      .map((i) => {
        const t = statement.transactions[i]!;
        return {
          id: i,
          supplierId: accountOf[i]!.supplier_id,
          currency: currencyOf(i),
          amountMinor: t.amountMinor,
          variableSymbol: t.variableSymbol,
          message: t.message,
          counterAccount: t.counterAccount,
        };
      });
    const decisions = new Map(decide(payments, await matchFacts(tx, payments)).map((d) => [d.id, d]));
    const actorOf = (i: number) => bankActor(accountOf[i]!.account, accountOf[i]!.bank_code);

    // An order someone marked paid in the meantime turns its payment into "paid twice".
    const paying = [...decisions.values()].filter((d) => d.state === 'paid');
    const marked = new Set(
      (
        await q.markOrdersPaid(
          tx,
          paying.map((d) => ({
            id: d.orderIds[0]!,
            d: statement.transactions[d.id]!.bookedOn,
            b: actorOf(d.id),
          })),
        )
      ).map((r) => r.id),
    );
    for (const d of paying)
      if (!marked.has(d.orderIds[0]!))
        decisions.set(d.id, { ...d, state: 'paid_twice', differenceMinor: null });

    const ids = new Map<number, number>();
    for (let from = 0; from < news.length; from += chunk) {
      const rows = news.slice(from, from + chunk).map((i): q.NewTransaction => {
        const t = statement.transactions[i]!;
        const d = decisions.get(i);
        return {
          i,
          a: accountOf[i]!.id,
          r: t.bankRef,
          d: t.bookedOn,
          m: t.amountMinor,
          c: currencyOf(i),
          v: t.variableSymbol,
          ks: t.constantSymbol,
          ss: t.specificSymbol,
          ca: t.counterAccount,
          cn: t.counterName,
          msg: t.message,
          s: d?.state ?? 'outgoing',
          rs: d?.reason ?? null,
          o: d?.orderIds ?? [],
          diff: d?.differenceMinor ?? null,
        };
      });
      for (const r of await q.insertTransactions(tx, statement.format, rows)) ids.set(r.i, Number(r.id));
    }
    await writeAuditRows(
      tx,
      [...decisions.values()]
        .filter((d) => d.state === 'paid')
        .map((d) => {
          const t = statement.transactions[d.id]!;
          return {
            userId: actor.userId,
            entity: 'order' as const,
            entityId: d.orderIds[0]!,
            action: 'bank_paid',
            method: actor.method,
            path: actor.path,
            details: {
              actor: `bank: ${actorOf(d.id)}`,
              payment: ids.get(d.id),
              bank_ref: t.bankRef,
              booked_on: t.bookedOn,
              amount: moneyText(t.amountMinor),
            },
          };
        }),
    );
    const count = (state: BankPaymentState) =>
      [...decisions.values()].filter((d) => d.state === state).length;
    return {
      format: statement.format,
      transactions: statement.transactions.length,
      duplicates: statement.transactions.length - news.length,
      paid: count('paid'),
      to_check: count('to_check'),
      suggested: count('suggested'),
      paid_twice: count('paid_twice'),
      unmatched: count('unmatched'),
      outgoing: news.length - payments.length,
    };
  });
}

function toPayment(row: q.PaymentRow, orders: Map<number, q.PaymentOrderRow>): BankPayment {
  return {
    id: Number(row.id),
    account: bankActor(row.account, row.bank_code),
    supplier_name: row.supplier_name,
    booked_on: row.booked_on,
    amount: moneyText(row.amount),
    currency: row.currency,
    variable_symbol: row.variable_symbol,
    counter_account: row.counter_account,
    counter_name: row.counter_name,
    message: row.message,
    source: row.source,
    state: row.state as BankPaymentState,
    reason: row.reason as BankPaymentReason | null,
    difference: row.difference === null ? null : moneyText(row.difference),
    orders: row.order_ids.flatMap((id) => {
      const o = orders.get(id);
      return o
        ? [
            {
              id: o.id,
              intern_id: Number(o.intern_id),
              customer_name: o.customer_name ?? '',
              currency: o.currency,
              price_with_vat: moneyText(o.price_with_vat),
              paid: o.paid,
            },
          ]
        : [];
    }),
    note: row.note,
  };
}

async function withOrders(db: Db | Tx, rows: q.PaymentRow[]): Promise<BankPayment[]> {
  const ids = [...new Set(rows.flatMap((r) => r.order_ids))];
  const orders = ids.length ? await q.ordersOfPayments(db, ids) : [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  return rows.map((r) => toPayment(r, byId));
}

/** GET /bank/payments: what waits for the office, or every payment; newest booking first. */
export async function listPayments(db: Db, query: BankPaymentsQuery): Promise<BankPaymentsAnswer> {
  const where = query.view === 'open' ? q.openStates : sql`true`;
  const offset = (query.current_page - 1) * query.per_page;
  const [rows, total] = await Promise.all([
    q.findPayments(db, where, query.per_page, offset),
    q.countPayments(db, where, listTotalCap),
  ]);
  return { total, items: await withOrders(db, rows) };
}

const openStateNames = new Set(['to_check', 'suggested', 'paid_twice', 'unmatched']);

async function paymentIn(tx: Tx, id: number): Promise<q.PaymentRow> {
  const row = await q.findPayment(tx, id, true);
  if (!row) throw notFound('No such bank payment');
  return row;
}

async function answer(tx: Tx, id: number): Promise<{ item: BankPayment }> {
  const [item] = await withOrders(tx, [(await q.findPayment(tx, id))!]);
  return { item: item! };
}

/** Marks `orderIds` paid by the payment for the user who decided so; all or none (409). */
async function payOrders(tx: Tx, row: q.PaymentRow, orderIds: number[], userId: number): Promise<void> {
  const actor = bankActor(row.account, row.bank_code);
  const marked = await q.markOrdersPaid(
    tx,
    orderIds.map((id) => ({ id, d: row.booked_on, b: actor })),
  );
  if (marked.length !== orderIds.length) throw conflict('An order is paid already, cancelled or a draft');
  await writeAuditRows(
    tx,
    orderIds.map((id) => ({
      userId,
      entity: 'order' as const,
      entityId: id,
      action: 'bank_paid',
      method: 'POST',
      path: `/api/bank/payment/${row.id}`,
      details: {
        actor: `bank: ${actor}`,
        payment: Number(row.id),
        booked_on: row.booked_on,
        amount: moneyText(row.amount),
      },
    })),
  );
}

/** POST /bank/payment/:id/confirm: the suggested orders become paid. */
export const confirmSuggestion = (db: Db, id: number, userId: number) =>
  db.transaction(async (tx) => {
    const row = await paymentIn(tx, id);
    if (row.state !== 'suggested') throw conflict('The payment has no suggestion to confirm');
    await payOrders(tx, row, row.order_ids, userId);
    await q.setPaymentState(tx, id, { state: 'paid', orderIds: row.order_ids, note: null, userId });
    return answer(tx, id);
  });

/** POST /bank/payment/:id/assign: the office names the order an incoming payment pays. */
export const assignPayment = (db: Db, id: number, orderNumber: string, userId: number) =>
  db.transaction(async (tx) => {
    const row = await paymentIn(tx, id);
    if (!openStateNames.has(row.state)) throw conflict('The payment is matched or ignored already');
    if (BigInt(row.amount) <= 0n) throw conflict('Money out pays no order');
    const number = orderNumber.replace(/^0+/, '');
    const [order] = /^\d{10}$/.test(number) ? await q.ordersByNumber(tx, [number]) : [];
    if (!order) throw notFound('No order with this number');
    await payOrders(tx, row, [order.id], userId);
    await q.setPaymentState(tx, id, {
      state: 'paid',
      orderIds: [order.id],
      note: null,
      userId,
      reason: null,
    });
    return answer(tx, id);
  });

/** POST /bank/payment/:id/ignore: not the seller's business (a refund from a supplier, a loan). */
export const ignorePayment = (db: Db, id: number, reason: string, userId: number) =>
  db.transaction(async (tx) => {
    const row = await paymentIn(tx, id);
    if (!openStateNames.has(row.state)) throw conflict('The payment is matched or ignored already');
    await q.setPaymentState(tx, id, { state: 'ignored', orderIds: row.order_ids, note: reason, userId });
    return answer(tx, id);
  });

/**
 * POST /bank/payment/:id/undo: a match made in error is taken back: its orders lose the paid state
 * the bank gave them (audited), and the payment waits again, unmatched; an ignored one likewise.
 */
export const undoPayment = (db: Db, id: number, userId: number) =>
  db.transaction(async (tx) => {
    const row = await paymentIn(tx, id);
    if (row.state === 'paid') {
      const unpaid = await q.unmarkOrdersPaid(tx, row.order_ids);
      await writeAuditRows(
        tx,
        unpaid.map(({ id: orderId }) => ({
          userId,
          entity: 'order' as const,
          entityId: orderId,
          action: 'bank_unpaid',
          method: 'POST',
          path: `/api/bank/payment/${id}/undo`,
          details: {
            actor: `bank: ${bankActor(row.account, row.bank_code)}`,
            payment: id,
            booked_on: row.booked_on,
          },
        })),
      );
    } else if (row.state !== 'ignored') throw conflict('Only a match or an ignored payment can be undone');
    await q.setPaymentState(tx, id, { state: 'unmatched', orderIds: [], note: null, userId, reason: null });
    await tx.execute(sql`update bank_transactions set difference = null where id = ${id}`);
    return answer(tx, id);
  });

const toAccount = (a: q.AccountRow): BankAccount => ({
  id: a.id,
  supplier_id: a.supplier_id,
  supplier_name: a.supplier_name,
  account: a.account,
  bank_code: a.bank_code,
  currency: a.currency,
  has_fio_token: a.has_fio_token,
  fio_fetched_at: a.fio_fetched_at === null ? null : new Date(a.fio_fetched_at).toISOString(),
  fio_error: a.fio_error,
});

export async function listAccounts(db: Db): Promise<{ items: BankAccount[] }> {
  return { items: (await q.findAccounts(db)).map(toAccount) };
}

/** POST /bank/account/add: another account of a supplier (an EUR one); the number as suppliers keep it. */
export async function addAccount(db: Db, body: BankAccountBody): Promise<BankAccount> {
  const parsed = parseCzechAccountNumber(body.account);
  if (!parsed || !isValidCzechAccount(body.account, body.bank_code))
    throw badInput('Not a valid Czech account number', ['account']);
  if (!(await q.supplierIsActive(db, body.supplier_id))) throw badInput('No such supplier', ['supplier_id']);
  const id = await q.insertAccount(db, {
    supplierId: body.supplier_id,
    account: formatCzechAccountNumber(parsed),
    bankCode: body.bank_code,
    currency: body.currency,
  });
  if (id === null) throw conflict('The account is registered already');
  return toAccount((await q.findAccounts(db)).find((a) => a.id === id)!);
}
