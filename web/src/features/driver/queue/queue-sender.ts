import { ErrorCode } from '@letokruh/contracts/errors';
import { ApiError } from '../../../lib/api-client';
import { listQueued, markRefused, type QueuedAction, removeQueued } from './queue-store';

/**
 * Whether a failed send may succeed later, so that the action stays queued: no network (the
 * client's status 0), the server or its database down (5xx), a timeout or a rate limit, and a
 * lapsed session (401) or form token (CSRF): the driver signs in again and the delivery is not
 * lost. Any other 4xx is the server's refusal: sending it again would be refused again.
 */
export function mayRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0 || error.status >= 500) return true;
  if (error.status === 408 || error.status === 429 || error.status === 401) return true;
  return error.status === 403 && error.errorCode === ErrorCode.csrfFailed;
}

export type FlushResult = { sent: QueuedAction[]; refused: QueuedAction[]; kept: number };
export type Send = (action: QueuedAction) => Promise<unknown>;

let running: Promise<FlushResult> | null = null;
let again = false;

/**
 * Sends the queued actions, oldest first, one at a time. The first failure that may pass later
 * stops the round (the signal is gone; a delivery is not sent before the "on the way" it
 * follows); a refusal marks its action and goes on. Only one round runs at a time in a page: a
 * call meanwhile makes the running round look once more when it ends (a new action, the
 * `online` event), and answers with its result.
 */
export function flushQueue(send: Send): Promise<FlushResult> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    const result: FlushResult = { sent: [], refused: [], kept: 0 };
    try {
      do {
        again = false;
        await round(send, result);
      } while (again && result.kept === 0);
    } finally {
      running = null;
    }
    return result;
  })();
  return running;
}

async function round(send: Send, result: FlushResult): Promise<void> {
  const waiting = (await listQueued()).filter((a) => !a.refused);
  result.kept = 0;
  for (const [i, action] of waiting.entries()) {
    try {
      await send(action);
    } catch (error) {
      if (mayRetry(error)) {
        result.kept = waiting.length - i;
        return;
      }
      const e = error as ApiError;
      await markRefused(action.key, { status: e.status, errorCode: e.errorCode, message: e.message });
      result.refused.push(action);
      continue;
    }
    await removeQueued(action.key);
    result.sent.push(action);
  }
}
