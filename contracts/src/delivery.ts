import { z } from 'zod';
import { dayBounds, daySchema } from './common.ts';
import { fileSchema } from './files.ts';

/**
 * Proof of delivery (domain.md §2.11, decision 0067): what the driver records at the door. The phone
 * may be offline, so each action carries an idempotency key (a UUID made when the driver pressed
 * the button): a retry of the same action is answered as done and writes nothing a second time.
 */
export const idempotencyKeySchema = z.uuid();

/** The phone's position when the driver allowed it; accuracy in metres. */
export const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).nullable(),
});
export type Position = z.infer<typeof positionSchema>;

/** When the driver pressed the button (the phone's clock); at most a week back, a little ahead. */
const actionTimeSchema = z.iso
  .datetime({ offset: true })
  .refine((text) => daySchema.safeParse(text.slice(0, 10)).success, {
    message: `a time from ${dayBounds.first} to ${dayBounds.last}`,
  });

/** POST /driver/order/:id/on_the_way (JSON). */
export const onTheWayBodySchema = z.object({
  key: idempotencyKeySchema,
  at: actionTimeSchema,
  position: positionSchema.nullable().default(null),
});
export type OnTheWayBody = z.infer<typeof onTheWayBodySchema>;

/**
 * The `delivery` field of POST /driver/order/:id/delivered (multipart, with the `signature` PNG
 * and up to five `photo` images). A line left out was delivered whole; a line delivered in
 * another amount (a partial delivery, a returned item) needs a reason.
 */
export const deliveryRecordSchema = z.object({
  key: idempotencyKeySchema,
  at: actionTimeSchema,
  receiver_name: z.string().trim().min(1).max(120),
  position: positionSchema.nullable().default(null),
  lines: z
    .array(
      z.object({
        id: z.number().int().positive().max(2147483647),
        delivered_amount: z.number().min(0).max(1_000_000_000),
        reason: z.string().trim().max(300).default(''),
      }),
    )
    .max(500)
    .default([]),
  /** Cash the driver took (cash orders only); null: the customer paid nothing at the door. */
  cash_received: z.number().min(0).max(100_000_000).nullable().default(null),
  note: z.string().trim().max(1000).default(''),
});
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;
export type DeliveryRecordInput = z.input<typeof deliveryRecordSchema>;

/**
 * The money of a delivered order (domain.md §2.13): totals as ordered and as delivered, the amount
 * due for what was delivered, and for a cash order what the cash leaves: a balance to pay by
 * transfer when short, an excess (explained in the note) when above.
 */
export const deliveredMoneySchema = z.object({
  ordered_price_with_vat: z.number(),
  price_with_vat: z.number(),
  amount_due: z.number(),
  rounding: z.number(),
  ordered_amount_due: z.number(),
  /** Cash orders: what stays to pay by transfer after the cash taken (exact); else 0. */
  balance: z.number(),
  /** Cash orders: the cash taken beyond the amount due; else 0. */
  excess: z.number(),
});
export type DeliveredMoneyAnswer = z.infer<typeof deliveredMoneySchema>;

/** GET /order/:id/delivery: the proof as the office sees it (null: nothing recorded yet). */
export const deliveryProofSchema = z.object({
  driver: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  on_the_way_at: z.string().nullable(),
  /** When the driver recorded the delivery (the phone's clock), and when it reached the server. */
  delivered_at: z.string().nullable(),
  received_at: z.string().nullable(),
  receiver_name: z.string(),
  position: positionSchema.nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      measurement_unit: z.string(),
      ordered_amount: z.number(),
      delivered_amount: z.number(),
      reason: z.string(),
    }),
  ),
  cash_received: z.number().nullable(),
  currency: z.string().nullable(),
  /** Null until delivered. */
  money: deliveredMoneySchema.nullable(),
  /** The office confirmed the cash was handed in (the order's collect_revenue). */
  cash_handed_in_at: z.string().nullable(),
  note: z.string(),
  signature: fileSchema.nullable(),
  photos: z.array(fileSchema),
  /**
   * Decision 0074 (domain.md §2.11): the office set the delivered order back (`undone`) or
   * cancelled it; the proof is kept for the record only, its amounts and cash no longer count.
   */
  voided: z
    .object({
      at: z.string(),
      by: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
      reason: z.enum(['undone', 'cancelled']),
    })
    .nullable(),
});
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;

export const deliveryAnswerSchema = z.object({ delivery: deliveryProofSchema.nullable() });

/** The cash a driver holds: received at the door, not yet confirmed as handed in by the office. */
export const cashOnHandSchema = z.array(
  z.object({
    currency: z.string(),
    total: z.number(),
    orders: z.array(z.object({ id: z.number().int(), intern_id: z.number().int(), amount: z.number() })),
  }),
);
export type CashOnHand = z.infer<typeof cashOnHandSchema>;
