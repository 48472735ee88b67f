import type { VacationSubject } from '@letokruh/contracts/vacations';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, userVacations, warehouses, warehouseVacations } from '../../db/schema/index.ts';
import { scopeCondition } from '../../plugins/warehouse-scope.ts';

/** What a vacation is, as the table holds it: whose, and from when to when. */
export type Period = { ownerId: number; from: string; to: string };

/** Who a vacation is of, as the rows read it. */
type Owners = {
  warehouse: { name: string; color: string; textColor: string };
  user: { username: string; firstName: string; lastName: string };
};

/**
 * One vacation with its owner. A closure's `from` and `to` are Prague wall-clock instants,
 * YYYY-MM-DDTHH:mm, its end not included; a driver's are days, YYYY-MM-DD, both included.
 */
export type VacationRow<S extends VacationSubject> = Period & {
  id: number;
  version: number;
  deactivatedAt: Date | null;
  owner: Owners[S];
};

/** Timestamps come back as "YYYY-MM-DD HH:mm:ss"; the rules use "YYYY-MM-DDTHH:mm". */
const wallClock = (value: string) => value.replace(' ', 'T').slice(0, 16);

/** Where each subject's vacations live and how its list is ordered; the queries below are shared. */
const tables = {
  warehouse: {
    table: warehouseVacations,
    ownerId: warehouseVacations.warehouseId,
    from: warehouseVacations.startsAt,
    to: warehouseVacations.endsAt,
    owner: warehouses,
    ownerFields: { name: warehouses.name, color: warehouses.color, textColor: warehouses.textColor },
    record: (p: Period) => ({ warehouseId: p.ownerId, startsAt: p.from, endsAt: p.to }),
    read: wallClock,
    /** A closure is over once its end has come; `now` is the Prague wall-clock instant. */
    over: (now: string) => sql`${warehouseVacations.endsAt} <= ${now}::timestamp`,
    tieBreak: [] as SQL[],
  },
  user: {
    table: userVacations,
    ownerId: userVacations.userId,
    from: userVacations.vacationFrom,
    to: userVacations.vacationTo,
    owner: users,
    ownerFields: { username: users.username, firstName: users.firstName, lastName: users.lastName },
    record: (p: Period) => ({ userId: p.ownerId, vacationFrom: p.from, vacationTo: p.to }),
    read: (value: string) => value,
    /** A driver's vacation is over once its last day has passed; `now` is the Prague day. */
    over: (today: string) => sql`${userVacations.vacationTo} < ${today}::date`,
    tieBreak: [asc(users.lastName)],
  },
};

/** The vacations of a subject joined with their owners; a caller adds its where and order. */
function selectVacations(db: DbOrTx, subject: VacationSubject) {
  const t = tables[subject];
  return db
    .select({
      id: t.table.id,
      ownerId: t.ownerId,
      from: t.from,
      to: t.to,
      version: t.table.version,
      deactivatedAt: t.table.deactivatedAt,
      owner: t.ownerFields,
    })
    .from(t.table)
    .innerJoin(t.owner, eq(t.owner.id, t.ownerId));
}

const readRow = <S extends VacationSubject>(
  subject: S,
  row: Awaited<ReturnType<typeof selectVacations>>[number],
): VacationRow<S> => {
  const { read } = tables[subject];
  return { ...row, from: read(row.from), to: read(row.to) } as VacationRow<S>;
};

type Page = { offset: number; limit: number };

/**
 * The list's filters: one owner, or all; `now` is the Prague instant (closures) or day (drivers);
 * `owners` are those whose vacations the user may see, null for all.
 */
export type ListFilters = { ownerId?: number | undefined; now: string; owners: readonly number[] | null };

/**
 * Active vacations, those not over yet first (soonest first), then the past ones (latest first):
 * the dispatcher looks for what is coming.
 */
export async function listVacations<S extends VacationSubject>(
  db: DbOrTx,
  subject: S,
  filters: ListFilters,
  page: Page,
): Promise<{ rows: VacationRow<S>[]; total: number }> {
  const t = tables[subject];
  const parts: SQL[] = [isNull(t.table.deactivatedAt)];
  if (filters.ownerId !== undefined) parts.push(eq(t.ownerId, filters.ownerId));
  const scoped = scopeCondition(filters.owners, t.ownerId);
  if (scoped) parts.push(scoped);
  const where = and(...parts);
  const over = t.over(filters.now);
  const rows = await selectVacations(db, subject)
    .where(where)
    .orderBy(
      over,
      sql`case when not (${over}) then ${t.from} end asc`,
      desc(t.from),
      ...t.tieBreak,
      desc(t.table.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(t.table).where(where);
  return { rows: rows.map((row) => readRow(subject, row)), total: counted?.total ?? 0 };
}

export async function findVacation<S extends VacationSubject>(
  db: DbOrTx,
  subject: S,
  id: number,
  options: { lock?: boolean } = {},
): Promise<VacationRow<S> | undefined> {
  const { table } = tables[subject];
  const query = selectVacations(db, subject).where(eq(table.id, id));
  const [row] = options.lock ? await query.for('update', { of: table }) : await query;
  return row && readRow(subject, row);
}

export async function insertVacation(
  db: DbOrTx,
  subject: VacationSubject,
  period: Period,
  createdBy: number,
): Promise<number> {
  const t = tables[subject];
  const [row] = await db
    .insert(t.table)
    .values({ ...t.record(period), createdBy })
    .returning({ id: t.table.id });
  if (!row) throw new Error(`${subject} vacation insert returned nothing`);
  return row.id;
}

export async function updateVacation(
  db: DbOrTx,
  subject: VacationSubject,
  id: number,
  period: Period,
): Promise<void> {
  const t = tables[subject];
  await db
    .update(t.table)
    .set({ ...t.record(period), version: sql`${t.table.version} + 1` })
    .where(eq(t.table.id, id));
}

export async function deactivateVacation(
  db: DbOrTx,
  subject: VacationSubject,
  id: number,
  by: number,
): Promise<void> {
  const { table } = tables[subject];
  await db
    .update(table)
    .set({ deactivatedAt: sql`now()`, deactivatedBy: by, version: sql`${table.version} + 1` })
    .where(and(eq(table.id, id), isNull(table.deactivatedAt)));
}

/** Active closures of the warehouses that overlap [from, to) (wall-clock instants). */
export async function findClosuresBetween(
  db: DbOrTx,
  warehouseIds: number[],
  from: string,
  to: string,
): Promise<VacationRow<'warehouse'>[]> {
  const rows = await selectVacations(db, 'warehouse')
    .where(
      and(
        isNull(warehouseVacations.deactivatedAt),
        inArray(warehouseVacations.warehouseId, warehouseIds),
        lt(warehouseVacations.startsAt, to),
        gt(warehouseVacations.endsAt, from),
      ),
    )
    .orderBy(asc(warehouseVacations.startsAt), asc(warehouseVacations.id));
  return rows.map((row) => readRow('warehouse', row));
}

/** Active vacations of active users that touch the days [from, to]. */
export async function findUserVacationsBetween(
  db: DbOrTx,
  from: string,
  to: string,
  usersOnly: number[] | null = null,
): Promise<VacationRow<'user'>[]> {
  const rows = await selectVacations(db, 'user')
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
  return rows.map((row) => readRow('user', row));
}
