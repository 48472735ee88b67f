import { toMinor } from '@letokruh/contracts/rules/money';
import { qrAmount } from '@letokruh/contracts/rules/spayd';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { OrderFacts } from './matching.ts';

/** The SQL of the bank module (domain.md §2.12); many rows travel as one JSON parameter. */

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

export type AccountRow = {
  id: number;
  supplier_id: number;
  supplier_name: string;
  account: string;
  bank_code: string;
  currency: 'CZK' | 'EUR';
  has_fio_token: boolean;
  fio_fetched_at: Date | string | null;
  fio_error: string | null;
};

export const findAccounts = (db: DbOrTx) =>
  rowsOf<AccountRow>(
    db,
    sql`select a.id, a.supplier_id, s.name as supplier_name, a.account, a.bank_code, a.currency,
          a.fio_token_sealed is not null as has_fio_token, a.fio_fetched_at, a.fio_error
        from bank_accounts a join suppliers s on s.id = a.supplier_id
        order by s.name, a.account, a.bank_code`,
  );

export async function insertAccount(
  db: DbOrTx,
  a: { supplierId: number; account: string; bankCode: string; currency: string },
): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into bank_accounts (supplier_id, account, bank_code, currency)
        values (${a.supplierId}, ${a.account}, ${a.bankCode}, ${a.currency})
        on conflict do nothing returning id`,
  );
  return row?.id ?? null;
}

export async function supplierIsActive(db: DbOrTx, id: number): Promise<boolean> {
  return (await rowsOf(db, sql`select 1 from suppliers where id = ${id} and active`)).length > 0;
}

export async function setFioToken(db: DbOrTx, id: number, sealed: string | null): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`update bank_accounts set fio_token_sealed = ${sealed}, fio_next_call_at = null, fio_last_id = null,
          fio_marker_behind = false, fio_error = null where id = ${id} returning id`,
  );
  return rows.length > 0;
}

export type NewTransaction = {
  i: number;
  a: number;
  r: string;
  d: string;
  m: number;
  c: string;
  v: string | null;
  ks: string;
  ss: string;
  ca: string;
  cn: string;
  msg: string;
  /** What matching made of it (domain.md §2.12). */
  s: string;
  rs: string | null;
  o: number[];
  diff: number | null;
};

/**
 * Imports of one account wait for each other (a transaction-scoped lock), so that what is stored
 * already is known before matching and a statement read twice at once is matched once.
 */
export async function lockAccounts(db: DbOrTx, accountIds: number[]): Promise<void> {
  for (const id of [...new Set(accountIds)].sort((a, b) => a - b))
    await db.execute(sql`select pg_advisory_xact_lock(727001, ${id})`);
}

/** The bank ids among `keys` ("account id:bank id") stored already. */
export const storedRefs = (db: DbOrTx, rows: { a: number; r: string }[]) =>
  rowsOf<{ a: number; r: string }>(
    db,
    sql`select t.bank_account_id as a, t.bank_ref as r
        from jsonb_to_recordset(${json(rows)}) as x(a int, r text)
        join bank_transactions t on t.bank_account_id = x.a and t.bank_ref = x.r`,
  );

/** Stores new transactions with what matching made of them; answers their ids by index `i`. */
export const insertTransactions = (db: DbOrTx, source: string, rows: NewTransaction[]) =>
  rowsOf<{ id: string; i: number }>(
    db,
    sql`with x as (
          select * from jsonb_to_recordset(${json(rows)}) as x(i int, a int, r text, d date, m bigint,
            c text, v bigint, ks text, ss text, ca text, cn text, msg text, s text, rs text, o int[], diff bigint)
        ), stored as (
          insert into bank_transactions (bank_account_id, bank_ref, booked_on, amount, currency,
            variable_symbol, constant_symbol, specific_symbol, counter_account, counter_name, message,
            source, state, reason, order_ids, difference)
          select a, r, d, m / 100.0, c, v, ks, ss, ca, cn, msg, ${source}, s, rs, o, diff / 100.0
          from x order by i
          returning id, bank_account_id, bank_ref
        )
        select stored.id::text as id, x.i from stored join x on x.a = stored.bank_account_id and x.r = stored.bank_ref`,
  );

const orderFacts = (where: SQL) => sql`
  select o.id, o.intern_id::text as "internId", o.customer_id as "customerId", o.supplier_id as "supplierId",
    o.currency, round(o.price_with_vat * 100)::bigint::text as owed, o.payment_type = 'qr_transfer' as transfer,
    o.hidden, o.collected_revenue_at is not null as paid
  from orders o where o.draft_touched_at is null and ${where}`;

type FactsRow = Omit<OrderFacts, 'owedMinor' | 'qrMinor'> & { owed: string };
const toFacts = (rows: FactsRow[]): OrderFacts[] =>
  rows.map(({ owed, ...r }) => ({
    ...r,
    owedMinor: Number(owed),
    qrMinor: r.currency ? toMinor(qrAmount(Number(owed) / 100, r.currency).amount) : Number(owed),
  }));

export const ordersByNumber = async (db: DbOrTx, numbers: string[]) =>
  toFacts(await rowsOf<FactsRow>(db, orderFacts(sql`o.intern_id = any(${sql.param(numbers)}::bigint[])`)));

export const openTransferOrdersOf = async (db: DbOrTx, customerIds: number[]) =>
  toFacts(
    await rowsOf<FactsRow>(
      db,
      orderFacts(sql`o.customer_id = any(${sql.param(customerIds)}::int[]) and o.payment_type = 'qr_transfer'
        and o.collected_revenue_at is null and not o.hidden`),
    ),
  );

/** The customer an earlier matched payment from each counter-account paid for. */
export const customersOfCounterAccounts = (db: DbOrTx, accounts: string[]) =>
  rowsOf<{ counter_account: string; customer_id: number }>(
    db,
    sql`select distinct on (t.counter_account) t.counter_account, o.customer_id
        from bank_transactions t join orders o on o.id = t.order_ids[1]
        where t.state = 'paid' and t.counter_account = any(${sql.param(accounts)}::text[])
          and o.customer_id is not null
        order by t.counter_account, t.booked_on desc, t.id desc`,
  );

/**
 * Marks orders paid by the bank (domain.md §2.12): the same state as collect_revenue, with the
 * booking day's Prague midnight and the account in place of a user. Only orders still open are
 * touched; the ids answered are those that were.
 */
export const markOrdersPaid = (db: DbOrTx, rows: { id: number; d: string; b: string }[]) =>
  rowsOf<{ id: number }>(
    db,
    sql`update orders o set collected_revenue_at = (x.d::timestamp at time zone 'Europe/Prague'),
          collected_revenue_bank = x.b, collected_revenue_by = null, version = o.version + 1
        from jsonb_to_recordset(${json(rows)}) as x(id int, d date, b text)
        where o.id = x.id and o.collected_revenue_at is null and not o.hidden and o.draft_touched_at is null
        returning o.id`,
  );

/** Takes the paid state back from orders the bank paid (an undone match). */
export const unmarkOrdersPaid = (db: DbOrTx, ids: number[]) =>
  rowsOf<{ id: number }>(
    db,
    sql`update orders set collected_revenue_at = null, collected_revenue_bank = null, version = version + 1
        where id = any(${sql.param(ids)}::int[]) and collected_revenue_bank is not null returning id`,
  );

export type PaymentRow = {
  id: string;
  account: string;
  bank_code: string;
  supplier_id: number;
  supplier_name: string;
  booked_on: string;
  amount: string;
  currency: 'CZK' | 'EUR';
  variable_symbol: string | null;
  counter_account: string;
  counter_name: string;
  message: string;
  source: 'gpc' | 'camt' | 'fio';
  state: string;
  reason: string | null;
  order_ids: number[];
  difference: string | null;
  note: string | null;
};

const paymentColumns = sql`t.id::text as id, a.account, a.bank_code, a.supplier_id, s.name as supplier_name,
  t.booked_on::text as booked_on, round(t.amount * 100)::bigint::text as amount, t.currency,
  t.variable_symbol::text as variable_symbol, t.counter_account, t.counter_name, t.message, t.source, t.state,
  t.reason, t.order_ids, round(t.difference * 100)::bigint::text as difference, t.note`;
const paymentFrom = sql`from bank_transactions t join bank_accounts a on a.id = t.bank_account_id
  join suppliers s on s.id = a.supplier_id`;

export const openStates = sql`t.state in ('to_check', 'suggested', 'paid_twice', 'unmatched')`;

export const findPayments = (db: DbOrTx, where: SQL, limit: number, offset: number) =>
  rowsOf<PaymentRow>(
    db,
    sql`select ${paymentColumns} ${paymentFrom} where ${where}
        order by t.booked_on desc, t.id desc limit ${limit} offset ${offset}`,
  );

export const countPayments = async (db: DbOrTx, where: SQL, cap: number) =>
  Number(
    (
      await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from (select 1 from bank_transactions t where ${where} limit ${cap + 1}) c`,
      )
    )[0]?.n ?? 0,
  );

export async function findPayment(db: DbOrTx, id: number, lock = false): Promise<PaymentRow | undefined> {
  const [row] = await rowsOf<PaymentRow>(
    db,
    sql`select ${paymentColumns} ${paymentFrom} where t.id = ${id} ${lock ? sql`for update of t` : sql``}`,
  );
  return row;
}

export type PaymentOrderRow = {
  id: number;
  intern_id: string;
  customer_name: string | null;
  currency: 'CZK' | 'EUR' | null;
  price_with_vat: string;
  paid: boolean;
};

export const ordersOfPayments = (db: DbOrTx, ids: number[]) =>
  rowsOf<PaymentOrderRow>(
    db,
    sql`select id, intern_id::text as intern_id, customer_name, currency,
          round(price_with_vat * 100)::bigint::text as price_with_vat, collected_revenue_at is not null as paid
        from orders where id = any(${sql.param(ids)}::int[])`,
  );

export async function setPaymentState(
  db: DbOrTx,
  id: number,
  values: { state: string; orderIds: number[]; note: string | null; userId: number; reason?: string | null },
): Promise<void> {
  await db.execute(sql`
    update bank_transactions set state = ${values.state}, order_ids = ${sql.param(values.orderIds)}::int[],
      note = ${values.note}, resolved_by = ${values.userId}, resolved_at = now()
      ${values.reason === undefined ? sql`` : sql`, reason = ${values.reason}`}
    where id = ${id}`);
}

/** Claims the Fio accounts due for a call: each token is called at most once per 30 s, by one process. */
export const claimFioAccounts = (db: DbOrTx) =>
  rowsOf<{
    id: number;
    sealed: string;
    last_id: string | null;
    marker_behind: boolean;
    account: string;
    bank_code: string;
  }>(
    db,
    sql`update bank_accounts set fio_next_call_at = now() + interval '30 seconds'
        where fio_token_sealed is not null and (fio_next_call_at is null or fio_next_call_at <= now())
        returning id, fio_token_sealed as sealed, fio_last_id::text as last_id, fio_marker_behind as marker_behind,
          account, bank_code`,
  );

export async function fioFetched(
  db: DbOrTx,
  id: number,
  values: { lastId?: string | null; markerBehind: boolean; error: string | null },
): Promise<void> {
  await db.execute(sql`
    update bank_accounts set fio_marker_behind = ${values.markerBehind}, fio_error = ${values.error},
      fio_fetched_at = case when ${values.error}::text is null then now() else fio_fetched_at end
      ${values.lastId ? sql`, fio_last_id = greatest(coalesce(fio_last_id, 0), ${values.lastId}::bigint)` : sql``}
    where id = ${id}`);
}
