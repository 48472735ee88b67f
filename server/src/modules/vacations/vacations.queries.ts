import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, userVacations, warehouses, warehouseVacations } from '../../db/schema/index.ts';
import { scopeCondition, type WarehouseScope } from '../warehouses/warehouse-scope.ts';

const warehouseColumns = {
  id: warehouseVacations.id,
  warehouseId: warehouseVacations.warehouseId,
  startsAt: warehouseVacations.startsAt,
  endsAt: warehouseVacations.endsAt,
  version: warehouseVacations.version,
  deactivatedAt: warehouseVacations.deactivatedAt,
  warehouseName: warehouses.name,
  warehouseColor: warehouses.color,
  warehouseTextColor: warehouses.textColor,
};
export type WarehouseVacationRow = {
  id: number;
  warehouseId: number;
  startsAt: string;
  endsAt: string;
  version: number;
  deactivatedAt: Date | null;
  warehouseName: string;
  warehouseColor: string;
  warehouseTextColor: string;
};

const userColumns = {
  id: userVacations.id,
  userId: userVacations.userId,
  vacationFrom: userVacations.vacationFrom,
  vacationTo: userVacations.vacationTo,
  version: userVacations.version,
  deactivatedAt: userVacations.deactivatedAt,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};
export type UserVacationRow = {
  id: number;
  userId: number;
  vacationFrom: string;
  vacationTo: string;
  version: number;
  deactivatedAt: Date | null;
  username: string;
  firstName: string;
  lastName: string;
};

type Page = { offset: number; limit: number };

/**
 * Active closures, those not yet over first (soonest first), then the past ones (latest first):
 * the dispatcher looks for what is coming. `now` is the Prague wall-clock instant.
 */
export async function listWarehouseVacations(
  db: DbOrTx,
  filters: { warehouseId?: number | undefined; now: string; scope: WarehouseScope },
  page: Page,
): Promise<{ rows: WarehouseVacationRow[]; total: number }> {
  const parts: SQL[] = [isNull(warehouseVacations.deactivatedAt)];
  if (filters.warehouseId !== undefined) parts.push(eq(warehouseVacations.warehouseId, filters.warehouseId));
  const scoped = scopeCondition(filters.scope, warehouseVacations.warehouseId);
  if (scoped) parts.push(scoped);
  const where = and(...parts);
  const over = sql`${warehouseVacations.endsAt} <= ${filters.now}::timestamp`;
  const rows = await db
    .select(warehouseColumns)
    .from(warehouseVacations)
    .innerJoin(warehouses, eq(warehouses.id, warehouseVacations.warehouseId))
    .where(where)
    .orderBy(
      over,
      sql`case when not (${over}) then ${warehouseVacations.startsAt} end asc`,
      desc(warehouseVacations.startsAt),
      desc(warehouseVacations.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(warehouseVacations).where(where);
  return { rows: rows.map(normalizeWarehouseRow), total: counted?.total ?? 0 };
}

/** Timestamps come back as "YYYY-MM-DD HH:mm:ss"; the rules use "YYYY-MM-DDTHH:mm". */
const wallClock = (value: string) => value.replace(' ', 'T').slice(0, 16);
const normalizeWarehouseRow = (row: WarehouseVacationRow): WarehouseVacationRow => ({
  ...row,
  startsAt: wallClock(row.startsAt),
  endsAt: wallClock(row.endsAt),
});

export async function findWarehouseVacation(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<WarehouseVacationRow | undefined> {
  const query = db
    .select(warehouseColumns)
    .from(warehouseVacations)
    .innerJoin(warehouses, eq(warehouses.id, warehouseVacations.warehouseId))
    .where(eq(warehouseVacations.id, id));
  const [row] = options.lock ? await query.for('update', { of: warehouseVacations }) : await query;
  return row && normalizeWarehouseRow(row);
}

export async function insertWarehouseVacation(
  db: DbOrTx,
  values: { warehouseId: number; startsAt: string; endsAt: string; createdBy: number },
): Promise<number> {
  const [row] = await db.insert(warehouseVacations).values(values).returning({ id: warehouseVacations.id });
  if (!row) throw new Error('warehouse vacation insert returned nothing');
  return row.id;
}

export async function updateWarehouseVacation(
  db: DbOrTx,
  id: number,
  values: { warehouseId: number; startsAt: string; endsAt: string },
): Promise<void> {
  await db
    .update(warehouseVacations)
    .set({ ...values, version: sql`${warehouseVacations.version} + 1` })
    .where(eq(warehouseVacations.id, id));
}

export async function deactivateWarehouseVacation(db: DbOrTx, id: number, by: number): Promise<void> {
  await db
    .update(warehouseVacations)
    .set({ deactivatedAt: sql`now()`, deactivatedBy: by, version: sql`${warehouseVacations.version} + 1` })
    .where(and(eq(warehouseVacations.id, id), isNull(warehouseVacations.deactivatedAt)));
}

/** Active closures of the warehouses that overlap [from, to) (wall-clock instants). */
export async function findClosuresBetween(
  db: DbOrTx,
  warehouseIds: number[],
  from: string,
  to: string,
): Promise<WarehouseVacationRow[]> {
  const rows = await db
    .select(warehouseColumns)
    .from(warehouseVacations)
    .innerJoin(warehouses, eq(warehouses.id, warehouseVacations.warehouseId))
    .where(
      and(
        isNull(warehouseVacations.deactivatedAt),
        inArray(warehouseVacations.warehouseId, warehouseIds),
        lt(warehouseVacations.startsAt, to),
        gt(warehouseVacations.endsAt, from),
      ),
    )
    .orderBy(asc(warehouseVacations.startsAt), asc(warehouseVacations.id));
  return rows.map(normalizeWarehouseRow);
}

/** Active vacations of drivers, the ones not yet over first (soonest first), then the past ones. */
export async function listUserVacations(
  db: DbOrTx,
  filters: { userId?: number | undefined; today: string; users: number[] | null },
  page: Page,
): Promise<{ rows: UserVacationRow[]; total: number }> {
  const parts: SQL[] = [isNull(userVacations.deactivatedAt)];
  if (filters.userId !== undefined) parts.push(eq(userVacations.userId, filters.userId));
  const scoped = scopeCondition(filters.users, userVacations.userId);
  if (scoped) parts.push(scoped);
  const where = and(...parts);
  const over = sql`${userVacations.vacationTo} < ${filters.today}::date`;
  const rows = await db
    .select(userColumns)
    .from(userVacations)
    .innerJoin(users, eq(users.id, userVacations.userId))
    .where(where)
    .orderBy(
      over,
      sql`case when not (${over}) then ${userVacations.vacationFrom} end asc`,
      desc(userVacations.vacationFrom),
      asc(users.lastName),
      desc(userVacations.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(userVacations).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findUserVacation(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<UserVacationRow | undefined> {
  const query = db
    .select(userColumns)
    .from(userVacations)
    .innerJoin(users, eq(users.id, userVacations.userId))
    .where(eq(userVacations.id, id));
  const [row] = options.lock ? await query.for('update', { of: userVacations }) : await query;
  return row;
}

export async function insertUserVacation(
  db: DbOrTx,
  values: { userId: number; vacationFrom: string; vacationTo: string; createdBy: number },
): Promise<number> {
  const [row] = await db.insert(userVacations).values(values).returning({ id: userVacations.id });
  if (!row) throw new Error('user vacation insert returned nothing');
  return row.id;
}

export async function updateUserVacation(
  db: DbOrTx,
  id: number,
  values: { userId: number; vacationFrom: string; vacationTo: string },
): Promise<void> {
  await db
    .update(userVacations)
    .set({ ...values, version: sql`${userVacations.version} + 1` })
    .where(eq(userVacations.id, id));
}

export async function deactivateUserVacation(db: DbOrTx, id: number, by: number): Promise<void> {
  await db
    .update(userVacations)
    .set({ deactivatedAt: sql`now()`, deactivatedBy: by, version: sql`${userVacations.version} + 1` })
    .where(and(eq(userVacations.id, id), isNull(userVacations.deactivatedAt)));
}

/** Active vacations of active users that touch the days [from, to]. */
export async function findUserVacationsBetween(
  db: DbOrTx,
  from: string,
  to: string,
  usersOnly: number[] | null = null,
): Promise<UserVacationRow[]> {
  return db
    .select(userColumns)
    .from(userVacations)
    .innerJoin(users, eq(users.id, userVacations.userId))
    .where(
      and(
        isNull(userVacations.deactivatedAt),
        eq(users.isActive, true),
        scopeCondition(usersOnly, userVacations.userId),
        lte(userVacations.vacationFrom, to),
        gte(userVacations.vacationTo, from),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(userVacations.id));
}
