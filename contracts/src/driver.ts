import { z } from 'zod';
import { daySchema } from './common.ts';
import { cashOnHandSchema, deliveredMoneySchema } from './delivery.ts';

/**
 * "Můj den" (domain.md §2.11): the signed-in driver's orders of a day and the next, in delivery order,
 * with what a driver needs at the door: who, where (and how to get there), what, how much to
 * collect. Only the driver's own orders; cancelled orders and drafts are not deliveries.
 */
export const driverDayQuerySchema = z.object({
  /** The first day shown (Prague); the next day comes with it. Default: today. */
  date: daySchema.optional(),
  /** The office (owner, dispatcher) looks at a driver's day; a driver sees only their own. */
  driver: z.coerce.number().int().positive().max(2147483647).optional(),
});

export const driverStopSchema = z.object({
  id: z.number().int(),
  intern_id: z.number().int(),
  date: z.string(),
  /** HH:mm, or null: any time that day. */
  time: z.string().nullable(),
  /** Minutes the delivery is planned to take. */
  duration: z.number().int(),
  done: z.boolean(),
  customer: z.object({
    name: z.string(),
    organization: z.string(),
    /** E.164 for a tap-to-call link, or empty. */
    phone: z.string(),
  }),
  address: z.object({
    full_address: z.string(),
    town: z.string(),
    zip_code: z.string(),
    gps_lat: z.number(),
    gps_lon: z.number(),
    /** The customer's navigation link (a map that starts the route to the place). */
    navigation_link: z.string(),
  }),
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** As delivered once delivered (domain.md §2.13), else as ordered. */
      amount: z.number(),
      /** As ordered, shown beside a delivered amount that differs. */
      ordered_amount: z.number(),
      measurement_unit: z.string(),
      /** Unit price with VAT and the discount as a multiplier: the dialog's total as the driver types. */
      price: z.number(),
      discount: z.number(),
    }),
  ),
  /** The delivery's price with VAT (does not depend on the goods). */
  delivery_price: z.number(),
  payment_type: z.enum(['cash', 'qr_transfer']),
  /** What the customer pays; for cash rounded to whole crowns as the law allows (domain.md §4). */
  amount_to_pay: z.number(),
  cash_rounding: z.number(),
  currency: z.string().nullable(),
  note: z.string(),
  /** The yard the goods leave from; its coordinates start the day's route (0, 0: unknown). */
  warehouse: z
    .object({ id: z.number().int(), name: z.string(), gps_lat: z.number(), gps_lon: z.number() })
    .nullable(),
  /** Decision 0067: the driver said they are on the way (the phone's clock). */
  on_the_way_at: z.string().nullable(),
  /** The proof of delivery the driver recorded, in short (the office reads it whole on the order). */
  delivered: z
    .object({
      at: z.string(),
      receiver_name: z.string(),
      /** Some line was delivered in another amount than ordered. */
      partial: z.boolean(),
      cash_received: z.number().nullable(),
      /** What the delivered goods cost and what the cash leaves owed (domain.md §2.13). */
      money: deliveredMoneySchema,

      /**
       * Decision 0074: when the office set the delivery back (undone, cancelled); the record stays,
       * its cash is not on the driver's hands, and the driver does not record it again.
       */
      voided_at: z.string().nullable().optional(),
    })
    .nullable(),
  /** The office confirmed the order's money (collect_revenue): cash handed in, or a transfer paid. */
  paid: z.boolean(),
});
export type DriverStop = z.infer<typeof driverStopSchema>;

export const driverDayAnswerSchema = z.object({
  driver: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  days: z.array(z.object({ date: z.string(), stops: z.array(driverStopSchema) })),
  /** Cash the driver took at doors and the office has not yet confirmed as handed in. */
  cash_on_hand: cashOnHandSchema,
});
export type DriverDayAnswer = z.infer<typeof driverDayAnswerSchema>;
