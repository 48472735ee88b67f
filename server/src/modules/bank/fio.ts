import { z } from 'zod';
import {
  accountOf,
  minorUnits,
  normalizeSymbol,
  type Statement,
  type StatementTransaction,
  statementInvalid,
} from './statement.ts';

/**
 * Fio banka's REST API (CZECH.md "Bank statements"): `last/{token}/transactions.json` answers what
 * came since the bank's "last downloaded" marker and moves the marker; `set-last-id/{token}/{id}/`
 * puts it back. One call per 30 s per token, otherwise 409. The token is part of the URL, so no
 * URL and no answer text ever reaches a log or an error (decision 0076).
 */
const column = <T extends z.ZodType>(value: T) => z.object({ value }).nullish();

const fioTransactionSchema = z.object({
  column22: column(z.union([z.number(), z.string()])), // ID pohybu
  column0: column(z.string()), // Datum, "2026-11-27+0100"
  column1: column(z.union([z.number(), z.string()])), // Objem
  column14: column(z.string()).optional(), // Měna
  column2: column(z.string()).optional(), // Protiúčet
  column3: column(z.string()).optional(), // Kód banky
  column4: column(z.string()).optional(), // KS
  column5: column(z.string()).optional(), // VS
  column6: column(z.string()).optional(), // SS
  column10: column(z.string()).optional(), // Název protiúčtu
  column16: column(z.string()).optional(), // Zpráva pro příjemce
});

export const fioAnswerSchema = z.object({
  accountStatement: z.object({
    info: z.object({
      accountId: z.string(),
      bankId: z.string(),
      currency: z.string(),
    }),
    transactionList: z.object({ transaction: z.array(fioTransactionSchema).nullish() }).nullish(),
  }),
});

/** A JSON number as the text it stands for (1234.5 → "1234.5"), never through float arithmetic. */
const amountText = (value: number | string) => (typeof value === 'number' ? String(value) : value);

export function parseFio(json: unknown): Statement {
  const parsed = fioAnswerSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw statementInvalid(
      issue?.path.join('.') || 'accountStatement',
      issue?.message ?? 'not a Fio statement',
    );
  }
  const { info, transactionList } = parsed.data.accountStatement;
  const own = /^(?:(\d{1,6})-)?(\d{2,10})$/.exec(info.accountId);
  if (!own || !/^\d{4}$/.test(info.bankId)) throw statementInvalid('info.accountId', 'not a Czech account');
  const transactions = (transactionList?.transaction ?? []).map((t, i): StatementTransaction => {
    const at = `transaction[${i + 1}]`;
    const id = t.column22?.value;
    if (id === undefined || !/^\d{1,20}$/.test(String(id)))
      throw statementInvalid(`${at}.column22`, 'no movement id');
    const amount = t.column1 ? minorUnits(amountText(t.column1.value)) : null;
    if (amount === null) throw statementInvalid(`${at}.column1`, 'no amount');
    const day = t.column0?.value.slice(0, 10) ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw statementInvalid(`${at}.column0`, 'no day');
    const currency = t.column14?.value ?? info.currency;
    if (currency !== 'CZK' && currency !== 'EUR')
      throw statementInvalid(`${at}.column14`, `the currency ${currency.slice(0, 5)} is neither CZK nor EUR`);
    const counter = t.column2?.value?.trim() ?? '';
    const counterBank = t.column3?.value?.trim() ?? '';
    return {
      at,
      account: accountOf(own[1] ?? '', own[2]!),
      bankCode: info.bankId,
      bankRef: String(id),
      bookedOn: day,
      amountMinor: amount,
      currency,
      variableSymbol: normalizeSymbol(t.column5?.value ?? '', `${at}.column5`, 10),
      constantSymbol: (t.column4?.value ?? '').trim().replace(/^0+/, ''),
      specificSymbol: (t.column6?.value ?? '').trim().replace(/^0+/, ''),
      counterAccount: (counter && counterBank ? `${counter}/${counterBank}` : counter).slice(0, 60),
      counterName: (t.column10?.value ?? '').trim().slice(0, 140),
      message: (t.column16?.value ?? '').trim().slice(0, 500),
    };
  });
  return { format: 'fio', transactions };
}

export class FioError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** One call of the API; a failure says what happened in words that hold no token. */
async function call(baseUrl: string, path: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/$/, '')}${path}`, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    const name = (error as Error)?.name;
    throw new FioError(
      name === 'TimeoutError' ? 'Fio API: no answer in 30 s' : 'Fio API: not reachable',
      null,
    );
  }
  if (response.status === 409) throw new FioError('Fio API: called again within 30 s (409)', 409);
  if (response.status === 401 || response.status === 404)
    throw new FioError(`Fio API: the token is not valid (${response.status})`, response.status);
  if (!response.ok) throw new FioError(`Fio API: answered ${response.status}`, response.status);
  return response;
}

/** What came since the bank's marker (the marker moves on). */
export async function fioLast(baseUrl: string, token: string): Promise<Statement> {
  const response = await call(baseUrl, `/last/${encodeURIComponent(token)}/transactions.json`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    // The bank answered (and moved its marker): this is no refused call (fio-job.ts).
    throw statementInvalid('transactions.json', 'the answer is not JSON');
  }
  return parseFio(json);
}

/** Puts the bank's marker back after the last movement stored here. */
export async function fioSetLastId(baseUrl: string, token: string, lastId: string): Promise<void> {
  await call(baseUrl, `/set-last-id/${encodeURIComponent(token)}/${encodeURIComponent(lastId)}/`);
}
