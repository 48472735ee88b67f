import { z } from 'zod';
import { pagingQuerySchema } from './common.ts';

/**
 * Money in (domain.md §2.12): bank statements read from Fio banka's API or an uploaded ABO/GPC or
 * CAMT.053 file, each transaction matched to the transfer orders it pays.
 */

/** What became of one transaction (domain.md §2.12 Matching). */
export const bankPaymentStates = [
  'paid',
  'to_check',
  'suggested',
  'paid_twice',
  'unmatched',
  'ignored',
  'outgoing',
] as const;
export type BankPaymentState = (typeof bankPaymentStates)[number];

/**
 * Why a payment waits: the amount or the currency differs from what the order owes, it came to
 * another supplier's account, the order is cancelled or is paid in cash; why one is suggested: the
 * message names the order, or it equals the sum of several open orders of one customer.
 */
export const bankPaymentReasons = [
  'amount',
  'currency',
  'other_supplier',
  'cancelled',
  'not_transfer',
  'message',
  'customer_sum',
] as const;
export type BankPaymentReason = (typeof bankPaymentReasons)[number];

export const bankStatementFormats = ['gpc', 'camt', 'fio'] as const;

/** The page's tabs: what waits for the office (unmatched, to check, suggested, paid twice), or all. */
export const bankPaymentsQuerySchema = pagingQuerySchema.extend({
  view: z.enum(['open', 'all']).default('open'),
});
export type BankPaymentsQuery = z.infer<typeof bankPaymentsQuerySchema>;

const money = z.string().regex(/^-?\d+\.\d{2}$/);

export const bankPaymentOrderSchema = z.object({
  id: z.number().int(),
  intern_id: z.number().int(),
  customer_name: z.string(),
  currency: z.enum(['CZK', 'EUR']).nullable(),
  /** What the order owes, with VAT. */
  price_with_vat: money,
  paid: z.boolean(),
});

export const bankPaymentSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  supplier_name: z.string(),
  booked_on: z.iso.date(),
  /** Negative: money out (a refund). */
  amount: money,
  currency: z.enum(['CZK', 'EUR']),
  variable_symbol: z.string().nullable(),
  counter_account: z.string(),
  counter_name: z.string(),
  message: z.string(),
  source: z.enum(bankStatementFormats),
  state: z.enum(bankPaymentStates),
  reason: z.enum(bankPaymentReasons).nullable(),
  /** The payment minus what the order owes (to check: underpaid below zero, overpaid above). */
  difference: money.nullable(),
  /** The orders it paid, suggests, or is at issue with. */
  orders: z.array(bankPaymentOrderSchema),
  note: z.string().nullable(),
});
export type BankPayment = z.infer<typeof bankPaymentSchema>;

export const bankPaymentsAnswerSchema = z.object({
  total: z.number().int(),
  items: z.array(bankPaymentSchema),
});
export type BankPaymentsAnswer = z.infer<typeof bankPaymentsAnswerSchema>;

/** What one statement (a file, or one Fio download) did. */
export const bankImportAnswerSchema = z.object({
  format: z.enum(bankStatementFormats),
  transactions: z.number().int(),
  /** Stored already (the same statement again, or read before through the other way in). */
  duplicates: z.number().int(),
  paid: z.number().int(),
  to_check: z.number().int(),
  suggested: z.number().int(),
  paid_twice: z.number().int(),
  unmatched: z.number().int(),
  outgoing: z.number().int(),
});
export type BankImportAnswer = z.infer<typeof bankImportAnswerSchema>;

/** Assign a payment to an order, by the order's number (its variable symbol). */
export const bankAssignBodySchema = z.object({
  order_number: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/),
});
export const bankIgnoreBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
export const bankPaymentAnswerSchema = z.object({ item: bankPaymentSchema });

export const bankAccountSchema = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  supplier_name: z.string(),
  account: z.string(),
  bank_code: z.string(),
  currency: z.enum(['CZK', 'EUR']),
  /** A Fio token is stored; the token itself is never answered (decision 0076). */
  has_fio_token: z.boolean(),
  fio_fetched_at: z.string().nullable(),
  fio_error: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountsAnswerSchema = z.object({ items: z.array(bankAccountSchema) });

export const bankAccountBodySchema = z.object({
  supplier_id: z.number().int().positive().max(2147483647),
  account: z
    .string()
    .trim()
    .regex(/^(\d{1,6}-)?\d{2,10}$/),
  bank_code: z
    .string()
    .trim()
    .regex(/^\d{4}$/),
  currency: z.enum(['CZK', 'EUR']),
});
export type BankAccountBody = z.infer<typeof bankAccountBodySchema>;

/** A Fio read-only token (64 characters); empty removes it. */
export const fioTokenBodySchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9]{20,128})?$/),
});
