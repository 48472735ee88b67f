import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';

export type MailLimits = { perUser: number; perRecipient: number };

/** Refused: too many e-mails this hour; `retryAfter` is the seconds until the next hour. */
export class TooManyEmails extends AppError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(429, ErrorCode.tooManyEmails, message);
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One upsert: this hour's count of `key` plus one, as every process sees it. */
async function count(tx: Tx, key: string): Promise<{ sent: number; left: number }> {
  const [row] = rowsOf<{ sent: number; left: number }>(
    await tx.execute(sql`
      insert into mail_limits (key, window_start, sent) values (${key}, date_trunc('hour', now()), 1)
      on conflict (key, window_start) do update set sent = mail_limits.sent + 1
      returning sent, ceil(extract(epoch from date_trunc('hour', now()) + interval '1 hour' - now()))::int as left`),
  );
  return row!;
}

/**
 * Takes one QR e-mail from the hour's allowance of the user and of the address (decision 0022):
 * each count is one atomic upsert on a row keyed by the clock hour, in one transaction, so
 * parallel requests, in one process or several, queue on the row and each sees the count the
 * one before it left. Over either limit: 429 / 152 and the transaction is rolled back, so a
 * refused e-mail uses up nothing. The user's row is always taken first (no deadlock).
 * Rows of past days are deleted on the way.
 */
export async function takeMailSlot(db: Db, userId: number, to: string, limits: MailLimits): Promise<void> {
  await db.transaction(async (tx) => {
    const byUser = await count(tx, `user:${userId}`);
    if (byUser.sent > limits.perUser) {
      throw new TooManyEmails(`At most ${limits.perUser} QR e-mails an hour per user`, byUser.left);
    }
    const byRecipient = await count(tx, `to:${to.trim().toLowerCase()}`);
    if (byRecipient.sent > limits.perRecipient) {
      throw new TooManyEmails(
        `At most ${limits.perRecipient} QR e-mails an hour to one address`,
        byRecipient.left,
      );
    }
    await tx.execute(sql`delete from mail_limits where window_start < now() - interval '1 day'`);
  });
}
