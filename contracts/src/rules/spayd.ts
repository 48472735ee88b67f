import { isValidBIC, isValidIBAN } from 'ibantools';
import { czechIban } from './bank-account.ts';
import { type Currency, roundMoney } from './money.ts';

/**
 * Payment QR codes built locally (domain.md §3.3 QR payment): the Czech SPAYD string ("Short Payment
 * Descriptor" of the Czech Banking Association, what every Czech bank app reads) for CZK orders
 * and the European Payments Council's "BCD" payload (SEPA credit transfer) for EUR orders.
 */

export const spaydMessageMax = 60;
export const variableSymbolPattern = /^\d{1,10}$/;
/** SPAYD's AM has at most 10 characters with the decimal point: 9 999 999.99. */
export const spaydAmountMax = 9_999_999.99;
/** EPC069-12: EUR 0.01 to 999 999 999.99, beneficiary name up to 70, unstructured text up to 140. */
export const epcAmountMax = 999_999_999.99;
const epcNameMax = 70;
const epcTextMax = 140;

export type QrAmount = {
  /** What the QR asks for. */
  amount: number;
  /** The order's total with VAT. */
  original_amount: number;
  /** True when `amount` differs from `original_amount`. */
  rounded: boolean;
};

/**
 * The amount of the payment (domain.md §1.5, §1.9): a CZK total with VAT is rounded to whole koruny, half
 * away from zero (the ledger's rounding rule); a EUR total keeps its cents, as SEPA transfers do.
 */
export function qrAmount(priceWithVat: number, currency: Currency): QrAmount {
  const original = roundMoney(priceWithVat);
  const amount = currency === 'CZK' ? roundMoney(original, 0) : original;
  return { amount, original_amount: original, rounded: amount !== original };
}

/** SPAYD separates fields with `*`; a value carries it as `%2A` (domain.md §3.3). */
export const escapeSpaydValue = (value: string): string => value.replaceAll('*', '%2A');

/**
 * A message for the payee that every bank keeps: diacritics dropped (several Czech banks still show
 * "?" for them), spaces collapsed, cut so that the escaped value has at most 60 characters.
 */
export function spaydMessage(text: string): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  let out = '';
  for (const ch of ascii) {
    const next = out + escapeSpaydValue(ch);
    if (next.length > spaydMessageMax) break;
    out = next;
  }
  return out.trimEnd();
}

export class PaymentQrError extends RangeError {}

function requireIban(iban: string): string {
  const electronic = iban.replace(/\s+/g, '').toUpperCase();
  if (!isValidIBAN(electronic)) throw new PaymentQrError(`not a valid IBAN: ${iban}`);
  return electronic;
}

function requireAmount(amount: number, max: number): number {
  if (!Number.isFinite(amount) || amount <= 0 || amount > max) {
    throw new PaymentQrError(`amount out of range: ${amount}`);
  }
  return roundMoney(amount);
}

export type SpaydInput = {
  iban: string;
  /** CZK with at most two decimals; written with exactly two. */
  amount: number;
  /** The order's intern_id: digits, at most 10. */
  variableSymbol: string | number;
  message?: string;
};

/** `SPD*1.0*ACC:<IBAN>*AM:<amount>*CC:CZK*X-VS:<vs>*MSG:<message>`, refusing what a bank would refuse. */
export function buildSpayd(input: SpaydInput): string {
  const iban = requireIban(input.iban);
  const amount = requireAmount(input.amount, spaydAmountMax);
  const vs = String(input.variableSymbol);
  if (!variableSymbolPattern.test(vs)) throw new PaymentQrError(`not a variable symbol: ${vs}`);
  const message = input.message ? spaydMessage(input.message) : '';
  const fields = [
    'SPD',
    '1.0',
    `ACC:${escapeSpaydValue(iban)}`,
    `AM:${amount.toFixed(2)}`,
    'CC:CZK',
    `X-VS:${vs}`,
    ...(message ? [`MSG:${message}`] : []),
  ];
  return fields.join('*');
}

export type EpcInput = {
  iban: string;
  /** The beneficiary: the supplier's name, diacritics kept (character set 1 = UTF-8). */
  name: string;
  amount: number;
  /** Unstructured remittance information, e.g. the order number. */
  text: string;
  /** Optional in version 002 inside the EEA; written when known, so that older readers are served too. */
  bic?: string | null;
};

/** EPC069-12 §3: at most 331 bytes, what a version 13 QR holds at error correction M in byte mode. */
export const epcPayloadMaxBytes = 331;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const cut = (text: string, max: number) => [...oneLine(text)].slice(0, max).join('');
const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * The EPC QR code ("GiroCode", EPC069-12 version 002): service tag `BCD`, version `002`, character
 * set `1` (UTF-8, so "Palivové dřevo Vysočina s.r.o." reaches the payer's bank app as written),
 * `SCT`, the BIC (optional in 002), the beneficiary's name (≤ 70), the IBAN, `EUR12.30`, an empty
 * purpose and structured reference, then the order number as unstructured text (≤ 140); lines end
 * with LF. A text that would take the whole payload past 331 bytes is shortened.
 */
export function buildEpcPayload(input: EpcInput): string {
  const iban = requireIban(input.iban);
  const amount = requireAmount(input.amount, epcAmountMax);
  const name = cut(input.name, epcNameMax);
  if (!name) throw new PaymentQrError('the beneficiary needs a name');
  const bic = input.bic ? input.bic.trim().toUpperCase() : '';
  if (bic && !isValidBIC(bic)) throw new PaymentQrError(`not a valid BIC: ${input.bic}`);
  const head = (beneficiary: string) =>
    ['BCD', '002', '1', 'SCT', bic, beneficiary, iban, `EUR${amount.toFixed(2)}`, '', ''].join('\n');
  // Only a name of 70 characters beyond two bytes each (no real firm's) needs shortening itself.
  const nameChars = [...name];
  while (utf8Length(head(nameChars.join(''))) >= epcPayloadMaxBytes) nameChars.pop();
  const fixed = head(nameChars.join('').trimEnd());
  const textChars = [...cut(input.text, epcTextMax)];
  while (utf8Length(`${fixed}\n${textChars.join('')}`) > epcPayloadMaxBytes) textChars.pop();
  return `${fixed}\n${textChars.join('').trimEnd()}`;
}

/**
 * BICs of the Czech banks most accounts are held at (ČNB's list of payment system codes), by bank
 * code. A bank not listed gets no BIC: version 002 does without one, SEPA routes by the IBAN.
 */
const czechBics: Record<string, string> = {
  '0100': 'KOMBCZPP', // Komerční banka
  '0300': 'CEKOCZPP', // ČSOB
  '0600': 'AGBACZPP', // MONETA Money Bank
  '0800': 'GIBACZPX', // Česká spořitelna
  '2010': 'FIOBCZPP', // Fio banka
  '2700': 'BACXCZPP', // UniCredit Bank
  '3030': 'AIRACZPP', // Air Bank
  '5500': 'RZBCCZPP', // Raiffeisenbank
  '6210': 'BREXCZPP', // mBank
};

export const czechBic = (bankCode: string): string | null => czechBics[bankCode.trim()] ?? null;

/** The IBAN of a supplier's Czech account (bank-account rules), or null when the account is invalid. */
export const supplierIban = (supplier: { bank_account: string; bank_code: string }): string | null =>
  czechIban(supplier.bank_account, supplier.bank_code);
