import {
  accountOf,
  isoDay,
  normalizeSymbol,
  type Statement,
  type StatementTransaction,
  statementInvalid,
} from './statement.ts';

/**
 * ABO/GPC (CZECH.md "Bank statements"): fixed-width lines of 128 characters in Windows-1250. `074`
 * opens the statement of one account, `075` is one transaction, `076`–`079` carry its longer texts.
 * Columns are counted from 1 as the format's description counts them.
 */
const width = 128;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const cp1250 = new TextDecoder('windows-1250');

const col = (line: string, from: number, to: number) => line.slice(from - 1, to);

/** The file as text, refused when it is plainly not Windows-1250 (UTF-8 or UTF-16, control bytes). */
function decode(bytes: Buffer): string[] {
  if (bytes.length === 0) throw statementInvalid('line 1', 'the file is empty');
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    throw statementInvalid('line 1', 'the file is UTF-8, not Windows-1250');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw statementInvalid('line 1', 'the file is UTF-16, not Windows-1250');
  // Czech letters in UTF-8 are two bytes each, which Windows-1250 reads as two other letters: a
  // file that is valid UTF-8 and has such bytes was written in the wrong encoding.
  if (bytes.some((b) => b >= 0x80)) {
    let isUtf8 = true;
    try {
      utf8.decode(bytes);
    } catch {
      isUtf8 = false;
    }
    if (isUtf8) {
      const lineNo =
        bytes
          .subarray(
            0,
            bytes.findIndex((b) => b >= 0x80),
          )
          .filter((b) => b === 0x0a).length + 1;
      throw statementInvalid(`line ${lineNo}`, 'the file is UTF-8, not Windows-1250');
    }
  }
  const lines = cp1250.decode(bytes).split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  lines.forEach((line, i) => {
    // Windows-1250 leaves five bytes undefined (read as C1 controls); no statement has controls.
    const control = [...line].some((ch) => {
      const code = ch.charCodeAt(0);
      return code < 0x20 || (code >= 0x7f && code <= 0x9f);
    });
    if (control) throw statementInvalid(`line ${i + 1}`, 'a control character: not a Windows-1250 text file');
  });
  return lines;
}

const digits = (line: string, from: number, to: number, at: string, what: string): string => {
  const text = col(line, from, to);
  if (!/^\d+$/.test(text)) throw statementInvalid(at, `columns ${from}-${to} (${what}) are not digits`);
  return text;
};

function day(line: string, from: number, at: string, what: string): string | null {
  const text = col(line, from, from + 5);
  if (/^0{6}$|^ {6}$/.test(text)) return null;
  const found = /^\d{6}$/.test(text)
    ? isoDay(2000 + Number(text.slice(4, 6)), Number(text.slice(2, 4)), Number(text.slice(0, 2)))
    : null;
  if (!found) throw statementInvalid(at, `columns ${from}-${from + 5} (${what}) are no day DDMMYY`);
  return found;
}

/** ISO 4217 numeric codes in columns 119-122 (`0203`), where the bank writes one. */
const currencies: Record<string, 'CZK' | 'EUR'> = { '0203': 'CZK', '0978': 'EUR' };

/**
 * Posting codes (column 61): 1 a debit, 2 a credit; 3 the reversal of a debit (money back in), 4 and
 * 5 the reversal of a credit (money out), as banks write them.
 */
const signOf: Record<string, 1 | -1> = { '1': -1, '2': 1, '3': 1, '4': -1, '5': -1 };

function transaction(line: string, at: string): StatementTransaction {
  const amount = Number(digits(line, 49, 60, at, 'amount'));
  const sign = signOf[col(line, 61, 61)];
  if (!sign) throw statementInvalid(at, 'column 61 (posting code) is not 1 to 5');
  const bankRef = col(line, 36, 48)
    .trim()
    .replace(/^0+(?=.)/, '');
  if (!/^[0-9A-Za-z]+$/.test(bankRef)) throw statementInvalid(at, 'columns 36-48 (the bank id) are empty');
  const code = col(line, 119, 122);
  const currency = currencies[code] ?? null;
  if (!currency && !/^0{4}$|^ {4}$/.test(code))
    throw statementInvalid(at, `columns 119-122: the currency ${code} is neither CZK nor EUR`);
  const booked = day(line, 123, at, 'booking day') ?? day(line, 92, at, 'value day');
  if (!booked) throw statementInvalid(at, 'no booking day (columns 123-128) nor value day (92-97)');
  const symbols = col(line, 72, 81);
  const counter = digits(line, 20, 35, at, 'counter-account');
  const counterBank = symbols.slice(2, 6).trim();
  const counterAccount = /^0+$/.test(counter) ? '' : accountOf(counter.slice(0, 6), counter.slice(6));
  return {
    at,
    account: accountOf(...splitAccount(digits(line, 4, 19, at, 'account'))),
    bankCode: null,
    bankRef,
    bookedOn: booked,
    amountMinor: sign * amount,
    currency,
    variableSymbol: normalizeSymbol(col(line, 62, 71).replace(/^ +| +$/g, ''), `${at}, columns 62-71`),
    constantSymbol: symbols.slice(6).replace(/^0+/, '').trim(),
    specificSymbol: col(line, 82, 91).replace(/^0+/, '').trim(),
    counterAccount: counterAccount && counterBank ? `${counterAccount}/${counterBank}` : counterAccount,
    counterName: col(line, 98, 117).trim(),
    message: '',
  };
}

const splitAccount = (sixteen: string): [string, string] => [sixteen.slice(0, 6), sixteen.slice(6)];

export function parseGpc(bytes: Buffer): Statement {
  const lines = decode(bytes);
  const transactions: StatementTransaction[] = [];
  let header = false;
  lines.forEach((line, i) => {
    const at = `line ${i + 1}`;
    const type = line.slice(0, 3);
    if (type === '074' || type === '075') {
      if (line.length !== width)
        throw statementInvalid(at, `a ${type} line has ${line.length} characters, not ${width}`);
      if (type === '074') {
        digits(line, 4, 19, at, 'account');
        header = true;
      } else {
        if (!header) throw statementInvalid(at, 'a transaction before the statement header (074)');
        transactions.push(transaction(line, at));
      }
    } else if (/^07[6-9]$/.test(type)) {
      // The longer texts of the transaction above: the message for the payee (AV fields).
      const last = transactions[transactions.length - 1];
      if (!last) throw statementInvalid(at, `a ${type} line before any transaction`);
      const text = line.slice(3).replace(/\s+/g, ' ').trim();
      if (text) last.message = last.message ? `${last.message} ${text}` : text;
    } else {
      throw statementInvalid(at, `unknown record type "${type.replace(/[^\x20-\x7e]/g, '?')}"`);
    }
  });
  if (!header) throw statementInvalid('line 1', 'no statement header (074)');
  return { format: 'gpc', transactions };
}
