import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { suppliers } from './reference.ts';

/**
 * The suppliers' accounts whose statements are read (domain.md §2.12), each in one currency; for
 * Fio banka with its read-only token sealed (decision 0076) and the state of its downloads.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    account: text('account').notNull(),
    bankCode: text('bank_code').notNull(),
    currency: text('currency', { enum: ['CZK', 'EUR'] }).notNull(),
    fioTokenSealed: text('fio_token_sealed'),
    fioNextCallAt: timestamp('fio_next_call_at', { withTimezone: true }),
    fioLastId: bigint('fio_last_id', { mode: 'number' }),
    fioMarkerBehind: boolean('fio_marker_behind').notNull().default(false),
    fioFetchedAt: timestamp('fio_fetched_at', { withTimezone: true }),
    fioError: text('fio_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_accounts_number_uq').on(t.account, t.bankCode),
    index('bank_accounts_fio_due_idx').on(t.fioNextCallAt).where(sql`${t.fioTokenSealed} is not null`),
    check('bank_accounts_currency_check', sql`${t.currency} in ('CZK', 'EUR')`),
  ],
);

/** One transaction of a statement, once by its bank's own id, and what matching made of it. */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    bankRef: text('bank_ref').notNull(),
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    /** Signed: below zero is money out. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency', { enum: ['CZK', 'EUR'] }).notNull(),
    variableSymbol: bigint('variable_symbol', { mode: 'number' }),
    constantSymbol: text('constant_symbol').notNull().default(''),
    specificSymbol: text('specific_symbol').notNull().default(''),
    counterAccount: text('counter_account').notNull().default(''),
    counterName: text('counter_name').notNull().default(''),
    message: text('message').notNull().default(''),
    source: text('source', { enum: ['gpc', 'camt', 'fio'] }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state').notNull(),
    reason: text('reason'),
    orderIds: integer('order_ids').array().notNull().default(sql`'{}'`),
    difference: numeric('difference', { precision: 14, scale: 2 }),
    note: text('note'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_transactions_ref_uq').on(t.bankAccountId, t.bankRef),
    index('bank_transactions_list_idx').on(t.bookedOn.desc(), t.id.desc()),
  ],
);
