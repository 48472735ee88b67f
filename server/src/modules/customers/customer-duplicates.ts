import type { CustomerMatch, CustomerMatchRule } from '@letokruh/contracts/customers';
import { ErrorCode } from '@letokruh/contracts/errors';
import { asc, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';

/** The fields of a new customer that the match rules read. */
export type DuplicateProbe = {
  prePhone: string;
  phone: string;
  email: string;
  firstName: string;
  lastName: string;
  town: string;
};

/** At most this many matches come back; more would not help anyone choose. */
const matchLimit = 10;

/**
 * Every customer creation takes this transaction-scoped lock before it looks for duplicates, so of
 * two identical creations at once the second waits, then finds the first (409) instead of both
 * passing the check. Creating customers is rare enough to run one at a time.
 */
export async function lockCustomerCreation(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('letokruh:customer-create'))`);
}

/**
 * Decision 0025: existing customers with the same phone (digits only, a Czech 420 dropped), the same
 * e-mail (case-insensitive), or the same first + last name in the same town (accents and case
 * ignored). Each expression is the one of its index in migration 0023.
 */
export async function findLikelyDuplicates(db: DbOrTx, p: DuplicateProbe): Promise<CustomerMatch[]> {
  const phone = sql`f_phone_key(${customers.prePhone}, ${customers.phone}) = f_phone_key(${p.prePhone}::text, ${p.phone}::text)`;
  const email = p.email
    ? sql`(${customers.email} <> '' and lower(${customers.email}) = lower(${p.email.trim()}::text))`
    : sql`false`;
  const name = sql`lower(f_unaccent(${customers.firstName} || ' ' || ${customers.lastName})) = lower(f_unaccent(${`${p.firstName.trim()} ${p.lastName.trim()}`}::text))`;
  const town = sql`lower(f_unaccent(${customers.town})) = lower(f_unaccent(${p.town.trim()}::text))`;
  const nameTown = sql`(${name} and ${town})`;
  const rows = await db
    .select({
      id: customers.id,
      internId: customers.internId,
      firstName: customers.firstName,
      lastName: customers.lastName,
      organizationName: customers.organizationName,
      town: customers.town,
      wholePhone: customers.wholePhone,
      email: customers.email,
      byPhone: sql<boolean>`${phone}`,
      byEmail: sql<boolean>`${email}`,
      byNameTown: sql<boolean>`${nameTown}`,
    })
    .from(customers)
    .where(or(phone, email, nameTown) as SQL)
    .orderBy(asc(customers.id))
    .limit(matchLimit);
  return rows.map((r) => ({
    id: r.id,
    intern_id: r.internId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    organization_name: r.organizationName,
    town: r.town,
    whole_phone: r.wholePhone,
    email: r.email,
    matched_by: (
      [
        ['phone', r.byPhone],
        ['email', r.byEmail],
        ['name_town', r.byNameTown],
      ] as [CustomerMatchRule, boolean][]
    )
      .filter(([, hit]) => hit)
      .map(([rule]) => rule),
  }));
}

/** 409 / customerMayExist carrying the matches (none when the caller may not see customers). */
export class CustomerMayExistError extends AppError {
  constructor(readonly customers: CustomerMatch[]) {
    super(
      409,
      ErrorCode.customerMayExist,
      'A customer like this exists; send allow_duplicate to create anyway',
      undefined,
      {
        customers,
      },
    );
  }
}
