import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { closureBounds, closurePeriod } from '@letokruh/contracts/rules/vacation-period';
import type {
  UserVacation,
  UserVacationInput,
  UserVacationListQuery,
  VacationSubject,
  WarehouseVacation,
  WarehouseVacationInput,
  WarehouseVacationListQuery,
} from '@letokruh/contracts/vacations';
import type { Db, DbOrTx } from '../../db/client.ts';
import { requireExistingTime } from '../../db/prague.ts';
import type { SessionUser } from '../../plugins/access.ts';
import { badInput, conflict, notFound } from '../../plugins/errors.ts';
import { staffOfScope, warehouseScope } from '../../plugins/warehouse-scope.ts';
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

type Vacation = { warehouse: WarehouseVacation; user: UserVacation };
type Input = { warehouse: WarehouseVacationInput; user: UserVacationInput };
type ListQuery = { warehouse: WarehouseVacationListQuery; user: UserVacationListQuery };

/**
 * What sets a subject's vacations apart (decision 0060); listing, reading, adding, editing and
 * deactivating are the same flow for both and are written once below.
 */
type Rules<S extends VacationSubject> = {
  notFound: string;
  answer(row: q.VacationRow<S>): Vacation[S];
  /** The list's filters: the owner asked for, whose vacations the user may see, and now. */
  listFilters(db: DbOrTx, query: ListQuery[S], user: SessionUser): Promise<q.ListFilters>;
  /** Checks what add or edit sent and gives the period to hold; `current` is the edited one's owner. */
  period(db: DbOrTx, input: Input[S], current?: number): Promise<q.Period>;
};

const rules: { [S in VacationSubject]: Rules<S> } = {
  warehouse: {
    notFound: 'Warehouse vacation not found',
    answer: (row) => ({
      id: row.id,
      warehouse: {
        id: row.ownerId,
        name: row.owner.name,
        color: row.owner.color,
        text_color: row.owner.textColor,
      },
      ...closurePeriod({ start: row.from, end: row.to }),
      active: row.deactivatedAt === null,
      version: row.version,
    }),
    listFilters: async (db, query, user) => ({
      ownerId: query.warehouse,
      now: pragueNow(),
      owners: await warehouseScope(db, user),
    }),
    period: async (db, input, current) => {
      await checkWarehouse(db, input.warehouse, current);
      requireClosureTimes(input);
      const { start, end } = closureBounds(input);
      return { ownerId: input.warehouse, from: start, to: end };
    },
  },
  user: {
    notFound: 'User vacation not found',
    answer: (row) => ({
      id: row.id,
      user: {
        id: row.ownerId,
        username: row.owner.username,
        first_name: row.owner.firstName,
        last_name: row.owner.lastName,
        name: `${row.owner.firstName} ${row.owner.lastName}`.trim(),
      },
      vacation_from: row.from,
      vacation_to: row.to,
      active: row.deactivatedAt === null,
      version: row.version,
    }),
    listFilters: async (db, query, user) => ({
      ownerId: query.user,
      now: pragueDay(),
      owners: await visibleDrivers(db, user),
    }),
    period: async (db, input, current) => {
      const driver = (input.driver ?? input.user) as number;
      await checkDriver(db, driver, current);
      return { ownerId: driver, from: input.vacation_from, to: input.vacation_to };
    },
  },
};

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
 * Whose vacations a user may see (decision 0021): all for the unscoped functions, otherwise the
 * user's own and those of the staff of their warehouses.
 */
export async function visibleDrivers(db: DbOrTx, user: SessionUser): Promise<number[] | null> {
  const staff = await staffOfScope(db, await warehouseScope(db, user));
  return staff === null ? null : [...new Set([...staff, user.id])];
}

/** A closure needs a warehouse in use; an edit may keep the hidden warehouse it already had. */
async function checkWarehouse(db: DbOrTx, warehouseId: number, current?: number): Promise<void> {
  const warehouse = await requireWarehouse(db, warehouseId).catch(() => undefined);
  if (!warehouse) throw badInput(`Unknown warehouse ${warehouseId}`, ['warehouse']);
  if (warehouse.hidden && warehouseId !== current) {
    throw badInput(`The warehouse ${warehouseId} is not in use`, ['warehouse']);
  }
}

/** A closure's hours happen in Prague on their days (not in the spring DST gap, decision 0024). */
function requireClosureTimes(input: WarehouseVacationInput): void {
  requireExistingTime(input.vacation_from, input.from_time, 'from_time');
  requireExistingTime(input.vacation_to, input.to_time, 'to_time');
}

/** The vacation is a driver's: an active user with the driver function (an edit may keep its user). */
async function checkDriver(db: DbOrTx, userId: number, current?: number): Promise<void> {
  if (userId === current) return;
  const drivers = await listStaff(db, 'driver');
  if (!drivers.items.some((d) => d.id === userId)) {
    throw badInput(`User ${userId} is not an active driver`, ['driver']);
  }
}

/** GET /warehouse_vacations and /user_vacations (domain.md §2.7), paged. */
export async function listVacations<S extends VacationSubject>(
  db: DbOrTx,
  subject: S,
  query: ListQuery[S],
  user: SessionUser,
): Promise<{ items: Vacation[S][]; total: number }> {
  const r: Rules<S> = rules[subject];
  const filters = await r.listFilters(db, query, user);
  const { rows, total } = await q.listVacations(db, subject, filters, page(query));
  return { items: rows.map((row) => r.answer(row)), total };
}

export async function getVacation<S extends VacationSubject>(
  db: DbOrTx,
  subject: S,
  id: number,
): Promise<Vacation[S]> {
  const r: Rules<S> = rules[subject];
  const row = await q.findVacation(db, subject, id);
  if (!row) throw notFound(r.notFound);
  return r.answer(row);
}

export async function addVacation<S extends VacationSubject>(
  db: Db,
  subject: S,
  input: Input[S],
  actor: SessionUser,
): Promise<Vacation[S]> {
  const r: Rules<S> = rules[subject];
  return db.transaction(async (tx) => {
    const id = await q.insertVacation(tx, subject, await r.period(tx, input), actor.id);
    return getVacation(tx, subject, id);
  });
}

export async function editVacation<S extends VacationSubject>(
  db: Db,
  subject: S,
  id: number,
  input: Input[S],
): Promise<Vacation[S]> {
  const r: Rules<S> = rules[subject];
  return db.transaction(async (tx) => {
    const row = await q.findVacation(tx, subject, id, { lock: true });
    if (!row) throw notFound(r.notFound);
    checkEditable(row, input.version);
    await q.updateVacation(tx, subject, id, await r.period(tx, input, row.ownerId));
    return getVacation(tx, subject, id);
  });
}

/** "Deactivate" (domain.md §2.2): the row stays for the record; doing it twice changes nothing. */
export async function deactivateVacation<S extends VacationSubject>(
  db: Db,
  subject: S,
  id: number,
  actor: SessionUser,
): Promise<Vacation[S]> {
  return db.transaction(async (tx) => {
    const row = await q.findVacation(tx, subject, id, { lock: true });
    if (!row) throw notFound(rules[subject].notFound);
    await q.deactivateVacation(tx, subject, id, actor.id);
    return getVacation(tx, subject, id);
  });
}
