import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { unscopedFunctions } from './warehouse-scope.ts';

// Who still holds a calendar feed's subject, below the modules (decision 0091): the calendar-feeds
// module reads its feeds with it, and the changes of who holds what (a user's functions, the
// functions' permissions, a warehouse's staff) end the lapsed feeds with it in their transaction,
// without importing the feeds' module, which reads warehouses and orders.

/**
 * Does the feed's subject still belong to the user it was made for (domain.md §2.10, decision
 * 0073)? A driver feed while its driver holds the driver function; a warehouse feed while its maker
 * holds `change_warehouse` and the warehouse is in their lane: every warehouse for the unscoped
 * functions (`unscoped`), else those they are assigned to. SQL over `calendar_feeds f`.
 */
export const subjectHeld = (unscoped: readonly string[]) => sql`(case f.kind
  when 'driver' then exists (select 1 from user_functions uf join functions fn on fn.id = uf.function_id
    where uf.user_id = f.driver_id and fn.name = 'driver')
  else exists (select 1 from user_functions uf
      join function_permissions fp on fp.function_id = uf.function_id
      join permissions p on p.id = fp.permission_id
    where uf.user_id = f.created_by and p.codename = 'change_warehouse')
    and (exists (select 1 from user_functions uf join functions fn on fn.id = uf.function_id
        where uf.user_id = f.created_by and fn.name = any(${sql.param([...unscoped])}::text[]))
      or exists (select 1 from warehouse_staff ws
        where ws.user_id = f.created_by and ws.warehouse_id = f.warehouse_id))
  end)`;

/**
 * Ends the feeds whose subject their user no longer holds (domain.md §2.10, decision 0073), in the
 * transaction of the change that took it, among the driver feeds of `userIds` and the feeds they
 * made (a user's functions), the feeds of `warehouseIds` (a warehouse's staff), or every feed
 * (`all`: the functions' permissions). A fetch checks the same at once, so a feed never answers in
 * between; this keeps the lists true.
 */
export async function endLapsedFeeds(
  db: DbOrTx,
  among: { userIds?: number[]; warehouseIds?: number[]; all?: boolean },
  actorId: number | null,
): Promise<number[]> {
  const users = sql.param(among.userIds ?? []);
  const warehouses = sql.param(among.warehouseIds ?? []);
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update calendar_feeds f set revoked_at = now(), revoked_by = ${actorId}
        where f.revoked_at is null
          and (${!!among.all}::boolean or f.driver_id = any(${users}::int[]) or f.created_by = any(${users}::int[])
            or f.warehouse_id = any(${warehouses}::int[]))
          and not ${subjectHeld(unscopedFunctions)}
        returning f.id`,
  );
  return rows.map((r) => Number(r.id));
}
