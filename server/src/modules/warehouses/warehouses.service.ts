import type { FunctionName } from '@letokruh/contracts/permissions';
import {
  type StaffMember,
  textColorFor,
  type Warehouse,
  type WarehouseAdd,
  type WarehouseEdit,
  type WarehouseSummary,
  warehousePalette,
} from '@letokruh/contracts/warehouses';
import type { Db, DbOrTx } from '../../db/client.ts';
import { hasFunction, type SessionUser } from '../../plugins/access.ts';
import { badInput, conflict, notFound } from '../../plugins/errors.ts';
import { endLapsedFeeds } from '../../plugins/feed-holders.ts';
import { unscopedFunctions } from '../../plugins/warehouse-scope.ts';
import * as q from './warehouses.queries.ts';

export const toStaffMember = (u: q.StaffRow): StaffMember => ({
  id: u.id,
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  name: `${u.firstName} ${u.lastName}`.trim(),
});

export const toWarehouseSummary = (w: q.WarehouseRow): WarehouseSummary => ({
  id: w.id,
  name: w.name,
  address: {
    full_address: w.fullAddress,
    town: w.town,
    zip_code: w.zipCode,
    country: w.country,
    gps_lat: w.gpsLat,
    gps_lon: w.gpsLon,
  },
  color: w.color,
  text_color: w.textColor,
  hidden: w.hidden,
});

export async function getWarehouse(db: DbOrTx, id: number): Promise<Warehouse> {
  const row = await q.findWarehouse(db, id);
  if (!row) throw notFound('Warehouse not found');
  const staff = await q.findStaff(db, id);
  const cars = await q.findActiveCars(db, id);
  return {
    ...toWarehouseSummary(row),
    drivers: staff.filter((s) => s.role === 'driver').map(toStaffMember),
    warehousemen: staff.filter((s) => s.role === 'warehouseman').map(toStaffMember),
    cars: cars.map((c) => ({ id: c.id, name: c.name, hex_color: c.hexColor })),
    version: row.version,
  };
}

/** Refuses users who are not active holders of the function the list is for (400, naming the field). */
async function checkStaff(db: DbOrTx, field: 'drivers' | 'warehousemen', ids: number[]): Promise<void> {
  const fn: FunctionName = field === 'drivers' ? 'driver' : 'warehouseman';
  const found = await q.findUsersWithFunction(db, fn, ids);
  if (found.length !== ids.length) {
    const known = new Set(found.map((u) => u.id));
    const missing = ids.filter((id) => !known.has(id));
    throw badInput(`Not active users with the function ${fn}: ${missing.join(', ')}`, [field]);
  }
}

export async function addWarehouse(db: Db, input: WarehouseAdd): Promise<Warehouse> {
  return db.transaction(async (tx) => {
    await checkStaff(tx, 'drivers', input.drivers);
    await checkStaff(tx, 'warehousemen', input.warehousemen);
    const color =
      input.color ?? warehousePalette[(await q.countWarehouses(tx)) % warehousePalette.length] ?? '#2f9e44';
    const row = await q.insertWarehouse(tx, {
      name: input.name,
      fullAddress: input.address,
      town: input.town,
      zipCode: input.zip,
      country: input.country,
      gpsLat: input.lat,
      gpsLon: input.lon,
      color,
      textColor: input.text_color ?? textColorFor(color),
    });
    await q.replaceStaff(tx, row.id, 'driver', input.drivers);
    await q.replaceStaff(tx, row.id, 'warehouseman', input.warehousemen);
    await q.insertCars(tx, row.id, input.cars ?? []);
    return getWarehouse(tx, row.id);
  });
}

/**
 * PUT /warehouse/{id}/edit under the row lock: a stale `version` answers 409; cars with an id are
 * renamed or recoloured, cars without one are added, the warehouse's cars left out are retired.
 */
export async function editWarehouse(
  db: Db,
  id: number,
  input: WarehouseEdit,
  actorId: number | null = null,
): Promise<Warehouse> {
  return db.transaction(async (tx) => {
    const row = await q.findWarehouse(tx, id, { lock: true });
    if (!row) throw notFound('Warehouse not found');
    if (input.version !== undefined && input.version !== row.version) {
      throw conflict(
        `The warehouse was changed meanwhile (version ${row.version}, edit of ${input.version})`,
      );
    }
    await checkStaff(tx, 'drivers', input.drivers);
    await checkStaff(tx, 'warehousemen', input.warehousemen);
    const color = input.color ?? row.color;
    await q.updateWarehouse(tx, id, {
      name: input.name,
      fullAddress: input.address,
      town: input.town,
      zipCode: input.zip,
      country: input.country,
      gpsLat: input.lat,
      gpsLon: input.lon,
      color,
      textColor: input.text_color ?? (input.color ? textColorFor(color) : row.textColor),
    });
    await q.replaceStaff(tx, id, 'driver', input.drivers);
    await q.replaceStaff(tx, id, 'warehouseman', input.warehousemen);
    // domain.md §2.10: a warehouseman taken off the warehouse takes the feed they made of it along.
    await endLapsedFeeds(tx, { warehouseIds: [id] }, actorId);
    if (input.cars) {
      const current = await q.findActiveCars(tx, id);
      const currentIds = new Set(current.map((c) => c.id));
      const foreign = input.cars.filter((c) => c.id !== undefined && !currentIds.has(c.id));
      if (foreign.length) {
        throw badInput(`Not cars of this warehouse: ${foreign.map((c) => c.id).join(', ')}`, ['cars']);
      }
      const kept = new Set(input.cars.flatMap((c) => (c.id ? [c.id] : [])));
      await q.retireCars(
        tx,
        current.filter((c) => !kept.has(c.id)).map((c) => c.id),
      );
      for (const car of input.cars) if (car.id) await q.updateCar(tx, car.id, car);
      await q.insertCars(
        tx,
        id,
        input.cars.filter((c) => !c.id),
      );
    }
    return getWarehouse(tx, id);
  });
}

/** DELETE /warehouse/{id}/hide: soft removal; hiding a hidden warehouse changes nothing. */
export async function hideWarehouse(db: Db, id: number): Promise<Warehouse> {
  return db.transaction(async (tx) => {
    const row = await q.findWarehouse(tx, id, { lock: true });
    if (!row) throw notFound('Warehouse not found');
    if (!row.hidden) await q.updateWarehouse(tx, id, { hidden: true });
    return getWarehouse(tx, id);
  });
}

export async function listWarehouses(
  db: DbOrTx,
  query: {
    current_page: number;
    per_page: number;
    name?: string | undefined;
    hidden?: 'true' | 'false' | undefined;
  },
) {
  const { rows, total } = await q.listWarehouses(db, {
    offset: (query.current_page - 1) * query.per_page,
    limit: query.per_page,
    name: query.name,
    includeHidden: query.hidden === 'true',
  });
  return { items: rows.map(toWarehouseSummary), total };
}

/** Functions that plan or take orders for any warehouse see all of them as their own. */
export async function listOwnWarehouses(db: DbOrTx, user: SessionUser) {
  const rows = await q.findOwnWarehouses(db, hasFunction(user, ...unscopedFunctions) ? null : user.id);
  return { items: rows.map((w) => ({ id: w.id, name: w.name, color: w.color, text_color: w.textColor })) };
}

export async function listStaff(db: DbOrTx, fn: 'driver' | 'warehouseman') {
  return { items: (await q.findUsersWithFunction(db, fn)).map(toStaffMember) };
}

/** For other modules: throws 404 unless the warehouse exists (hidden ones too). */
export async function requireWarehouse(db: DbOrTx, id: number): Promise<q.WarehouseRow> {
  const row = await q.findWarehouse(db, id);
  if (!row) throw notFound('Warehouse not found');
  return row;
}

export const activeWarehouseIds = (db: DbOrTx) => q.findActiveWarehouseIds(db);
export const activeWarehouseNames = (db: DbOrTx) => q.findActiveWarehouseNames(db);

export const warehouseExists = async (db: DbOrTx, id: number) =>
  (await q.findWarehouse(db, id)) !== undefined;
