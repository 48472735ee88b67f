import { z } from 'zod';
import { bankCodePattern, isValidCzechAccount, isValidCzechAccountNumber } from './rules/bank-account.ts';

/**
 * Reference data the owner keeps (issue 4): suppliers with their Czech bank accounts and ad
 * types (part 1 §3 Supplier, Adtype; §7 GET /suppliers, GET /adtypes). Phone prefixes are the
 * fixed list of part 1 §9 (contracts/customers.ts).
 */

const name = (max: number) => z.string().trim().min(1).max(max);

/**
 * POST /supplier/add and PUT /supplier/{id}/edit. The account is "prefix-number" or "number"
 * with valid check digits; the bank code has 4 digits. The same schema checks the web form.
 */
export const supplierInputSchema = z
  .object({
    name: name(200),
    bank_account: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .refine(isValidCzechAccountNumber, 'not a Czech account number with valid check digits'),
    bank_code: z.string().trim().regex(bankCodePattern, 'four digits'),
  })
  // The whole BBAN through ibantools too, which also builds the IBAN the answers carry.
  .superRefine((value, ctx) => {
    const partsValid = isValidCzechAccountNumber(value.bank_account) && bankCodePattern.test(value.bank_code);
    if (partsValid && !isValidCzechAccount(value.bank_account, value.bank_code)) {
      ctx.addIssue({ code: 'custom', path: ['bank_account'], message: 'not a valid Czech account' });
    }
  });
export type SupplierInput = z.infer<typeof supplierInputSchema>;

export const supplierSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** "19-2000145399" or "2000145399", without leading zeros. */
    bank_account: z.string(),
    bank_code: z.string(),
    /** Built from the account and bank code (DESIGN §3, QR payment). */
    iban: z.string(),
    /** False once removed; removed suppliers leave the lists but stay on old orders. */
    active: z.boolean(),
  })
  .meta({ id: 'Supplier' });
export type Supplier = z.infer<typeof supplierSchema>;

export const suppliersAnswerSchema = z.object({ items: z.array(supplierSchema) });
export const supplierAnswerSchema = z.object({ item: supplierSchema });

/** POST /adtype/add and PUT /adtype/{id}/edit. */
export const adtypeInputSchema = z.object({ name: name(100) });
export type AdtypeInput = z.infer<typeof adtypeInputSchema>;

export const adtypeSchema = z
  .object({ id: z.number().int(), name: z.string(), active: z.boolean() })
  .meta({ id: 'Adtype' });
export type Adtype = z.infer<typeof adtypeSchema>;

export const adtypesAnswerSchema = z.object({ items: z.array(adtypeSchema) });
export const adtypeAnswerSchema = z.object({ item: adtypeSchema });
