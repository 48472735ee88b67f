import { ErrorCode } from '@letokruh/contracts/errors';
import { AppError } from '../../plugins/errors.ts';

/**
 * One bank statement as the three ways in read it (domain.md §2.12): a list of transactions, each
 * named by its bank's own id and by the account it was booked on. Amounts are whole haléře (cents),
 * signed: below zero is money out.
 */
export type StatementAccount = {
  /** "19-2000145399" without leading zeros, as suppliers' accounts are kept. */
  account: string;
  /** Four digits; null where the format does not carry it (ABO/GPC's own account). */
  bankCode: string | null;
};

export type StatementTransaction = StatementAccount & {
  /** Where it stands in the file, for an error that names it: "line 7", "Ntry[3]". */
  at: string;
  bankRef: string;
  bookedOn: string;
  amountMinor: number;
  currency: 'CZK' | 'EUR' | null;
  /** Digits without leading zeros; null when absent or zero. */
  variableSymbol: string | null;
  constantSymbol: string;
  specificSymbol: string;
  counterAccount: string;
  counterName: string;
  message: string;
};

export type Statement = { format: 'gpc' | 'camt' | 'fio'; transactions: StatementTransaction[] };

/** A statement that cannot be read: 400 / statementInvalid naming the line or element (`at`). */
export const statementInvalid = (at: string, message: string) =>
  new AppError(400, ErrorCode.statementInvalid, `${at}: ${message}`, undefined, { at });

/** A variable symbol compared by its number (CZECH.md: leading zeros do not count). */
export function normalizeSymbol(raw: string, at: string, maxDigits = 10): string | null {
  const text = raw.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text))
    throw statementInvalid(at, `the variable symbol "${text.slice(0, 20)}" is not digits`);
  const digits = text.replace(/^0+/, '');
  if (digits.length > maxDigits) throw statementInvalid(at, 'the variable symbol has more than 10 digits');
  return digits === '' ? null : digits;
}

/** "000019" + "0002000145399" → "19-2000145399" (leading zeros dropped, no dash without a prefix). */
export function accountOf(prefix: string, number: string): string {
  const p = prefix.replace(/^0+/, '');
  const n = number.replace(/^0+/, '');
  return p ? `${p}-${n}` : n;
}

/** A Czech IBAN (CZkk BBBB PPPPPP NNNNNNNNNN) as account and bank code; null for another country's. */
export function czechIban(iban: string): StatementAccount | null {
  const m = /^CZ\d{2}(\d{4})(\d{6})(\d{10})$/.exec(iban.replace(/\s+/g, '').toUpperCase());
  return m ? { account: accountOf(m[2]!, m[3]!), bankCode: m[1]! } : null;
}

/** A real calendar day or null. */
export function isoDay(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** "1234.5", "-0.01" → signed haléře; null when it is no amount with at most two decimals. */
export function minorUnits(text: string): number | null {
  const m = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const minor = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -minor : minor;
}
