import { ErrorCode } from '@letokruh/contracts/errors';
import { pragueTimeExists } from '@letokruh/contracts/rules/prague-day';
import { sql } from 'drizzle-orm';
import { AppError } from '../plugins/errors.ts';

/**
 * The first instant of a Prague day, `plusDays` later: instants (created, collected, audited) are
 * stored in UTC and filtered by the Prague days a user picks (domain.md §3.3 Time).
 */
export const pragueMidnight = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/Prague')`;

/**
 * Refuses a wall-clock time that never happens in Prague (decision 0024): on the last Sunday of March
 * the clocks jump from 02:00 to 03:00, so a delivery or a closure at 02:30 that day cannot be.
 */
export function requireExistingTime(day: string, clock: string | null | undefined, field: string): void {
  if (!clock || pragueTimeExists(day, clock)) return;
  throw new AppError(
    400,
    ErrorCode.nonexistentTime,
    `${clock} does not happen in Prague on ${day}: the clocks jump from 02:00 to 03:00`,
    [field],
  );
}
