import { customerSearchLimit } from '@letokruh/contracts/order-steps';
import { and, asc, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;
const fullName = sql`(${customers.firstName} || ' ' || ${customers.lastName} || ' ' || ${customers.organizationName})`;

/**
 * The find-customer panel (part 1 §2): phone digits anywhere in the whole phone, names as
 * case-insensitive substrings. Each name is also looked for in the full-name expression, so that
 * the customers' trigram index serves the search; the column check then keeps the exact field.
 */
export async function searchCustomers(
  db: DbOrTx,
  filters: { phone?: string | undefined; firstName?: string | undefined; lastName?: string | undefined },
) {
  const parts: SQL[] = [];
  const phone = filters.phone?.replace(/[\s\-/]/g, '');
  if (phone) parts.push(ilike(customers.wholePhone, contains(phone)));
  if (filters.firstName) {
    parts.push(
      sql`${fullName} ilike ${contains(filters.firstName)}`,
      ilike(customers.firstName, contains(filters.firstName)),
    );
  }
  if (filters.lastName) {
    parts.push(
      sql`${fullName} ilike ${contains(filters.lastName)}`,
      ilike(customers.lastName, contains(filters.lastName)),
    );
  }
  if (!parts.length) return [];
  return db
    .select()
    .from(customers)
    .where(and(...parts))
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
    .limit(customerSearchLimit);
}
