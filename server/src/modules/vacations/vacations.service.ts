import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { closureBounds, closurePeriod } from '@letokruh/contracts/rules/vacation-period';
import type {
  UserVacation,
  UserVacationInput,
  UserVacationListQuery,
  WarehouseVacation,
  WarehouseVacationInput,
  WarehouseVacationListQuery,
} from '@letokruh/contracts/vacations';
import type { Db, DbOrTx } from '../../db/client.ts';
import { requireExistingTime } from '../../db/prague.ts';
import type { SessionUser } from '../../plugins/access.ts';
import { badInput, conflict, notFound } from '../../plugins/errors.ts';
import { staffOfScope, warehouseScope } from '../warehouses/warehouse-scope.ts';
import { listStaff, requireWarehouse } from '../warehouses/warehouses.service.ts';
import * as q from './vacations.queries.ts';

const pragueClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Prague',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** The Prague wall-clock instant now, YYYY-MM-DDTHH:mm. */
const pragueNow = (now = new Date()) => `${pragueDay(now)}T${pragueClock.format(now)}`;

export const toWarehouseVacation = (row: q.WarehouseVacationRow): WarehouseVacation => ({
  id: row.id,
  warehouse: {
    id: row.warehouseId,
    name: row.warehouseName,
    color: row.warehouseColor,
    text_color: row.warehouseTextColor,
  },
  ...closurePeriod({ start: row.startsAt, end: row.endsAt }),
  active: row.deactivatedAt === null,
  version: row.version,
});

export const toUserVacation = (row: q.UserVacationRow): UserVacation => ({
  id: row.id,
  user: {
    id: row.userId,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
  },
  vacation_from: row.vacationFrom,
  vacation_to: row.vacationTo,
  active: row.deactivatedAt === null,
  version: row.version,
});

const page = (query: { current_page: number; per_page: number }) => ({
  offset: (query.current_page - 1) * query.per_page,
  limit: query.per_page,
});

/** A stale `version` or a deactivated vacation refuses the edit with 409, writing nothing. */
function checkEditable(row: { version: number; deactivatedAt: Date | null }, version: number | undefined) {
  if (row.deactivatedAt !== null) throw conflict('The vacation was deactivated');
  if (version !== undefined && version !== row.version) {
    throw conflict(`The vacation was changed meanwhile (version ${row.version}, edit of ${version})`);
  }
}

/**
 * Whose vacations a user may see (issue 13 §3): all for the unscoped functions, otherwise the
 * user's own and those of the staff of their warehouses.
 */
export async function visibleDrivers(db: DbOrTx, user: SessionUser): Promise<number[] | null> {
  const staff = await staffOfScope(db, await warehouseScope(db, user));
  return staff === null ? null : [...new Set([...staff, user.id])];
}

// ---- warehouse vacations (closures) ----

export async function listWarehouseVacations(
  db: DbOrTx,
  query: WarehouseVacationListQuery,
  user: SessionUser,
) {
  const { rows, total } = await q.listWarehouseVacations(
    db,
    { warehouseId: query.warehouse, now: pragueNow(), scope: await warehouseScope(db, user) },
    page(query),
  );
  return { items: rows.map(toWarehouseVacation), total };
}

export async function getWarehouseVacation(db: DbOrTx, id: number): Promise<WarehouseVacation> {
  const row = await q.findWarehouseVacation(db, id);
  if (!row) throw notFound('Warehouse vacation not found');
  return toWarehouseVacation(row);
}

/** A closure needs a warehouse in use; an edit may keep the hidden warehouse it already had. */
async function checkWarehouse(db: DbOrTx, warehouseId: number, current?: number): Promise<void> {
  const warehouse = await requireWarehouse(db, warehouseId).catch(() => undefined);
  if (!warehouse) throw badInput(`Unknown warehouse ${warehouseId}`, ['warehouse']);
  if (warehouse.hidden && warehouseId !== current) {
    throw badInput(`The warehouse ${warehouseId} is not in use`, ['warehouse']);
  }
}

/** A closure's hours happen in Prague on their days (not in the spring DST gap, issue 14). */
function requireClosureTimes(input: WarehouseVacationInput): void {
  requireExistingTime(input.vacation_from, input.from_time, 'from_time');
  requireExistingTime(input.vacation_to, input.to_time, 'to_time');
}

export async function addWarehouseVacation(
  db: Db,
  input: WarehouseVacationInput,
  actor: SessionUser,
): Promise<WarehouseVacation> {
  return db.transaction(async (tx) => {
    await checkWarehouse(tx, input.warehouse);
    requireClosureTimes(input);
    const { start, end } = closureBounds(input);
    const id = await q.insertWarehouseVacation(tx, {
      warehouseId: input.warehouse,
      startsAt: start,
      endsAt: end,
      createdBy: actor.id,
    });
    return getWarehouseVacation(tx, id);
  });
}

export async function editWarehouseVacation(
  db: Db,
  id: number,
  input: WarehouseVacationInput,
): Promise<WarehouseVacation> {
  return db.transaction(async (tx) => {
    const row = await q.findWarehouseVacation(tx, id, { lock: true });
    if (!row) throw notFound('Warehouse vacation not found');
    checkEditable(row, input.version);
    await checkWarehouse(tx, input.warehouse, row.warehouseId);
    requireClosureTimes(input);
    const { start, end } = closureBounds(input);
    await q.updateWarehouseVacation(tx, id, { warehouseId: input.warehouse, startsAt: start, endsAt: end });
    return getWarehouseVacation(tx, id);
  });
}

/** "Deactivate" (part 2 §2): the row stays for the record; doing it twice changes nothing. */
export async function deactivateWarehouseVacation(
  db: Db,
  id: number,
  actor: SessionUser,
): Promise<WarehouseVacation> {
  return db.transaction(async (tx) => {
    const row = await q.findWarehouseVacation(tx, id, { lock: true });
    if (!row) throw notFound('Warehouse vacation not found');
    await q.deactivateWarehouseVacation(tx, id, actor.id);
    return getWarehouseVacation(tx, id);
  });
}

// ---- user (driver) vacations ----

export async function listUserVacations(db: DbOrTx, query: UserVacationListQuery, user: SessionUser) {
  const { rows, total } = await q.listUserVacations(
    db,
    { userId: query.user, today: pragueDay(), users: await visibleDrivers(db, user) },
    page(query),
  );
  return { items: rows.map(toUserVacation), total };
}

export async function getUserVacation(db: DbOrTx, id: number): Promise<UserVacation> {
  const row = await q.findUserVacation(db, id);
  if (!row) throw notFound('User vacation not found');
  return toUserVacation(row);
}

/** The vacation is a driver's: an active user with the driver function (an edit may keep its user). */
async function checkDriver(db: DbOrTx, userId: number, current?: number): Promise<void> {
  if (userId === current) return;
  const drivers = await listStaff(db, 'driver');
  if (!drivers.items.some((d) => d.id === userId)) {
    throw badInput(`User ${userId} is not an active driver`, ['driver']);
  }
}

const driverOf = (input: UserVacationInput) => (input.driver ?? input.user) as number;

export async function addUserVacation(
  db: Db,
  input: UserVacationInput,
  actor: SessionUser,
): Promise<UserVacation> {
  return db.transaction(async (tx) => {
    await checkDriver(tx, driverOf(input));
    const id = await q.insertUserVacation(tx, {
      userId: driverOf(input),
      vacationFrom: input.vacation_from,
      vacationTo: input.vacation_to,
      createdBy: actor.id,
    });
    return getUserVacation(tx, id);
  });
}

export async function editUserVacation(db: Db, id: number, input: UserVacationInput): Promise<UserVacation> {
  return db.transaction(async (tx) => {
    const row = await q.findUserVacation(tx, id, { lock: true });
    if (!row) throw notFound('User vacation not found');
    checkEditable(row, input.version);
    await checkDriver(tx, driverOf(input), row.userId);
    await q.updateUserVacation(tx, id, {
      userId: driverOf(input),
      vacationFrom: input.vacation_from,
      vacationTo: input.vacation_to,
    });
    return getUserVacation(tx, id);
  });
}

export async function deactivateUserVacation(db: Db, id: number, actor: SessionUser): Promise<UserVacation> {
  return db.transaction(async (tx) => {
    const row = await q.findUserVacation(tx, id, { lock: true });
    if (!row) throw notFound('User vacation not found');
    await q.deactivateUserVacation(tx, id, actor.id);
    return getUserVacation(tx, id);
  });
}
