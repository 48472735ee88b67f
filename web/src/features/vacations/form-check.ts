import type { TFunction } from 'i18next';
import { ApiError, errorKey } from '../../lib/api-client';
import { type PeriodDraft, periodError } from './period-fields';

export type FormProblem = { fields: string[]; text: string };

/**
 * Checks a vacation form before sending (domain.md §2.5): required fields first (the generic
 * missing-fields message), then from ≤ to. Null when the draft may go to the server.
 */
export function checkDraft(
  draft: PeriodDraft & Record<string, unknown>,
  required: string[],
  t: TFunction,
): FormProblem | null {
  const missing = required.filter((key) => draft[key] === null || draft[key] === '');
  if (missing.length > 0) return { fields: missing, text: t('errors.missingFields') };
  const period = periodError(draft);
  if (period) return { fields: period.fields, text: t(period.key) };
  return null;
}

/** A refusal of the server as the form shows it: the fields it named and its error's text. */
export function serverProblem(error: unknown, t: TFunction): FormProblem {
  const fields = error instanceof ApiError ? error.fields : [];
  const periodRefused = fields.includes('vacation_from') && fields.includes('vacation_to');
  return { fields, text: periodRefused ? t('vacations.fromAfterTo') : t(errorKey(error)) };
}
