import { SaxesParser } from 'saxes';
import {
  accountOf,
  czechIban,
  minorUnits,
  normalizeSymbol,
  type Statement,
  type StatementAccount,
  type StatementTransaction,
  statementInvalid,
} from './statement.ts';

/**
 * CAMT.053 (ISO 20022 `camt.053.001.02`, the Czech banks' profile; CZECH.md "Bank statements").
 * Read with saxes, which expands no entities of its own: a DOCTYPE (where an XML bomb's entities
 * would be declared) is refused outright (decision 0075). The document becomes a small tree of
 * elements without namespace prefixes; an error names the element by its path.
 */
type Element = {
  name: string;
  path: string;
  text: string;
  attrs: Record<string, string>;
  children: Element[];
};

const maxDepth = 40;
const maxElements = 2_000_000;

function decode(bytes: Buffer): string {
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw statementInvalid('line 1', 'the file is UTF-16; CAMT.053 is read in UTF-8');
  const encoding = declared === 'windows-1250' || declared === 'cp1250' ? 'windows-1250' : declared;
  if (encoding && encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'windows-1250')
    throw statementInvalid('line 1', `the encoding ${encoding} is neither UTF-8 nor Windows-1250`);
  try {
    return new TextDecoder(encoding ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw statementInvalid('line 1', 'the file is not valid UTF-8');
  }
}

function tree(text: string): Element {
  const parser = new SaxesParser({ position: true });
  const root: Element = { name: '', path: '', text: '', attrs: {}, children: [] };
  const stack: Element[] = [root];
  let count = 0;
  const where = () => `line ${parser.line}`;
  parser.on('error', (error) => {
    throw statementInvalid(where(), `not well-formed XML: ${error.message.split('\n')[0]?.slice(0, 120)}`);
  });
  parser.on('doctype', () => {
    throw statementInvalid(where(), 'a DOCTYPE is not allowed in a statement');
  });
  parser.on('opentag', (tag) => {
    const parent = stack[stack.length - 1]!;
    const name = tag.name.includes(':') ? tag.name.slice(tag.name.indexOf(':') + 1) : tag.name;
    const index = parent.children.filter((c) => c.name === name).length + 1;
    const element: Element = {
      name,
      path: parent.path ? `${parent.path}/${name}[${index}]` : name,
      text: '',
      attrs: tag.attributes as Record<string, string>,
      children: [],
    };
    if (++count > maxElements) throw statementInvalid(element.path, 'too many elements');
    if (stack.length > maxDepth) throw statementInvalid(element.path, 'nested too deep');
    parent.children.push(element);
    stack.push(element);
  });
  parser.on('text', (t) => {
    const top = stack[stack.length - 1]!;
    if (top !== root && top.text.length < 10_000) top.text += t;
  });
  parser.on('cdata', (t) => {
    const top = stack[stack.length - 1]!;
    if (top !== root && top.text.length < 10_000) top.text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text).close();
  return root;
}

const all = (e: Element | undefined, name: string) => e?.children.filter((c) => c.name === name) ?? [];
const child = (e: Element | undefined, ...names: string[]): Element | undefined => {
  let at = e;
  for (const name of names) at = at?.children.find((c) => c.name === name);
  return at;
};
const textOf = (e: Element | undefined, ...names: string[]) => child(e, ...names)?.text.trim() ?? '';

function need(e: Element, ...names: string[]): Element {
  const found = child(e, ...names);
  if (!found) throw statementInvalid(`${e.path}/${names.join('/')}`, 'missing');
  return found;
}

function accountOfElement(acct: Element): StatementAccount {
  const iban = textOf(acct, 'Id', 'IBAN');
  if (iban) {
    const czech = czechIban(iban);
    if (!czech) throw statementInvalid(`${acct.path}/Id/IBAN`, 'not a Czech IBAN');
    return czech;
  }
  const other = textOf(acct, 'Id', 'Othr', 'Id');
  const m = /^(?:(\d{1,6})-)?(\d{2,10})(?:\/(\d{4}))?$/.exec(other.replace(/\s+/g, ''));
  if (!m) throw statementInvalid(`${acct.path}/Id`, 'no IBAN nor Czech account number');
  return { account: accountOf(m[1] ?? '', m[2]!), bankCode: m[3] ?? null };
}

/**
 * The variable symbol where the ČBA profile and the banks put it: a structured creditor reference
 * ("VS:123", "123"), then the end-to-end id ("VS123/SS/KS", "/VS/123"), then the free text.
 */
function variableSymbolOf(tx: Element | undefined, at: string): string | null {
  const fromReference = textOf(tx, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref');
  const reference = /^(?:VS[:\s]?)?(\d{1,20})$/i.exec(fromReference);
  if (reference) return normalizeSymbol(reference[1]!, `${at}/RmtInf/Strd/CdtrRefInf/Ref`);
  const e2e = textOf(tx, 'Refs', 'EndToEndId');
  const fromE2e = /(?:^|\/)VS[:/]?(\d{1,20})(?:\/|$)/i.exec(e2e) ?? /^(\d{1,20})$/.exec(e2e);
  if (fromE2e) return normalizeSymbol(fromE2e[1]!, `${at}/Refs/EndToEndId`);
  const free = all(child(tx, 'RmtInf'), 'Ustrd')
    .map((u) => u.text)
    .join(' ');
  const fromText = /\/VS\/(\d{1,20})/i.exec(free);
  return fromText ? normalizeSymbol(fromText[1]!, `${at}/RmtInf/Ustrd`) : null;
}

function counterpartyOf(tx: Element | undefined, incoming: boolean): { account: string; name: string } {
  const party = incoming ? 'Dbtr' : 'Cdtr';
  const acct = child(tx, 'RltdPties', `${party}Acct`);
  let account = '';
  const iban = textOf(acct, 'Id', 'IBAN');
  if (iban) {
    const czech = czechIban(iban);
    account = czech ? `${czech.account}/${czech.bankCode}` : iban.replace(/\s+/g, '');
  } else account = textOf(acct, 'Id', 'Othr', 'Id');
  return { account: account.slice(0, 60), name: textOf(tx, 'RltdPties', party, 'Nm').slice(0, 140) };
}

export function parseCamt(bytes: Buffer): Statement {
  const root = tree(decode(bytes));
  const document = root.children[0];
  if (document?.name !== 'Document') throw statementInvalid('Document', 'not a CAMT.053 document');
  const statements = all(need(document, 'BkToCstmrStmt'), 'Stmt');
  if (statements.length === 0) throw statementInvalid(`${document.path}/BkToCstmrStmt/Stmt`, 'missing');
  const transactions: StatementTransaction[] = [];
  for (const stmt of statements) {
    const acct = need(stmt, 'Acct');
    const own = accountOfElement(acct);
    const accountCurrency = textOf(acct, 'Ccy');
    for (const entry of all(stmt, 'Ntry')) {
      const at = entry.path;
      const amt = need(entry, 'Amt');
      const amount = minorUnits(amt.text);
      if (amount === null || amount < 0)
        throw statementInvalid(amt.path, `"${amt.text.slice(0, 30)}" is no amount`);
      const currency = (amt.attrs.Ccy ?? accountCurrency) || null;
      if (currency !== null && currency !== 'CZK' && currency !== 'EUR')
        throw statementInvalid(amt.path, `the currency ${currency.slice(0, 5)} is neither CZK nor EUR`);
      const direction = textOf(entry, 'CdtDbtInd');
      if (direction !== 'CRDT' && direction !== 'DBIT')
        throw statementInvalid(`${at}/CdtDbtInd`, 'neither CRDT nor DBIT');
      const reversal = textOf(entry, 'RvslInd') === 'true';
      const incoming = (direction === 'CRDT') !== reversal;
      const bookedText = textOf(entry, 'BookgDt', 'Dt') || textOf(entry, 'BookgDt', 'DtTm').slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(bookedText)) throw statementInvalid(`${at}/BookgDt`, 'no booking day');
      const tx = child(entry, 'NtryDtls', 'TxDtls');
      const bankRef =
        textOf(entry, 'AcctSvcrRef') || textOf(entry, 'NtryRef') || textOf(tx, 'Refs', 'AcctSvcrRef');
      if (!bankRef) throw statementInvalid(`${at}/AcctSvcrRef`, 'the bank id of the entry is missing');
      const counter = counterpartyOf(tx, direction === 'CRDT');
      transactions.push({
        at,
        ...own,
        bankRef: bankRef.slice(0, 60).replace(/^0+(?=\d)/, ''),
        bookedOn: bookedText,
        amountMinor: incoming ? amount : -amount,
        currency: currency as 'CZK' | 'EUR' | null,
        variableSymbol: variableSymbolOf(tx, at),
        constantSymbol: '',
        specificSymbol: '',
        counterAccount: counter.account,
        counterName: counter.name,
        message: all(child(tx, 'RmtInf'), 'Ustrd')
          .map((u) => u.text.trim())
          .join(' ')
          .slice(0, 500),
      });
    }
  }
  return { format: 'camt', transactions };
}
