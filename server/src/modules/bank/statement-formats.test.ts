import { describe, expect, it } from 'vitest';
import { camtFile, type FixtureStatement, fioJson, gpcFile, gpcLines } from '../../test/bank-statements.ts';
import { parseCamt } from './camt.ts';
import { parseFio } from './fio.ts';
import { parseGpc } from './gpc.ts';
import { decide, type OrderFacts, type PaymentFacts } from './matching.ts';

/** One statement of every kind of line, read through the three formats (domain.md §2.12). */
const statement: FixtureStatement = {
  account: '35-1154780008',
  bankCode: '0800',
  currency: 'CZK',
  transactions: [
    {
      ref: '20001',
      amountMinor: 123401,
      day: '2026-03-29',
      vs: '2026000042',
      counterAccount: '19-2000145399',
      counterBank: '0100',
      counterName: 'Žluťoučký kůň',
      message: 'Objednávka dřeva',
    },
    { ref: '20002', amountMinor: -25000, day: '2026-03-30', vs: '0000001234' },
    { ref: '20003', amountMinor: 3705, day: '2026-12-31', currency: 'EUR' },
  ],
};

const read = {
  gpc: () => parseGpc(gpcFile(statement)),
  camt: () => parseCamt(camtFile(statement)),
  fio: () => parseFio(JSON.parse(JSON.stringify(fioJson(statement)))),
};

describe.each(Object.entries(read))('%s', (_format, parse) => {
  it('reads amounts to the haléř, the sign, the VS as a number, the day, the counter-party', () => {
    const [first, out, eur] = parse().transactions;
    expect(first).toMatchObject({
      account: '35-1154780008',
      bankRef: '20001',
      bookedOn: '2026-03-29',
      amountMinor: 123401,
      variableSymbol: '2026000042',
      counterAccount: '19-2000145399/0100',
    });
    // The name rides in GPC's 20 columns; the message in its 078 line, CAMT's Ustrd, Fio's column16.
    expect(first!.counterName).toBe('Žluťoučký kůň');
    expect(first!.message).toBe('Objednávka dřeva');
    expect(out).toMatchObject({ amountMinor: -25000, variableSymbol: '1234' });
    expect(eur).toMatchObject({ amountMinor: 3705, currency: 'EUR', bookedOn: '2026-12-31' });
  });
});

describe('ABO/GPC refused', () => {
  const lines = gpcLines(statement);
  const with075 = (change: (line: string) => string) =>
    gpcFile(statement, [lines[0]!, change(lines[1]!), ...lines.slice(2)]);
  const refusal = (bytes: Buffer) => {
    try {
      parseGpc(bytes);
    } catch (error) {
      return (error as Error).message;
    }
    return 'read';
  };

  it('names the line and columns of a field that is not digits', () => {
    expect(refusal(with075((l) => `${l.slice(0, 48)}12345678901X${l.slice(60)}`))).toBe(
      'line 2: columns 49-60 (amount) are not digits',
    );
  });

  it('names a day that does not exist and a posting code it does not know', () => {
    expect(refusal(with075((l) => `${l.slice(0, 122)}310226`))).toMatch(/^line 2: columns 123-128/);
    expect(refusal(with075((l) => `${l.slice(0, 60)}9${l.slice(61)}`))).toMatch(/^line 2: column 61/);
  });

  it('refuses a byte Windows-1250 leaves undefined, and an unknown record type', () => {
    const bytes = gpcFile(statement);
    bytes[200] = 0x98;
    expect(refusal(bytes)).toMatch(/^line 2: a control character/);
    expect(refusal(Buffer.from(`${lines[0]}\r\n076xx\r\n`, 'latin1'))).toBe(
      'line 2: a 076 line before any transaction',
    );
    expect(refusal(Buffer.from('PK\u0003\u0004 a zip file', 'latin1'))).toMatch(/^line 1:/);
  });
});

describe('CAMT.053 refused', () => {
  const refusal = (xml: string) => {
    try {
      parseCamt(Buffer.from(xml));
    } catch (error) {
      return (error as Error).message;
    }
    return 'read';
  };

  it('refuses a DOCTYPE, an external entity and an undeclared one without reading them', () => {
    expect(
      refusal(
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>',
      ),
    ).toMatch(/DOCTYPE is not allowed/);
    expect(refusal('<Document><BkToCstmrStmt>&lol;</BkToCstmrStmt></Document>')).toMatch(
      /not well-formed XML/,
    );
  });

  it('refuses nesting past 40 levels and names a missing bank id by its element', () => {
    expect(refusal(`<Document>${'<a>'.repeat(60)}${'</a>'.repeat(60)}</Document>`)).toMatch(
      /nested too deep/,
    );
    const xml = camtFile(statement)
      .toString('utf8')
      .replaceAll(/<AcctSvcrRef>20002<\/AcctSvcrRef>/g, '')
      .replace('<NtryRef>20002</NtryRef>', '');
    expect(refusal(xml)).toBe(
      'Document/BkToCstmrStmt[1]/Stmt[1]/Ntry[2]/AcctSvcrRef: the bank id of the entry is missing',
    );
  });

  it('reads the VS from the end-to-end id when there is no creditor reference', () => {
    const xml = camtFile({ ...statement, transactions: [{ ref: '1', amountMinor: 100, day: '2026-01-02' }] })
      .toString('utf8')
      .replace('<Refs>', '<Refs><EndToEndId>/VS/0002026000042/SS/77</EndToEndId>');
    expect(parseCamt(Buffer.from(xml)).transactions[0]!.variableSymbol).toBe('2026000042');
  });
});

describe('matching', () => {
  const order = (id: number, owed: number, over: Partial<OrderFacts> = {}): OrderFacts => ({
    id,
    internId: String(2026000000 + id),
    customerId: 7,
    supplierId: 1,
    currency: 'CZK',
    owedMinor: owed,
    qrMinor: Math.round(owed / 100) * 100,
    transfer: true,
    hidden: false,
    paid: false,
    ...over,
  });
  const pay = (id: number, amount: number, vs: string | null, message = ''): PaymentFacts => ({
    id,
    supplierId: 1,
    currency: 'CZK',
    amountMinor: amount,
    variableSymbol: vs,
    message,
    counterAccount: '',
  });

  it('pays an order once: a second payment of it in the same statement is paid twice', () => {
    const o = order(1, 99950);
    const facts = {
      byNumber: new Map([[o.internId, o]]),
      openByCustomer: new Map(),
      customerOfCounter: new Map(),
    };
    const [first, second] = decide([pay(1, 100000, o.internId), pay(2, 99950, o.internId)], facts);
    expect(first).toMatchObject({ state: 'paid', orderIds: [1] });
    expect(second).toMatchObject({ state: 'paid_twice', orderIds: [1] });
  });

  it('suggests the fewest open orders of the customer that add up, the same set every time', () => {
    const orders = [order(1, 10000), order(2, 20000), order(3, 30000), order(4, 50000)];
    const facts = {
      byNumber: new Map(orders.map((o) => [o.internId, o])),
      openByCustomer: new Map([[7, [...orders].reverse()]]),
      customerOfCounter: new Map(),
    };
    // 60 000 is 1+2+3 or 1+4; the VS names order 1, so both include it: two orders win.
    for (let run = 0; run < 3; run++)
      expect(decide([pay(1, 60000, orders[0]!.internId)], facts)[0]).toMatchObject({
        state: 'suggested',
        reason: 'customer_sum',
        orderIds: [1, 4],
      });
  });
});
