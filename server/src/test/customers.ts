import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Client } from './build.ts';

/** Test helpers of customers: the demo customers, and customers given known values. */

/**
 * The add form of a customer in Polná; overrides replace fields. It is sent again and again on
 * purpose, so it allows a duplicate: the duplicate check has its own tests.
 */
export const customerForm = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Alžběta',
  lastName: 'Zelenková',
  phone: '603 123 456',
  email: 'alzbeta.zelenkova@seznam.cz',
  address: 'Lipová 12, 588 13 Polná',
  town: 'Polná',
  zip: '588 13',
  country: 'Česká republika',
  lat: 49.4875,
  lon: 15.7201,
  allow_duplicate: true,
  ...overrides,
});

/** A demo customer's id: the fourth on a page of ten of the customer list. */
export async function someCustomerId(c: Client, page = 1): Promise<number> {
  const { items } = (await c.get(`/api/customers?per_page=10&current_page=${page}`)).json();
  return items[3].id;
}

/** Gives a customer a known name and e-mail (empty: none). */
export async function setCustomer(
  db: Db,
  id: number,
  values: { first_name: string; last_name: string; email: string; organization_name?: string },
): Promise<void> {
  await db.execute(sql`update customers set first_name = ${values.first_name}, last_name = ${values.last_name},
    email = ${values.email}, organization_name = ${values.organization_name ?? ''} where id = ${id}`);
}
