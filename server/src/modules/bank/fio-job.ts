import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import * as q from './bank.queries.ts';
import { importStatement } from './bank.service.ts';
import { FioError, fioLast, fioSetLastId } from './fio.ts';
import { statementInvalid } from './statement.ts';
import type { TokenSeal } from './token-seal.ts';

/**
 * The Fio download (domain.md §2.12, decision 0076), run by the periodic jobs of every server
 * process: each account with a token is claimed for 30 s in one statement, so however many
 * processes run, a token is called at most once per 30 s (Fio answers 409 otherwise).
 *
 * `last` moves the bank's marker as it answers. When what it answered cannot be stored, the
 * account's next call puts the marker back after the last movement stored here (`set-last-id`)
 * instead, and the call after that downloads the same movements again.
 */
export async function fetchFioStatements(
  db: Db,
  options: { fioApiUrl: string; seal: TokenSeal },
): Promise<number> {
  const due = await q.claimFioAccounts(db);
  for (const account of due) {
    let token: string;
    try {
      token = options.seal.open(account.sealed);
    } catch {
      await q.fioFetched(db, account.id, {
        markerBehind: account.marker_behind,
        error: 'The stored token cannot be opened with this key (BANK_TOKEN_KEY): enter it again',
      });
      continue;
    }
    try {
      if (account.marker_behind && account.last_id) {
        await fioSetLastId(options.fioApiUrl, token, account.last_id);
        await q.fioFetched(db, account.id, { markerBehind: false, error: null });
        continue;
      }
      const statement = await fioLast(options.fioApiUrl, token);
      const stranger = statement.transactions.find(
        (t) => t.account !== account.account || t.bankCode !== account.bank_code,
      );
      if (stranger) throw statementInvalid(stranger.at, 'the token reads another account');
      await importStatement(db, statement, { userId: null, method: 'JOB', path: 'fio' });
      const lastId = statement.transactions.reduce<bigint | null>((max, t) => {
        const id = BigInt(t.bankRef);
        return max === null || id > max ? id : max;
      }, null);
      await q.fioFetched(db, account.id, {
        lastId: lastId?.toString() ?? null,
        markerBehind: false,
        error: null,
      });
    } catch (error) {
      // A refused call moved no marker; an answer that was not stored did.
      const moved = !(error instanceof FioError);
      const message =
        error instanceof FioError || error instanceof AppError
          ? error.message.slice(0, 300)
          : 'Import failed';
      await q.fioFetched(db, account.id, { markerBehind: moved || account.marker_behind, error: message });
    }
  }
  return due.length;
}
