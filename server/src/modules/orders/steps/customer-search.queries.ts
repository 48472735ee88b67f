import { customerSearchLimit } from '@letokruh/contracts/order-steps';
import { and, asc, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { customers } from '../../../db/schema/index.ts';
import { containsPattern as contains, textContains } from '../../../db/text-search.ts';

const fullName = sql`${customers.firstName} || ' ' || ${customers.lastName} || ' ' || ${customers.organizationName}`;

/**
 * The find-customer panel (domain.md §1.2): phone digits anywhere in the whole phone, names as
 * accent- and case-insensitive substrings. Each name is also looked for in the full-name expression, so that
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
      textContains(fullName, filters.firstName),
      textContains(customers.firstName, filters.firstName),
    );
  }
  if (filters.lastName) {
    parts.push(textContains(fullName, filters.lastName), textContains(customers.lastName, filters.lastName));
  }
  if (!parts.length) return [];
  return db
    .select()
    .from(customers)
    .where(and(...parts))
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
    .limit(customerSearchLimit);
}
