import { z } from 'zod';
import { bankCodePattern, isValidCzechAccount, isValidCzechAccountNumber } from './rules/bank-account.ts';
import {
  czechDicProblem,
  dicMatchesIco,
  type IdProblem,
  icoProblem,
  normalizeDic,
  normalizeIco,
} from './rules/czech-id.ts';
import { normalizePhone } from './rules/phone-number.ts';

/**
 * Reference data the owner keeps (decision 0012): suppliers with their Czech bank accounts and ad
 * types (domain.md §1.3 Supplier, Adtype; §1.7 GET /suppliers, GET /adtypes). Phone prefixes are the
 * fixed list of domain.md §1.9 (contracts/customers.ts).
 */

const name = (max: number) => z.string().trim().min(1).max(max);

/** PSČ: five digits, kept as Czech documents print it ("586 01"). */
const zipCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => v === '' || /^\d{5}$/.test(v), 'zip_format')
  .transform((v) => (v === '' ? '' : `${v.slice(0, 3)} ${v.slice(3)}`));

const icoSchema = z
  .string()
  .transform(normalizeIco)
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : icoProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const dicSchema = z
  .string()
  .transform(normalizeDic)
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : czechDicProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Any common spelling of a Czech number, kept in E.164 (+420603791074). */
const supplierPhoneSchema = z
  .string()
  .trim()
  .max(30)
  .transform((v, ctx) => {
    if (v === '') return '';
    const phone = normalizePhone(v, '+420');
    if (phone === null) ctx.addIssue({ code: 'custom', message: 'phone_format' });
    return phone ?? v;
  });

/**
 * The identity a Czech trader shows on its documents (decision 0037; domain.md §4.3). Each key may be left
 * out: an older client that sends only the name and account adds a supplier without an identity,
 * and its edit keeps the stored one (docs/decisions/0037-supplier-and-customer-identity-issue-15.md "Supplier identity on the wire").
 */
const supplierIdentityShape = {
  full_address: z.string().trim().max(300).optional(),
  town: z.string().trim().max(100).optional(),
  zip_code: zipCodeSchema.optional(),
  /** The seller's companies are Czech: their IČO, DIČ and the register are Czech ones. */
  country: z.literal('CZ').optional(),
  ico: icoSchema.optional(),
  dic: dicSchema.optional(),
  register_entry: z.string().trim().max(300).optional(),
  email: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.email().max(254)]))
    .optional(),
  phone: supplierPhoneSchema.optional(),
  vat_payer: z.boolean().optional(),
};
export type SupplierIdentity = {
  full_address: string;
  town: string;
  zip_code: string;
  country: 'CZ';
  ico: string;
  dic: string;
  register_entry: string;
  email: string;
  phone: string;
  vat_payer: boolean;
};

/**
 * The rules between the identity's fields: a VAT payer has a DIČ, and a legal person's 8-digit
 * DIČ is CZ + its own IČO. The schema applies them to what a payload carries; the server again to
 * the stored identity merged with an edit.
 */
export function supplierIdentityIssues(
  identity: Partial<Pick<SupplierIdentity, 'ico' | 'dic' | 'vat_payer'>>,
): { path: 'dic'; message: IdProblem }[] {
  if (identity.vat_payer && identity.dic === '') return [{ path: 'dic', message: 'dic_required' }];
  if (identity.dic && identity.ico !== undefined && !dicMatchesIco(identity.dic, identity.ico)) {
    return [{ path: 'dic', message: 'dic_not_ico' }];
  }
  return [];
}

/**
 * POST /supplier/add and PUT /supplier/{id}/edit. The account is "prefix-number" or "number"
 * with valid check digits; the bank code has 4 digits. The same schema checks the web form.
 * Field problems of the identity are named by keys the web app translates (rules/czech-id.ts).
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
    ...supplierIdentityShape,
  })
  // The whole BBAN through ibantools too, which also builds the IBAN the answers carry.
  .superRefine((value, ctx) => {
    const partsValid = isValidCzechAccountNumber(value.bank_account) && bankCodePattern.test(value.bank_code);
    if (partsValid && !isValidCzechAccount(value.bank_account, value.bank_code)) {
      ctx.addIssue({ code: 'custom', path: ['bank_account'], message: 'not a valid Czech account' });
    }
    for (const issue of supplierIdentityIssues(value)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
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
    /** Built from the account and bank code (domain.md §3.3, QR payment). */
    iban: z.string(),
    /** False once removed; removed suppliers leave the lists but stay on old orders. */
    active: z.boolean(),
    /** Decision 0037: empty strings where an older supplier's identity was never filled in. */
    full_address: z.string(),
    town: z.string(),
    /** "586 01". */
    zip_code: z.string(),
    /** ISO 3166-1 alpha-2. */
    country: z.string(),
    /** 8 digits with a valid check digit. */
    ico: z.string(),
    /** CZ + 8–10 digits; a non-payer of VAT may have none. */
    dic: z.string(),
    /** "zapsaná v obchodním rejstříku vedeném Krajským soudem v Brně, oddíl C, vložka 54321". */
    register_entry: z.string(),
    email: z.string(),
    /** E.164 (+420603791074); `formatPhone` shows it grouped. */
    phone: z.string(),
    vat_payer: z.boolean(),
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
