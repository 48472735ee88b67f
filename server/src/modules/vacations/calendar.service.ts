import { addDays } from '@letokruh/contracts/rules/prague-day';
import { closureDays, daysWithin } from '@letokruh/contracts/rules/vacation-period';
import {
  type CalendarClosure,
  type CalendarDriverVacation,
  driverColor,
} from '@letokruh/contracts/vacations';
import type { DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/access.ts';
import { inScope, warehouseScope } from '../../plugins/warehouse-scope.ts';
import * as q from './vacations.queries.ts';
import { visibleDrivers } from './vacations.service.ts';

const sortedDays = (dates: string[]) => [...new Set(dates)].sort();

/**
 * GET /api/get-vacations (domain.md §1.7): the closures of the asked warehouses on the asked days,
 * one entry per day a closure touches, with the hour it starts that day and its minutes.
 */
export async function calendarClosures(
  db: DbOrTx,
  query: { warehouses: number[]; dates: string[] },
  /** The asker, whose scope applies; none for the server's own checks (clashes). */
  user?: SessionUser,
): Promise<{ data: CalendarClosure[] }> {
  const days = sortedDays(query.dates);
  const first = days[0];
  const last = days.at(-1);
  // Closures of warehouses outside the user's scope are left out (decision 0021).
  const scope = user ? await warehouseScope(db, user) : null;
  const warehouses = [...new Set(query.warehouses)].filter((id) => inScope(scope, id));
  if (!first || !last || warehouses.length === 0) return { data: [] };
  const rows = await q.findClosuresBetween(db, warehouses, `${first}T00:00`, `${addDays(last, 1)}T00:00`);
  const data = rows.flatMap((row) =>
    closureDays({ start: row.from, end: row.to }, days).map((day) => ({
      id: row.id,
      ...day,
      warehouse: {
        id: row.ownerId,
        name: row.owner.name,
        color: row.owner.color,
        text_color: row.owner.textColor,
      },
    })),
  );
  data.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.from_time.localeCompare(b.from_time) ||
      a.warehouse.name.localeCompare(b.warehouse.name, 'cs') ||
      a.id - b.id,
  );
  return { data };
}

/**
 * GET /api/get-drivers-vacations (domain.md §1.7): every active driver's vacation on the asked days,
 * one entry per day, with the driver's name and a colour of their own.
 */
export async function calendarDriverVacations(
  db: DbOrTx,
  query: { dates: string[] },
  /** The asker, whose scope applies; none for the server's own checks (clashes). */
  user?: SessionUser,
): Promise<{ data: CalendarDriverVacation[] }> {
  const days = sortedDays(query.dates);
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return { data: [] };
  const rows = await q.findUserVacationsBetween(
    db,
    first,
    last,
    user ? await visibleDrivers(db, user) : null,
  );
  const data = rows.flatMap((row) =>
    daysWithin(row.from, row.to, days).map((date) => ({
      id: row.id,
      date,
      name: `${row.owner.firstName} ${row.owner.lastName}`.trim(),
      hex_color: driverColor(row.ownerId),
      user_id: row.ownerId,
    })),
  );
  data.sort((a, b) => a.date.localeCompare(b.date)); // stable: keeps the name order within a day
  return { data };
}
