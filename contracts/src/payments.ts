import { z } from 'zod';
import { currencySchema } from './products.ts';
import { mailLanguages } from './rules/mail-language.ts';

/**
 * QR payment of an order (domain.md §1.2 detail modals, §1.5, §1.6; §3.3 QR payment): the QR built
 * locally from the supplier's account, and the same QR e-mailed to the customer.
 */

const supplierId = z.coerce.number().int().positive().max(2147483647);

/** GET /order/{id}/qr_payment?supplier=<id> */
export const qrPaymentQuerySchema = z.object({ supplier: supplierId });
export type QrPaymentQuery = z.infer<typeof qrPaymentQuerySchema>;

/** The side of the QR image in pixels (domain.md §1.9). */
export const qrImageSize = 350;

export const qrPaymentSchema = z
  .object({
    /** `data:image/png;base64,…`, 350 × 350 px, error correction M. */
    image: z.string(),
    /** What the QR asks for: the total with VAT, for CZK rounded to whole koruny. */
    amount: z.number(),
    /** The order's total with VAT; for a delivered cash order, the balance its cash left (domain.md §2.13). */
    original_amount: z.number(),
    /** True when the QR pays the balance a delivered cash order's cash left, not the whole total. */
    for_balance: z.boolean().optional(),
    /** True when the amount was rounded (the modal then warns). */
    rounded: z.boolean(),
    currency: currencySchema,
    /** The order number (intern_id). */
    variable_symbol: z.string(),
    /** The supplier's IBAN, electronic form (CZ6508000000192000145399). */
    iban: z.string(),
    /** What the QR encodes: the SPAYD string for CZK, the EPC (SEPA) payload for EUR. */
    spayd: z.string(),
    /** Which of the two `spayd` holds. */
    format: z.enum(['spayd', 'epc']),
    /** Decision 0036: the supplier bank's BIC when known (the EPC code carries it), else null. */
    bic: z.string().nullable(),
    /** Decision 0036: the message for the payee (SPAYD's MSG) or the EPC's remittance text. */
    message: z.string(),
  })
  .meta({ id: 'QrPayment' });
export type QrPayment = z.infer<typeof qrPaymentSchema>;

/**
 * POST /order/{id}/send_email_qr: `supplier_id` as domain.md has it; `language` (decision 0036, optional)
 * overrides the language taken from the customer's country (rules/mail-language).
 */
export const sendEmailQrBodySchema = z.object({
  supplier_id: supplierId,
  language: z.enum(mailLanguages).optional(),
});
export type SendEmailQrBody = z.infer<typeof sendEmailQrBodySchema>;

export const sendEmailQrAnswerSchema = z.object({
  sent: z.literal(true),
  /** The customer's address the e-mail went to. */
  to: z.string(),
  /** The language it was written in. */
  language: z.enum(mailLanguages),
});
export type SendEmailQrAnswer = z.infer<typeof sendEmailQrAnswerSchema>;
