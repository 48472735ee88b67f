import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Suppliers named on delivery notes and QR payments (part 1 §3 Supplier). The account is kept
 * as written without leading zeros ("19-2000145399") with its 4-digit bank code. Orders will
 * point at suppliers, so a removed one is only marked inactive.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    bankAccount: text('bank_account').notNull(),
    bankCode: text('bank_code').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suppliers_active_name_uq').on(sql`lower(${t.name})`).where(sql`${t.active}`),
    check('suppliers_bank_code_check', sql`${t.bankCode} ~ '^[0-9]{4}$'`),
    check('suppliers_bank_account_check', sql`${t.bankAccount} ~ '^([0-9]{1,6}-)?[0-9]{2,10}$'`),
  ],
);

/** Where a customer heard of the seller (part 1 §3 Adtype), picked on an order. */
export const adtypes = pgTable(
  'adtypes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('adtypes_active_name_uq').on(sql`lower(${t.name})`).where(sql`${t.active}`)],
);
