import { z } from 'zod';
import { checkDayRange, daySchema } from './common.ts';

/** Delivery notes and the orders PDF (domain.md §1.2 list and detail modals, §1.5, §1.6, §1.7). */

export const deliveryNoteLanguages = ['cs', 'de'] as const;
export type DeliveryNoteLanguage = (typeof deliveryNoteLanguages)[number];

/** One merged PDF holds at most this many orders; more is refused (memory stays bounded). */
export const maxMergedDeliveryNotes = 500;
/** The orders PDF covers at most this many days. */
export const ordersPdfMaxDays = 62;

const id = z.coerce.number().int().positive().max(2147483647);
const language = z.enum(deliveryNoteLanguages).default('cs');

/** GET /order/{id}/get_delivery_note */
export const deliveryNoteQuerySchema = z.object({ supplier: id, language });
export type DeliveryNoteQuery = z.infer<typeof deliveryNoteQuerySchema>;

/** `orders=1&orders=2`, `orders=1,2` and `orders[]=1` alike: one list of ids. */
function ordersList(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  const { 'orders[]': bracketed, orders, ...rest } = query as Record<string, unknown>;
  const raw = [orders, bracketed].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
  const ids = raw
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return { ...rest, orders: ids };
}

/** GET /download_multiple_delivery_notes: at least one order (domain.md §1.5), at most 500. */
export const multipleDeliveryNotesQuerySchema = z.preprocess(
  ordersList,
  z.object({
    orders: z.array(id).min(1).max(maxMergedDeliveryNotes),
    supplier: id,
    language,
  }),
);
export type MultipleDeliveryNotesQuery = z.infer<typeof multipleDeliveryNotesQuerySchema>;

/** GET /download-orders: a warehouse and a from date are required (domain.md §1.5); `to` defaults to `from`. */
export const ordersPdfQuerySchema = z
  .object({ warehouse: id, from: daySchema, to: daySchema.optional() })
  .superRefine((q, ctx) => checkDayRange(q, ctx, ordersPdfMaxDays));
export type OrdersPdfQuery = z.infer<typeof ordersPdfQuerySchema>;
