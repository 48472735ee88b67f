import { composeIBAN, isValidBBAN, isValidIBAN } from 'ibantools';

/**
 * Czech bank account numbers (domain.md §1.3 Supplier: bank_account, bank_code) as the ČNB decree
 * 169/2011 writes them: an optional prefix of up to 6 digits, a dash, and a number of 2 to 10
 * digits with at least two that are not 0, followed by the bank's 4-digit code ("19-2000145399"
 * and "0800"). Each part carries its own check digit: the digits times the weights
 * 6, 3, 7, 9, 10, 5, 8, 4, 2, 1 (aligned to the right) add up to a multiple of 11.
 */
const weights = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1] as const;

export const bankCodePattern = /^\d{4}$/;
const accountPattern = /^(?:(\d{1,6})-)?(\d{2,10})$/;

export type CzechAccountNumber = { prefix: string; number: string };

function weightedSumIsDivisible(digits: string): boolean {
  const padded = digits.padStart(10, '0');
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(padded[i]) * (weights[i] ?? 0);
  return sum % 11 === 0;
}

/** "19-2000145399", "2000145399" or "000019-2000145399" into its parts, without leading zeros. */
export function parseCzechAccountNumber(text: string): CzechAccountNumber | null {
  const m = accountPattern.exec(text.replace(/\s+/g, ''));
  if (!m) return null;
  const strip = (s: string) => s.replace(/^0+/, '');
  return { prefix: strip(m[1] ?? ''), number: strip(m[2] ?? '') };
}

/** The account as it is written and kept: the prefix and dash only when there is a prefix. */
export function formatCzechAccountNumber({ prefix, number }: CzechAccountNumber): string {
  return prefix ? `${prefix}-${number}` : number;
}

/** The 20-digit Czech BBAN: bank code, prefix to 6 digits, number to 10 digits. */
const bbanOf = (account: CzechAccountNumber, bankCode: string) =>
  `${bankCode}${account.prefix.padStart(6, '0')}${account.number.padStart(10, '0')}`;

/**
 * The account number alone (without the bank code) is well formed and both check digits hold.
 * ibantools checks the same digits but lets through a part whose weighted sum leaves 1 when its
 * check digit is 1, which the decree does not allow, so the sum is checked here as well.
 */
export function isValidCzechAccountNumber(text: string): boolean {
  const account = parseCzechAccountNumber(text);
  if (!account) return false;
  if (account.number.replace(/0/g, '').length < 2) return false;
  return weightedSumIsDivisible(account.prefix) && weightedSumIsDivisible(account.number);
}

export const isValidBankCode = (code: string) => bankCodePattern.test(code.trim());

/** The account and bank code together: a valid Czech BBAN (ibantools) and the decree's own rule. */
export function isValidCzechAccount(text: string, bankCode: string): boolean {
  const account = parseCzechAccountNumber(text);
  if (!account || !isValidBankCode(bankCode) || !isValidCzechAccountNumber(text)) return false;
  return isValidBBAN(bbanOf(account, bankCode.trim()), 'CZ');
}

/** The IBAN of a valid Czech account (for the QR payment, domain.md §3.3), electronic form; else null. */
export function czechIban(text: string, bankCode: string): string | null {
  const account = parseCzechAccountNumber(text);
  if (!account || !isValidCzechAccount(text, bankCode)) return null;
  const iban = composeIBAN({ countryCode: 'CZ', bban: bbanOf(account, bankCode.trim()) });
  return iban && isValidIBAN(iban) ? iban : null;
}

/** "CZ6508000000192000145399" as "CZ65 0800 0000 1920 0014 5399", for reading. */
export const groupIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');
