import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  adtypes,
  cars,
  customers,
  functions,
  importIds,
  licencePlates,
  productPrices,
  productStock,
  products,
  stockLedger,
  suppliers,
  transportationCmrs,
  transportationPlaces,
  transportations,
  transportRecipients,
  transportSubscribers,
  userFunctions,
  users,
  userVacations,
  warehouseStaff,
  warehouses,
  warehouseVacations,
  woodTypes,
} from '../../db/schema/index.ts';

/** SQL of moving in (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md). */

export type Mapping = { newId: number; fingerprint: string };

export async function findMappings(
  db: DbOrTx,
  entity: string,
  oldIds: string[],
): Promise<Map<string, Mapping>> {
  if (oldIds.length === 0) return new Map();
  // One array parameter: a page's thousand ids as a thousand parameters cost more than the query.
  const rows = await db
    .select({ oldId: importIds.oldId, newId: importIds.newId, fingerprint: importIds.fingerprint })
    .from(importIds)
    .where(and(eq(importIds.entity, entity), sql`${importIds.oldId} = any(${sql.param(oldIds)}::text[])`));
  return new Map(rows.map((r) => [r.oldId, { newId: r.newId, fingerprint: r.fingerprint }]));
}

/** Every record of an entity brought so far, oldest first. */
export async function listMappings(db: DbOrTx, entity: string): Promise<{ oldId: string; newId: number }[]> {
  return db
    .select({ oldId: importIds.oldId, newId: importIds.newId })
    .from(importIds)
    .where(eq(importIds.entity, entity))
    .orderBy(importIds.newId);
}

/** The old ids of a page's records with their ids here, in one statement. */
export async function saveMappings(
  db: DbOrTx,
  entity: string,
  rows: { oldId: string; newId: number; fingerprint: string }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`insert into import_ids (entity, old_id, new_id, fingerprint)
      select ${entity}, x.o, x.n, x.f from jsonb_to_recordset(${json(rows.map((r) => ({ o: r.oldId, n: r.newId, f: r.fingerprint })))})
        as x(o text, n bigint, f text)
      on conflict (entity, old_id) do update set new_id = excluded.new_id, fingerprint = excluded.fingerprint,
        imported_at = now()`);
}

/** Rows as one jsonb parameter, read back with `jsonb_to_recordset`: a page in one statement. */
export const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('the write returned nothing');
  return row;
};

export async function findUserIdByUsername(db: DbOrTx, username: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row?.id;
}

export async function upsertUser(db: DbOrTx, id: number | undefined, values: typeof users.$inferInsert) {
  if (id !== undefined) {
    const { passwordHash: _kept, mustChangePassword: _also, username: _same, ...changes } = values;
    await db
      .update(users)
      .set({ ...changes, version: sql`${users.version} + 1` })
      .where(eq(users.id, id));
    return id;
  }
  return one(await db.insert(users).values(values).returning({ id: users.id })).id;
}

export async function replaceUserFunctions(db: DbOrTx, userId: number, names: string[]) {
  await db.delete(userFunctions).where(eq(userFunctions.userId, userId));
  if (names.length === 0) return;
  await db.execute(sql`
    insert into user_functions (user_id, function_id)
    select ${userId}, f.id from functions f where f.name = any(${sql.param(names)}::text[])`);
}

export async function upsertWarehouse(
  db: DbOrTx,
  id: number | undefined,
  values: typeof warehouses.$inferInsert,
) {
  if (id !== undefined) {
    await db
      .update(warehouses)
      .set({ ...values, version: sql`${warehouses.version} + 1` })
      .where(eq(warehouses.id, id));
    return id;
  }
  return one(await db.insert(warehouses).values(values).returning({ id: warehouses.id })).id;
}

export async function upsertCar(db: DbOrTx, id: number | undefined, values: typeof cars.$inferInsert) {
  if (id !== undefined) {
    await db.update(cars).set(values).where(eq(cars.id, id));
    return id;
  }
  return one(await db.insert(cars).values(values).returning({ id: cars.id })).id;
}

/** Cars of the warehouse that the old system no longer lists are retired, as an edit does. */
export async function retireOtherCars(db: DbOrTx, warehouseId: number, keep: number[]) {
  await db
    .update(cars)
    .set({ retired: true })
    .where(
      and(
        eq(cars.warehouseId, warehouseId),
        keep.length ? sql`${cars.id} <> all(${sql.param(keep)}::int[])` : sql`true`,
      ),
    );
}

export async function replaceStaff(
  db: DbOrTx,
  warehouseId: number,
  role: 'driver' | 'warehouseman',
  userIds: number[],
) {
  await db
    .delete(warehouseStaff)
    .where(and(eq(warehouseStaff.warehouseId, warehouseId), eq(warehouseStaff.role, role)));
  if (userIds.length)
    await db.insert(warehouseStaff).values(userIds.map((userId) => ({ warehouseId, userId, role })));
}

export async function upsertSupplier(
  db: DbOrTx,
  id: number | undefined,
  values: typeof suppliers.$inferInsert,
) {
  if (id !== undefined) {
    await db.update(suppliers).set(values).where(eq(suppliers.id, id));
    return id;
  }
  return one(await db.insert(suppliers).values(values).returning({ id: suppliers.id })).id;
}

export async function upsertAdtype(db: DbOrTx, id: number | undefined, values: typeof adtypes.$inferInsert) {
  if (id !== undefined) {
    await db.update(adtypes).set(values).where(eq(adtypes.id, id));
    return id;
  }
  return one(await db.insert(adtypes).values(values).returning({ id: adtypes.id })).id;
}

export async function upsertCustomer(
  db: DbOrTx,
  id: number | undefined,
  values: typeof customers.$inferInsert,
) {
  if (id !== undefined) {
    await db
      .update(customers)
      .set({ ...values, version: sql`${customers.version} + 1` })
      .where(eq(customers.id, id));
    return id;
  }
  return one(await db.insert(customers).values(values).returning({ id: customers.id })).id;
}

/** New customers added here after the move get numbers above the old system's. */
export async function advanceCustomerNumbers(db: DbOrTx) {
  await db.execute(sql`
    select setval('customers_intern_id_seq', greatest((select max(intern_id) from customers), 10000))`);
}

export async function upsertProduct(
  db: DbOrTx,
  id: number | undefined,
  values: typeof products.$inferInsert,
) {
  if (id !== undefined) {
    await db.update(products).set(values).where(eq(products.id, id));
    return id;
  }
  return one(await db.insert(products).values(values).returning({ id: products.id })).id;
}

/** The product's whole price history, as the old system has it, oldest entry first. */
export async function replacePrices(
  db: DbOrTx,
  productId: number,
  rows: (typeof productPrices.$inferInsert)[],
) {
  await db.delete(productPrices).where(eq(productPrices.productId, productId));
  if (rows.length) await db.insert(productPrices).values(rows);
}

/**
 * The stock of a product in a warehouse moved by `delta` with the reason `opening_balance`: the
 * same two writes as any stock change (domain.md §3.3 Stock). A zero delta only makes sure the
 * warehouse keeps the product.
 */
export async function addOpeningBalance(db: DbOrTx, warehouseId: number, productId: number, delta: number) {
  const [row] = await db
    .insert(productStock)
    .values({ warehouseId, productId, amount: delta })
    .onConflictDoUpdate({
      target: [productStock.warehouseId, productStock.productId],
      set: { amount: sql`${productStock.amount} + ${delta}`, updatedAt: sql`now()` },
    })
    .returning({ amount: productStock.amount });
  if (delta !== 0) {
    await db.insert(stockLedger).values({
      warehouseId,
      productId,
      delta,
      amountAfter: row?.amount ?? delta,
      reason: 'opening_balance',
    });
  }
}

/** The id of a function by its name (the permissions step maps functions by name). */
export async function functionIdOf(db: DbOrTx, name: string): Promise<number> {
  return one(await db.select({ id: functions.id }).from(functions).where(eq(functions.name, name))).id;
}

/** A warehouse closure: Prague wall-clock instants, its end not included (domain.md §2.3). */
export type ClosureValues = { warehouseId: number; startsAt: string; endsAt: string };

export async function upsertClosure(db: DbOrTx, id: number | undefined, values: ClosureValues) {
  if (id !== undefined) {
    await db
      .update(warehouseVacations)
      .set({ ...values, version: sql`${warehouseVacations.version} + 1` })
      .where(eq(warehouseVacations.id, id));
    return id;
  }
  return one(await db.insert(warehouseVacations).values(values).returning({ id: warehouseVacations.id })).id;
}

/** A driver's vacation: whole days, both included. */
export type VacationValues = { userId: number; vacationFrom: string; vacationTo: string };

export async function upsertUserVacation(db: DbOrTx, id: number | undefined, values: VacationValues) {
  if (id !== undefined) {
    await db
      .update(userVacations)
      .set({ ...values, version: sql`${userVacations.version} + 1` })
      .where(eq(userVacations.id, id));
    return id;
  }
  return one(await db.insert(userVacations).values(values).returning({ id: userVacations.id })).id;
}

export type ReferenceKind = 'recipient' | 'subscriber' | 'woodType' | 'licencePlate';
const referenceTables = {
  recipient: transportRecipients,
  subscriber: transportSubscribers,
  woodType: woodTypes,
  licencePlate: licencePlates,
};

/** A reference entry of the haul form, found by its key when it exists here already. */
export async function upsertReference(
  db: DbOrTx,
  kind: ReferenceKind,
  id: number | undefined,
  name: string,
  nameKey: string,
): Promise<number> {
  const table = referenceTables[kind];
  const [same] = await db.select({ id: table.id }).from(table).where(eq(table.nameKey, nameKey));
  if (same) {
    await db.update(table).set({ name }).where(eq(table.id, same.id));
    return same.id;
  }
  if (id !== undefined) {
    await db.update(table).set({ name, nameKey }).where(eq(table.id, id));
    return id;
  }
  return one(await db.insert(table).values({ name, nameKey }).returning({ id: table.id })).id;
}

export type TransportationValues = Omit<
  typeof transportations.$inferInsert,
  'id' | 'version' | 'createdAt' | 'updatedAt' | 'createdBy'
> & {
  cmrs: { number: string; amount: number | null }[];
  loading: string[];
  unloading: string[];
};

/** A haul with its CMR numbers and places, in the order the old system lists them. */
export async function upsertTransportation(db: DbOrTx, id: number | undefined, values: TransportationValues) {
  const { cmrs, loading, unloading, ...row } = values;
  let haulId = id;
  if (haulId !== undefined) {
    await db
      .update(transportations)
      .set({ ...row, version: sql`${transportations.version} + 1`, updatedAt: sql`now()` })
      .where(eq(transportations.id, haulId));
    await db.delete(transportationCmrs).where(eq(transportationCmrs.transportationId, haulId));
    await db.delete(transportationPlaces).where(eq(transportationPlaces.transportationId, haulId));
  } else {
    haulId = one(await db.insert(transportations).values(row).returning({ id: transportations.id })).id;
  }
  const transportationId = haulId;
  if (cmrs.length) {
    await db
      .insert(transportationCmrs)
      .values(cmrs.map((c, position) => ({ transportationId, position, ...c })));
  }
  const places = [
    ...loading.map((name, position) => ({ transportationId, kind: 'loading' as const, position, name })),
    ...unloading.map((name, position) => ({ transportationId, kind: 'unloading' as const, position, name })),
  ];
  if (places.length) await db.insert(transportationPlaces).values(places);
  return transportationId;
}
