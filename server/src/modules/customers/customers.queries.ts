import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCount } from '../../db/paging.ts';
import { customers, orders } from '../../db/schema/index.ts';
import { containsPattern as contains, textContains } from '../../db/text-search.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = Omit<
  typeof customers.$inferInsert,
  'id' | 'internId' | 'wholePhone' | 'version'
>;

export type CustomerFilters = {
  internId?: number | undefined;
  fullName?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  address?: string | undefined;
  warehouse?: number | undefined;
};

/** Each filter narrows the list; the substring ones are served by the trigram indexes. */
function whereOf(filters: CustomerFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.internId !== undefined) parts.push(eq(customers.internId, filters.internId));
  if (filters.fullName) {
    // The same expression as customers_full_name_trgm_idx, so the index serves it.
    parts.push(
      textContains(
        sql`${customers.firstName} || ' ' || ${customers.lastName} || ' ' || ${customers.organizationName}`,
        filters.fullName,
      ),
    );
  }
  if (filters.email) parts.push(ilike(customers.email, contains(filters.email)));
  if (filters.phone) {
    const phone = filters.phone.replace(/[\s\-/]/g, '');
    if (phone) parts.push(ilike(customers.wholePhone, contains(phone)));
  }
  if (filters.address) parts.push(textContains(customers.fullAddress, filters.address));
  if (filters.warehouse !== undefined) {
    // Probed per customer through orders_customer_warehouse_idx (index only).
    parts.push(
      sql`exists (select 1 from ${orders} where ${orders.customerId} = ${customers.id} and ${orders.warehouseId} = ${filters.warehouse} and ${orders.draftTouchedAt} is null)`,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listCustomers(
  db: DbOrTx,
  filters: CustomerFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = whereOf(filters);
  // With a substring of three or more letters the trigram index finds the few thousand matches at
  // most, and sorting them is cheap; ordering by the bare columns instead let PostgreSQL walk the
  // name index and test every customer until ten matched (a rare full name: most of them;
  // decision 0020). `|| ''` sorts the same but is no indexed expression, so the planner takes the
  // trigram path.
  const substring = [filters.fullName, filters.email, filters.phone, filters.address].some(
    (f) => (f?.trim().length ?? 0) >= 3,
  );
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(
      ...(substring
        ? [sql`${customers.lastName} || ''`, sql`${customers.firstName} || ''`, asc(customers.id)]
        : [asc(customers.lastName), asc(customers.firstName), asc(customers.id)]),
    )
    .limit(page.limit)
    .offset(page.offset);
  const total = await cappedCount(
    db,
    db.select({ one: customers.id }).from(customers).where(where).$dynamic(),
  );
  return { rows, total };
}

export async function findCustomer(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CustomerRow | undefined> {
  const query = db.select().from(customers).where(eq(customers.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertCustomer(db: DbOrTx, values: CustomerValues): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  if (!row) throw new Error('customer insert returned nothing');
  return row;
}

export async function updateCustomer(db: DbOrTx, id: number, values: Partial<CustomerValues>): Promise<void> {
  await db
    .update(customers)
    .set({ ...values, version: sql`${customers.version} + 1` })
    .where(eq(customers.id, id));
}

/** Flips the flag in place, so two dispatchers clicking at once end where they started. */
export async function toggleToContact(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .update(customers)
    .set({ toContact: sql`not ${customers.toContact}`, version: sql`${customers.version} + 1` })
    .where(eq(customers.id, id))
    .returning({ id: customers.id });
  return row !== undefined;
}
