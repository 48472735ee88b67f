import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Customer numbers (`intern_id`): numeric, unique, handed out in order. */
export const customerInternIdSeq = pgSequence('customers_intern_id_seq', { startWith: 10001 });

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    internId: bigint('intern_id', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('customers_intern_id_seq')`),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    organizationId: text('organization_id').notNull().default(''),
    organizationName: text('organization_name').notNull().default(''),
    /** DIČ of a company customer (decision 0037, migration 0026); organization_id is its IČO. */
    vatId: text('vat_id').notNull().default(''),
    email: text('email').notNull().default(''),
    prePhone: text('pre_phone').notNull().default('+420'),
    /** Digits only, without the prefix. */
    phone: text('phone').notNull(),
    wholePhone: text('whole_phone').notNull().generatedAlwaysAs(sql`pre_phone || phone`),
    fullAddress: text('full_address').notNull(),
    town: text('town').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull(),
    gpsLat: numeric('gps_lat', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    gpsLon: numeric('gps_lon', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    toContact: boolean('to_contact').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Substring filters of the list (domain.md §2.2): trigram indexes serve ILIKE '%…%'.
    index('customers_full_name_trgm_idx').using(
      'gin',
      sql`f_unaccent(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.organizationName}) gin_trgm_ops`,
    ),
    index('customers_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('customers_whole_phone_trgm_idx').using('gin', sql`${t.wholePhone} gin_trgm_ops`),
    index('customers_address_trgm_idx').using('gin', sql`f_unaccent(${t.fullAddress}) gin_trgm_ops`),
    index('customers_name_order_idx').on(t.lastName, t.firstName, t.id),
    // Likely duplicates of a new customer (decision 0025, migration 0023): one index per match rule.
    index('customers_phone_key_idx').using('btree', sql`f_phone_key(${t.prePhone}, ${t.phone})`),
    index('customers_email_key_idx').using('btree', sql`lower(${t.email})`).where(sql`${t.email} <> ''`),
    index('customers_name_town_key_idx').using(
      'btree',
      sql`lower(f_unaccent(${t.firstName} || ' ' || ${t.lastName}))`,
      sql`lower(f_unaccent(${t.town}))`,
    ),
    // A likely duplicate by IČO of a spreadsheet's row (domain.md §2.14, migration 0056).
    index('customers_organization_id_idx').on(t.organizationId).where(sql`${t.organizationId} <> ''`),
    check('customers_pre_phone_check', sql`${t.prePhone} in ('+420', '+421', '+43')`),
  ],
);
