import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adtypes, suppliers } from '../../db/schema/index.ts';

export type SupplierRow = typeof suppliers.$inferSelect;
export type AdtypeRow = typeof adtypes.$inferSelect;

export async function listSuppliers(db: DbOrTx): Promise<SupplierRow[]> {
  return db
    .select()
    .from(suppliers)
    .where(eq(suppliers.active, true))
    .orderBy(asc(suppliers.name), asc(suppliers.id));
}

export async function findSupplier(db: DbOrTx, id: number): Promise<SupplierRow | undefined> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).for('update');
  return row;
}

/** An active supplier of that name in any letter case, other than `exceptId`. */
export async function findActiveSupplierByName(db: DbOrTx, name: string, exceptId = 0) {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.active, true),
        eq(sql`lower(${suppliers.name})`, name.toLowerCase()),
        ne(suppliers.id, exceptId),
      ),
    );
  return row;
}

/** What an add or edit writes: everything but the id, the flag and the creation time. */
export type SupplierValues = Omit<typeof suppliers.$inferInsert, 'id' | 'active' | 'createdAt'>;

export async function insertSupplier(db: DbOrTx, values: SupplierValues): Promise<SupplierRow> {
  const [row] = await db.insert(suppliers).values(values).returning();
  if (!row) throw new Error('supplier insert returned nothing');
  return row;
}

export async function updateSupplier(
  db: DbOrTx,
  id: number,
  values: Partial<SupplierValues & { active: boolean }>,
): Promise<SupplierRow> {
  const [row] = await db.update(suppliers).set(values).where(eq(suppliers.id, id)).returning();
  if (!row) throw new Error('supplier update returned nothing');
  return row;
}

export async function listAdtypes(db: DbOrTx): Promise<AdtypeRow[]> {
  return db
    .select()
    .from(adtypes)
    .where(eq(adtypes.active, true))
    .orderBy(asc(adtypes.name), asc(adtypes.id));
}

export async function findAdtype(db: DbOrTx, id: number): Promise<AdtypeRow | undefined> {
  const [row] = await db.select().from(adtypes).where(eq(adtypes.id, id)).for('update');
  return row;
}

export async function findActiveAdtypeByName(db: DbOrTx, name: string, exceptId = 0) {
  const [row] = await db
    .select({ id: adtypes.id })
    .from(adtypes)
    .where(
      and(
        eq(adtypes.active, true),
        eq(sql`lower(${adtypes.name})`, name.toLowerCase()),
        ne(adtypes.id, exceptId),
      ),
    );
  return row;
}

export async function insertAdtype(db: DbOrTx, name: string): Promise<AdtypeRow> {
  const [row] = await db.insert(adtypes).values({ name }).returning();
  if (!row) throw new Error('adtype insert returned nothing');
  return row;
}

export async function updateAdtype(
  db: DbOrTx,
  id: number,
  values: Partial<{ name: string; active: boolean }>,
): Promise<AdtypeRow> {
  const [row] = await db.update(adtypes).set(values).where(eq(adtypes.id, id)).returning();
  if (!row) throw new Error('adtype update returned nothing');
  return row;
}
