import { sql } from 'drizzle-orm';

/**
 * The first instant of a Prague day, `plusDays` later: instants (created, collected, audited) are
 * stored in UTC and filtered by the Prague days a user picks (DESIGN §3 Time).
 */
export const pragueMidnight = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/Prague')`;
