import { ApiError } from '../../../lib/api-client';
import type { QueuedAction } from './queue-store';

/** The server's refusal of a queued action, as the error the catalogue translates. */
export function refusal(action: QueuedAction): ApiError {
  const r = action.refused;
  return new ApiError(r?.status ?? 400, r?.errorCode ?? null, r?.message ?? '');
}
