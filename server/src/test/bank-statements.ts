import { composeIBAN } from 'ibantools';

/**
 * Fixture statements (domain.md §2.12) in the three formats from one list of transactions, so a
 * test states each case once and reads it through every way in.
 */
export type FixtureTransaction = {
  /** The bank's own id (Fio's movement id: digits). */
  ref: string;
  /** Signed haléře: below zero is money out. */
  amountMinor: number;
  day: string;
  vs?: string;
  message?: string;
  counterAccount?: string;
  counterBank?: string;
  counterName?: string;
  currency?: 'CZK' | 'EUR';
};

export type FixtureStatement = {
  /** "2718340003" or "35-1154780008". */
  account: string;
  bankCode: string;
  currency: 'CZK' | 'EUR';
  transactions: FixtureTransaction[];
};

/** Windows-1250 bytes of a text (the inverse of the WHATWG decoder). */
const cp1250 = (() => {
  const decoder = new TextDecoder('windows-1250');
  const map = new Map<string, number>();
  for (let b = 0; b < 256; b++) map.set(decoder.decode(Uint8Array.of(b)), b);
  return (text: string) => Buffer.from([...text].map((ch) => map.get(ch) ?? 0x3f));
})();

const digits16 = (account: string) => {
  const [prefix, number] = account.includes('-') ? account.split('-') : ['', account];
  return `${prefix!.padStart(6, '0')}${number!.padStart(10, '0')}`;
};
const ddmmyy = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}${day.slice(2, 4)}`;
const fit = (text: string, width: number) => text.slice(0, width).padEnd(width, ' ');
const num = (n: number, width: number) => String(Math.abs(n)).padStart(width, '0');
const currencyCode = { CZK: '0203', EUR: '0978' } as const;

/** ABO/GPC: a 074 header and a 075 line per transaction (a 078 line with its message), CRLF. */
export function gpcLines(s: FixtureStatement): string[] {
  const day = s.transactions[0]?.day ?? '2026-11-27';
  const credit = s.transactions.filter((t) => t.amountMinor > 0).reduce((a, t) => a + t.amountMinor, 0);
  const debit = s.transactions.filter((t) => t.amountMinor < 0).reduce((a, t) => a - t.amountMinor, 0);
  const lines = [
    `074${digits16(s.account)}${fit('Letokruh ucet', 20)}${ddmmyy(day)}${num(100000, 14)}+${num(100000 + credit - debit, 14)}+${num(debit, 14)}0${num(credit, 14)}0001${ddmmyy(day)}${' '.repeat(14)}`,
  ];
  for (const t of s.transactions) {
    const counter = t.counterAccount ? digits16(t.counterAccount) : '0'.repeat(16);
    lines.push(
      `075${digits16(s.account)}${counter}${t.ref.padStart(13, '0')}${num(t.amountMinor, 12)}${t.amountMinor < 0 ? '1' : '2'}` +
        `${(t.vs ?? '').padStart(10, '0').slice(-10)}00${t.counterAccount ? (t.counterBank ?? '0800') : '0000'}0308${'0'.repeat(10)}` +
        `${ddmmyy(t.day)}${fit(t.counterName ?? '', 20)}0${currencyCode[t.currency ?? s.currency]}${ddmmyy(t.day)}`,
    );
    if (t.message) lines.push(`078${fit(t.message, 35)}${' '.repeat(35)}`);
  }
  return lines;
}

export const gpcFile = (s: FixtureStatement, lines = gpcLines(s)) => cp1250(`${lines.join('\r\n')}\r\n`);

export const ibanOf = (account: string, bankCode: string) =>
  composeIBAN({ countryCode: 'CZ', bban: `${bankCode}${digits16(account)}` })!;

const amountText = (minor: number) =>
  `${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
const escapeXml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** CAMT.053.001.02 as the Czech banks write it: the VS as the creditor reference "VS:…". */
export function camtFile(s: FixtureStatement): Buffer {
  const entries = s.transactions
    .map((t) => {
      const incoming = t.amountMinor > 0;
      const party = incoming ? 'Dbtr' : 'Cdtr';
      const counter = t.counterAccount
        ? `<${party}Acct><Id><IBAN>${ibanOf(t.counterAccount, t.counterBank ?? '0800')}</IBAN></Id></${party}Acct>`
        : '';
      return `
      <Ntry>
        <NtryRef>${t.ref}</NtryRef>
        <Amt Ccy="${t.currency ?? s.currency}">${amountText(t.amountMinor)}</Amt>
        <CdtDbtInd>${incoming ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>${t.day}</Dt></BookgDt>
        <ValDt><Dt>${t.day}</Dt></ValDt>
        <AcctSvcrRef>${t.ref}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${t.ref}</AcctSvcrRef></Refs>
          <RltdPties><${party}><Nm>${escapeXml(t.counterName ?? '')}</Nm></${party}>${counter}</RltdPties>
          <RmtInf>${t.message ? `<Ustrd>${escapeXml(t.message)}</Ustrd>` : ''}${
            t.vs ? `<Strd><CdtrRefInf><Ref>VS:${t.vs}</Ref></CdtrRefInf></Strd>` : ''
          }</RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
    })
    .join('');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>letokruh-test</MsgId><CreDtTm>2026-11-28T06:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>1</Id>
      <Acct><Id><IBAN>${ibanOf(s.account, s.bankCode)}</IBAN></Id><Ccy>${s.currency}</Ccy></Acct>${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`);
}

/** Fio's `transactions.json`: the amount a JSON number, empty columns null. */
export function fioJson(s: FixtureStatement) {
  const value = <T>(v: T | undefined, id: number, name: string) =>
    v === undefined ? null : { value: v, name, id };
  return {
    accountStatement: {
      info: {
        accountId: s.account,
        bankId: s.bankCode,
        currency: s.currency,
        iban: ibanOf(s.account, s.bankCode),
      },
      transactionList: {
        transaction: s.transactions.map((t) => ({
          column22: value(Number(t.ref), 22, 'ID pohybu'),
          column0: value(`${t.day}+0100`, 0, 'Datum'),
          column1: value(t.amountMinor / 100, 1, 'Objem'),
          column14: value(t.currency ?? s.currency, 14, 'Měna'),
          column2: value(t.counterAccount, 2, 'Protiúčet'),
          column3: value(t.counterAccount ? (t.counterBank ?? '0800') : undefined, 3, 'Kód banky'),
          column5: value(t.vs, 5, 'VS'),
          column10: value(t.counterName, 10, 'Název protiúčtu'),
          column16: value(t.message, 16, 'Zpráva pro příjemce'),
        })),
      },
    },
  };
}
