import type { FunctionName } from '@letokruh/contracts/permissions';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cars, functions, userFunctions, users, warehouseStaff, warehouses } from '../../db/schema/index.ts';
import { textContains } from '../../db/text-search.ts';

export type WarehouseRow = typeof warehouses.$inferSelect;
export type StaffRole = 'driver' | 'warehouseman';
export type StaffRow = { id: number; username: string; firstName: string; lastName: string };

export async function listWarehouses(
  db: DbOrTx,
  options: { offset: number; limit: number; name?: string | undefined; includeHidden: boolean },
): Promise<{ rows: WarehouseRow[]; total: number }> {
  const filters: SQL[] = [];
  if (!options.includeHidden) filters.push(eq(warehouses.hidden, false));
  if (options.name) filters.push(textContains(warehouses.name, options.name));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select()
    .from(warehouses)
    .where(where)
    .orderBy(asc(warehouses.name), asc(warehouses.id))
    .limit(options.limit)
    .offset(options.offset);
  const [counted] = await db.select({ total: count() }).from(warehouses).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findWarehouse(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<WarehouseRow | undefined> {
  const query = db.select().from(warehouses).where(eq(warehouses.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findStaff(
  db: DbOrTx,
  warehouseId: number,
): Promise<(StaffRow & { role: StaffRole })[]> {
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      role: warehouseStaff.role,
    })
    .from(warehouseStaff)
    .innerJoin(users, eq(users.id, warehouseStaff.userId))
    .where(eq(warehouseStaff.warehouseId, warehouseId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function findActiveCars(db: DbOrTx, warehouseId: number) {
  return db
    .select({ id: cars.id, name: cars.name, hexColor: cars.hexColor })
    .from(cars)
    .where(and(eq(cars.warehouseId, warehouseId), eq(cars.retired, false)))
    .orderBy(asc(cars.name), asc(cars.id));
}

/** Active users holding a function, optionally only among `ids`. */
export async function findUsersWithFunction(
  db: DbOrTx,
  fn: FunctionName,
  ids?: number[],
): Promise<StaffRow[]> {
  const filters = [eq(functions.name, fn), eq(users.isActive, true)];
  if (ids) filters.push(inArray(users.id, ids.length ? ids : [0]));
  return db
    .selectDistinct({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .innerJoin(userFunctions, eq(userFunctions.userId, users.id))
    .innerJoin(functions, eq(functions.id, userFunctions.functionId))
    .where(and(...filters))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function insertWarehouse(
  db: DbOrTx,
  values: typeof warehouses.$inferInsert,
): Promise<WarehouseRow> {
  const [row] = await db.insert(warehouses).values(values).returning();
  if (!row) throw new Error('warehouse insert returned nothing');
  return row;
}

/** Updates the row and bumps its version; the caller holds the row lock. */
export async function updateWarehouse(
  db: DbOrTx,
  id: number,
  values: Partial<typeof warehouses.$inferInsert>,
): Promise<void> {
  await db
    .update(warehouses)
    .set({ ...values, version: sql`${warehouses.version} + 1` })
    .where(eq(warehouses.id, id));
}

export async function replaceStaff(
  db: DbOrTx,
  warehouseId: number,
  role: StaffRole,
  userIds: number[],
): Promise<void> {
  await db
    .delete(warehouseStaff)
    .where(and(eq(warehouseStaff.warehouseId, warehouseId), eq(warehouseStaff.role, role)));
  if (userIds.length) {
    await db.insert(warehouseStaff).values(userIds.map((userId) => ({ warehouseId, userId, role })));
  }
}

export async function insertCars(
  db: DbOrTx,
  warehouseId: number,
  list: { name: string; hex_color: string }[],
): Promise<void> {
  if (!list.length) return;
  await db.insert(cars).values(list.map((c) => ({ warehouseId, name: c.name, hexColor: c.hex_color })));
}

export async function updateCar(db: DbOrTx, id: number, values: { name: string; hex_color: string }) {
  await db.update(cars).set({ name: values.name, hexColor: values.hex_color }).where(eq(cars.id, id));
}

export async function retireCars(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.update(cars).set({ retired: true }).where(inArray(cars.id, ids));
}

export async function countWarehouses(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(warehouses);
  return row?.n ?? 0;
}

/** Warehouses a user serves as driver or warehouseman; all of them when `userId` is null. */
export async function findOwnWarehouses(db: DbOrTx, userId: number | null): Promise<WarehouseRow[]> {
  const served = sql`exists (select 1 from ${warehouseStaff} ws
    where ws.warehouse_id = ${warehouses.id} and ws.user_id = ${userId})`;
  return db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.hidden, false), userId === null ? undefined : served))
    .orderBy(asc(warehouses.name), asc(warehouses.id));
}

/** The warehouses in use with their names, for rows that name a warehouse (domain.md §2.14). */
export async function findActiveWarehouseNames(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.hidden, false))
    .orderBy(asc(warehouses.id));
}

export async function findActiveWarehouseIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.hidden, false))
    .orderBy(asc(warehouses.id));
  return rows.map((r) => r.id);
}
