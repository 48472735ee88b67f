import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  licencePlates,
  transportationCmrs,
  transportationPlaces,
  transportations,
  transportRecipients,
  transportSubscribers,
  users,
  woodTypes,
} from '../../db/schema/index.ts';

export const referenceTables = {
  recipient: transportRecipients,
  subscriber: transportSubscribers,
  woodType: woodTypes,
  licencePlate: licencePlates,
} as const;
export type ReferenceKind = keyof typeof referenceTables;

export type TransportationRow = typeof transportations.$inferSelect & {
  driverFirstName: string | null;
  driverLastName: string | null;
  recipientName: string | null;
  subscriberName: string;
  woodTypeName: string | null;
  licencePlateName: string;
};
export type TransportationValues = Omit<
  typeof transportations.$inferInsert,
  'id' | 'version' | 'createdAt' | 'updatedAt' | 'createdBy'
>;
export type CmrRow = typeof transportationCmrs.$inferSelect;
export type PlaceRow = typeof transportationPlaces.$inferSelect;

const columns = {
  id: transportations.id,
  day: transportations.day,
  loadType: transportations.loadType,
  loadChoice: transportations.loadChoice,
  loadChoiceText: transportations.loadChoiceText,
  driverId: transportations.driverId,
  recipientId: transportations.recipientId,
  subscriberId: transportations.subscriberId,
  woodTypeId: transportations.woodTypeId,
  licencePlateId: transportations.licencePlateId,
  version: transportations.version,
  createdBy: transportations.createdBy,
  createdAt: transportations.createdAt,
  updatedAt: transportations.updatedAt,
  driverFirstName: users.firstName,
  driverLastName: users.lastName,
  recipientName: transportRecipients.name,
  subscriberName: transportSubscribers.name,
  woodTypeName: woodTypes.name,
  licencePlateName: licencePlates.name,
};

const joined = (db: DbOrTx) =>
  db
    .select(columns)
    .from(transportations)
    .innerJoin(transportSubscribers, eq(transportSubscribers.id, transportations.subscriberId))
    .innerJoin(licencePlates, eq(licencePlates.id, transportations.licencePlateId))
    .leftJoin(users, eq(users.id, transportations.driverId))
    .leftJoin(transportRecipients, eq(transportRecipients.id, transportations.recipientId))
    .leftJoin(woodTypes, eq(woodTypes.id, transportations.woodTypeId));

/** Newest haul first (the day index walked backwards), then the newest record of a day. */
export async function listTransportations(
  db: DbOrTx,
  page: { offset: number; limit: number },
): Promise<{ rows: TransportationRow[]; total: number }> {
  const rows = await joined(db)
    .orderBy(desc(transportations.day), desc(transportations.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(transportations);
  return { rows, total: counted?.total ?? 0 };
}

export async function findTransportation(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<TransportationRow | undefined> {
  if (options.lock) {
    // Lock the haul's own row only: the joined reference rows are shared by every haul.
    const [locked] = await db
      .select({ id: transportations.id })
      .from(transportations)
      .where(eq(transportations.id, id))
      .for('update');
    if (!locked) return undefined;
  }
  const [row] = await joined(db).where(eq(transportations.id, id));
  return row;
}

export async function findCmrs(db: DbOrTx, transportationId: number): Promise<CmrRow[]> {
  return db
    .select()
    .from(transportationCmrs)
    .where(eq(transportationCmrs.transportationId, transportationId))
    .orderBy(asc(transportationCmrs.position), asc(transportationCmrs.id));
}

export async function findPlaces(db: DbOrTx, transportationId: number): Promise<PlaceRow[]> {
  return db
    .select()
    .from(transportationPlaces)
    .where(eq(transportationPlaces.transportationId, transportationId))
    .orderBy(asc(transportationPlaces.position), asc(transportationPlaces.id));
}

export async function insertTransportation(
  db: DbOrTx,
  values: TransportationValues & { createdBy: number | null },
): Promise<number> {
  const [row] = await db.insert(transportations).values(values).returning({ id: transportations.id });
  if (!row) throw new Error('transportation insert returned nothing');
  return row.id;
}

export async function updateTransportation(db: DbOrTx, id: number, values: TransportationValues) {
  await db
    .update(transportations)
    .set({ ...values, version: sql`${transportations.version} + 1`, updatedAt: sql`now()` })
    .where(eq(transportations.id, id));
}

export async function deleteTransportation(db: DbOrTx, id: number): Promise<boolean> {
  const gone = await db
    .delete(transportations)
    .where(eq(transportations.id, id))
    .returning({ id: transportations.id });
  return gone.length > 0;
}

/** Replaces the CMR rows and places of a haul with the ones given (in their order). */
export async function replaceLines(
  db: DbOrTx,
  transportationId: number,
  lines: {
    cmrs: { number: string; amount: number | null }[];
    loading: string[];
    unloading: string[];
  },
) {
  await db.delete(transportationCmrs).where(eq(transportationCmrs.transportationId, transportationId));
  await db.delete(transportationPlaces).where(eq(transportationPlaces.transportationId, transportationId));
  if (lines.cmrs.length) {
    await db
      .insert(transportationCmrs)
      .values(lines.cmrs.map((c, position) => ({ transportationId, position, ...c })));
  }
  const places = [
    ...lines.loading.map((name, position) => ({
      transportationId,
      kind: 'loading' as const,
      position,
      name,
    })),
    ...lines.unloading.map((name, position) => ({
      transportationId,
      kind: 'unloading' as const,
      position,
      name,
    })),
  ];
  if (places.length) await db.insert(transportationPlaces).values(places);
}

export async function findReference(db: DbOrTx, kind: ReferenceKind, id: number) {
  const table = referenceTables[kind];
  const [row] = await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.id, id));
  return row;
}

/**
 * The entry whose key matches, created when none does. `on conflict do nothing` keeps two
 * hauls typing the same new name at once from failing: the second one finds the first's row.
 */
export async function findOrCreateReference(
  db: DbOrTx,
  kind: ReferenceKind,
  name: string,
  nameKey: string,
): Promise<number> {
  const table = referenceTables[kind];
  const [created] = await db
    .insert(table)
    .values({ name, nameKey })
    .onConflictDoNothing({ target: table.nameKey })
    .returning({ id: table.id });
  if (created) return created.id;
  const [found] = await db.select({ id: table.id }).from(table).where(eq(table.nameKey, nameKey));
  if (!found) throw new Error(`reference ${kind} "${name}" neither inserted nor found`);
  return found.id;
}

export async function listReferences(db: DbOrTx, kind: ReferenceKind) {
  const table = referenceTables[kind];
  return db.select({ id: table.id, name: table.name }).from(table);
}
