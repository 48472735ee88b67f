import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Suppliers named on delivery notes and QR payments (domain.md §1.3 Supplier). The account is kept
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
    // Decision 0037 (migration 0026): the identity a Czech trader shows on its documents.
    fullAddress: text('full_address').notNull().default(''),
    town: text('town').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull().default('CZ'),
    /** 8 digits with the modulo-11 check digit (contracts/src/rules/czech-id.ts), or empty. */
    ico: text('ico').notNull().default(''),
    /** CZ + 8–10 digits, or empty (a non-payer of VAT may have none). */
    dic: text('dic').notNull().default(''),
    /** "zapsáno v obchodním rejstříku vedeném …, oddíl C, vložka …". */
    registerEntry: text('register_entry').notNull().default(''),
    email: text('email').notNull().default(''),
    /** E.164, e.g. +420603791074. */
    phone: text('phone').notNull().default(''),
    vatPayer: boolean('vat_payer').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suppliers_active_name_uq').on(sql`lower(${t.name})`).where(sql`${t.active}`),
    check('suppliers_bank_code_check', sql`${t.bankCode} ~ '^[0-9]{4}$'`),
    check('suppliers_bank_account_check', sql`${t.bankAccount} ~ '^([0-9]{1,6}-)?[0-9]{2,10}$'`),
    check('suppliers_ico_check', sql`${t.ico} ~ '^([0-9]{8})?$'`),
    check('suppliers_dic_check', sql`${t.dic} ~ '^(CZ[0-9]{8,10})?$'`),
    check('suppliers_vat_payer_dic_check', sql`NOT ${t.vatPayer} OR ${t.dic} <> ''`),
  ],
);

/** Where a customer heard of the seller (domain.md §1.3 Adtype), picked on an order. */
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
