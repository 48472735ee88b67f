import { z } from 'zod';
import { pagedAnswer, pagingQuerySchema } from './common.ts';
import { fileSchema } from './files.ts';
import { companyIdIssues, normalizeDic, normalizeOrganizationId } from './rules/czech-id.ts';
import { splitPhone } from './rules/phone-number.ts';

/** Customers (domain.md §2.2, §2.3, §2.5, §2.7; §1.3). */

/** Phone prefixes of domain.md §1.9 with the country whose choice offers them (domain.md §2.5). */
export const phonePrefixes = [
  { code: '+420', country: 'Česká republika' },
  { code: '+421', country: 'Slovensko' },
  { code: '+43', country: 'Rakousko' },
] as const;
export type PhonePrefix = (typeof phonePrefixes)[number]['code'];
export const phonePrefixCodes = phonePrefixes.map((p) => p.code) as [PhonePrefix, ...PhonePrefix[]];
export const defaultPhonePrefix: PhonePrefix = '+420';
export const phonePrefixesAnswerSchema = z.object({
  items: z.array(z.object({ code: z.enum(phonePrefixCodes), country: z.string() })),
});

/** The prefix a country suggests (domain.md §2.5: Austria, Czechia, Slovakia), by its Czech or English name. */
export function prefixForCountry(country: string): PhonePrefix | undefined {
  const name = country.trim().toLowerCase();
  if (['česká republika', 'česko', 'czechia', 'czech republic', 'cz'].includes(name)) return '+420';
  if (['slovensko', 'slovakia', 'slovenská republika', 'sk'].includes(name)) return '+421';
  if (['rakousko', 'austria', 'österreich', 'at'].includes(name)) return '+43';
  return undefined;
}

/** Customer files are of one type (domain.md §2.9). */
export const customerFileTypes = ['Jiné'] as const;

const required = (max: number) => z.string().trim().min(1).max(max);
const optional = (max: number) => z.string().trim().max(max).default('');
/**
 * A phone as typed: digits with spaces, dashes, slashes, dots or brackets, "+" or "00" before an
 * international number. The server stores it in E.164 (`splitPhone` of rules/phone-number under the
 * chosen prefix) and refuses with 400 (field `phone`) what cannot be a number of an offered country.
 */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9\s\-/.()]+$/, 'a phone number')
  .refine((s) => {
    const digits = s.replace(/\D/g, '').length;
    return digits >= 4 && digits <= 17;
  }, 'a phone number');

/** `pre_phone` + `phone` as stored (`whole_phone` their E.164 concatenation), or null. */
export const customerPhone = (prePhone: PhonePrefix, phone: string) =>
  splitPhone(prePhone, phone, phonePrefixCodes);
const emailSchema = z.union([z.literal(''), z.email().max(254)]).default('');
const latitude = z.number().min(-90).max(90);
/** IČO (decision 0037: checked by the customer's country in `companyIdIssues`), spaces dropped. */
const organizationIdSchema = optional(20).transform(normalizeOrganizationId);
/** DIČ / VAT id (decision 0037): "CZ27082440", "SK2022749619", "ATU13585627"; spaces dropped, upper-case. */
const vatIdSchema = optional(20).transform(normalizeDic);
const longitude = z.number().min(-180).max(180);

/** POST /customer/add: domain.md's create payload, camelCase as domain.md has it. */
export const customerAddFieldsSchema = z.object({
  firstName: required(100),
  lastName: required(100),
  organizationId: organizationIdSchema,
  organizationName: optional(200),
  /** Beyond domain.md (decision 0037): the DIČ of a company customer, camelCase like the payload. */
  vatId: vatIdSchema,
  phonePrefix: z.enum(phonePrefixCodes).default(defaultPhonePrefix),
  phone: phoneSchema,
  email: emailSchema,
  address: required(300),
  town: required(100),
  zip: required(20),
  country: required(100),
  lat: latitude,
  lon: longitude,
  /**
   * Beyond domain.md (decision 0025): a customer whose phone, e-mail or name and town matches an existing
   * one is refused with 409 / customerMayExist unless this is true.
   */
  allow_duplicate: z.boolean().optional(),
});
/** The create payload with its IČO and DIČ checked against each other and the country. */
export const customerAddSchema = customerAddFieldsSchema.superRefine((value, ctx) => {
  for (const issue of companyIdIssues(value)) {
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.problem });
  }
});
export type CustomerAdd = z.infer<typeof customerAddSchema>;

/**
 * PUT /customer/{id}/edit: domain.md's edit payload (snake_case, `final_address`), plus `version`
 * and `vat_id`. The IČO and DIČ checks need the stored values (a value is checked only when it
 * changes), so the server applies `companyIdIssues` after reading the row.
 */
export const customerEditSchema = z.object({
  first_name: required(100),
  last_name: required(100),
  organization_id: organizationIdSchema,
  organization_name: optional(200),
  /** Left out (a client that does not know the DIČ): the stored DIČ stays. */
  vat_id: z.string().trim().max(20).transform(normalizeDic).optional(),
  pre_phone: z.enum(phonePrefixCodes),
  phone: phoneSchema,
  email: emailSchema,
  final_address: required(300),
  town: required(100),
  zip: required(20),
  country: required(100),
  lat: latitude,
  lon: longitude,
  version: z.number().int().positive().max(2147483647).optional(),
});
export type CustomerEdit = z.infer<typeof customerEditSchema>;

export const customerSchema = z
  .object({
    id: z.number().int(),
    intern_id: z.number().int(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    organization_id: z.string(),
    organization_name: z.string(),
    /** DIČ of a company customer (decision 0037); empty for a person. */
    vat_id: z.string(),
    email: z.string(),
    phone: z.string(),
    pre_phone: z.enum(phonePrefixCodes),
    whole_phone: z.string(),
    address: z.object({
      full_address: z.string(),
      town: z.string(),
      zip_code: z.string(),
      country: z.string(),
      gps_lat: z.number(),
      gps_lon: z.number(),
      navigation_link: z.string(),
    }),
    to_contact: z.boolean(),
    version: z.number().int(),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;

export const customerDetailSchema = customerSchema
  .extend({ files: z.array(fileSchema) })
  .meta({ id: 'CustomerDetail' });

/** An order in the customer detail (domain.md §2.3 "Order summary"). */
export const customerOrderSchema = z.object({
  id: z.number().int(),
  intern_id: z.number().int(),
  created: z.string(),
  expected_delivery_date: z.string().nullable(),
  /** Beyond domain.md's summary: what the links may offer (edit and copy) and a state label. */
  hidden: z.boolean(),
  done: z.boolean(),
  warehouse: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

/** GET /customer/{id}: domain.md's keys `customer` and `orders`. */
export const customerDetailAnswerSchema = z.object({
  customer: customerDetailSchema,
  orders: z.array(customerOrderSchema),
});
export const customerAnswerSchema = z.object({ item: customerSchema });

/** Why an existing customer looks like the new one. */
export const customerMatchRules = ['phone', 'email', 'name_town'] as const;
export type CustomerMatchRule = (typeof customerMatchRules)[number];

/** An existing customer a new one may duplicate: only what picking or opening it needs. */
export const customerMatchSchema = z
  .object({
    id: z.number().int(),
    intern_id: z.number().int(),
    name: z.string(),
    organization_name: z.string(),
    town: z.string(),
    whole_phone: z.string(),
    email: z.string(),
    matched_by: z.array(z.enum(customerMatchRules)),
  })
  .meta({ id: 'CustomerMatch' });
export type CustomerMatch = z.infer<typeof customerMatchSchema>;

/** 409 / customerMayExist of a customer creation (POST /customer/add, POST /order/{id}/customer). */
export const customerMayExistAnswerSchema = z.object({
  error_code: z.number().int(),
  message: z.string(),
  customers: z.array(customerMatchSchema).optional(),
});

export const customerListQuerySchema = pagingQuerySchema.extend({
  internId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  fullName: z.string().trim().max(200).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(30).optional(),
  address: z.string().trim().max(300).optional(),
  /** Customers with an order (any state, drafts aside) from this warehouse. */
  warehouse: z.coerce.number().int().positive().max(2147483647).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export const customerListAnswerSchema = pagedAnswer(customerSchema);

/** A navigation link to the customer's door (domain.md §1.3 "navigation link"). */
export const navigationLink = (lat: number, lon: number) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat},${lon}`;
