import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCount } from '../../db/paging.ts';
import { idsAmong, rowsOf } from '../../db/rows.ts';
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

/**
 * Customers of a spreadsheet from a JSON array of `CustomerValues` (camelCase keys; domain.md
 * §2.14): the database reads the text itself, so its rows cost no object on the event loop.
 * Their ids in the array's order (a sequence gives them in the order the rows are inserted).
 */
export async function insertCustomersFromJson(db: DbOrTx, json: string): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`insert into customers (first_name, last_name, organization_id, organization_name, vat_id, email,
          pre_phone, phone, full_address, town, zip_code, country, gps_lat, gps_lon)
        select v->>'firstName', v->>'lastName', v->>'organizationId', v->>'organizationName', v->>'vatId',
          v->>'email', v->>'prePhone', v->>'phone', v->>'fullAddress', v->>'town', v->>'zipCode', v->>'country',
          (v->>'gpsLat')::numeric, (v->>'gpsLon')::numeric
        from jsonb_array_elements(${json}::jsonb) with ordinality as e(v, ord)
        order by ord
        returning id`,
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * The keys of a spreadsheet's rows, by rule: each a text of one key a row ('' for none), joined
 * by the unit separator (U+001F), which no cell holds. The database splits them itself, so that
 * 10 000 rows cost the event loop no array of 10 000 parameters.
 */
export type ImportKeys = { organizationId: string; phoneKey: string; email: string };

export type ImportMatchRow = {
  index: number;
  rule: 'organization_id' | 'phone' | 'email';
  id: number;
  internId: number;
  firstName: string;
  lastName: string;
  organizationName: string;
  town: string;
  wholePhone: string;
  email: string;
};

/**
 * Existing customers with a probe's IČO, phone key (f_phone_key of migration 0023) or e-mail, each
 * rule one join served by its own index (customers_organization_id_idx, customers_phone_key_idx,
 * customers_email_key_idx), so that 10 000 rows cost three statements.
 */
export async function findImportMatches(db: DbOrTx, keys: ImportKeys): Promise<ImportMatchRow[]> {
  const split = (text: string) => sql`string_to_array(${text}::text, chr(31))`;
  const columns = sql`c.id, c.intern_id::int as "internId", c.first_name as "firstName", c.last_name as "lastName",
    c.organization_name as "organizationName", c.town, c.whole_phone as "wholePhone", c.email`;
  return rowsOf<ImportMatchRow>(
    db,
    sql`with p as materialized (
          select (n - 1)::int as i, ico, phone_key, email
          from unnest(${split(keys.organizationId)}, ${split(keys.phoneKey)}, ${split(keys.email)})
            with ordinality as p(ico, phone_key, email, n))
        select p.i as index, 'organization_id' as rule, ${columns} from p
          join customers c on c.organization_id = p.ico and c.organization_id <> '' where p.ico <> ''
        union all
        select p.i, 'phone', ${columns} from p
          join customers c on f_phone_key(c.pre_phone, c.phone) = p.phone_key where p.phone_key <> ''
        union all
        select p.i, 'email', ${columns} from p
          join customers c on lower(c.email) = p.email and c.email <> '' where p.email <> ''
        order by 1, 3`,
  );
}

/** Which of the customers were edited since their creation (their version moved). */
export const findChangedCustomers = (db: DbOrTx, ids: number[]) =>
  idsAmong(db, customers.id, ids, sql`${customers.version} > 1`);

export async function findCustomerNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: customers.id,
      name: sql<string>`trim(${customers.firstName} || ' ' || ${customers.lastName})`,
    })
    .from(customers)
    .where(sql`${customers.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function deleteCustomers(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(customers).where(sql`${customers.id} = any(${sql.param(ids)}::int[])`);
}
