import { z } from 'zod';
import { clockSchema, daySchema, deliveryDaySchema } from './common.ts';
import { orderSchema } from './orders.ts';

/** The delivery calendar's orders (domain.md §1.2 Dashboard, §1.7 GET /api/get-orders). */

/** At most this many days at once (a week is 7, a month view 42). */
export const calendarOrderMaxDays = 62;

/** A list in a query string: repeated (`dates=a&dates=b`), comma-separated, or both. */
const queryList = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (raw) =>
      (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    z.array(item).max(max),
  );

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/**
 * GET /api/get-orders: the orders to deliver on `dates` from `warehouses`. `show_cobined` (spelt
 * so) adds every other warehouse's orders, for the intern step's day calendar, which shows what
 * the drivers and cars do wherever they load; `id_out` leaves out the order being edited.
 */
export const calendarOrdersQuerySchema = z.object({
  warehouses: queryList(z.coerce.number().int().positive().max(2147483647), 1000),
  dates: queryList(daySchema, calendarOrderMaxDays),
  show_cobined: flag,
  id_out: z.coerce.number().int().positive().max(2147483647).optional(),
  /**
   * Decision 0049: `calendar` answers only what the week and day calendars draw (`CalendarWeek`, about
   * a tenth of the bytes); without it, the full orders as ever (domain.md §1.7, old clients).
   */
  view: z
    .enum(['full', 'calendar'])
    .default('full')
    .meta({
      description:
        '`calendar`: the lean answer CalendarWeek (what the calendars draw; the overlay loads GET /order/{id}). ' +
        'Default `full`: `{ data }` with whole orders.',
    }),
});
export type CalendarOrdersQuery = z.infer<typeof calendarOrdersQuerySchema>;

/** An order on the calendar: the order of GET /order/{id} without its files. */
export const calendarOrderSchema = orderSchema.omit({ files: true }).meta({ id: 'CalendarOrder' });
export type CalendarOrder = z.infer<typeof calendarOrderSchema>;
export const calendarOrdersAnswerSchema = z.object({ data: z.array(calendarOrderSchema) });

/**
 * Decision 0049, `view=calendar`: one order as the calendars draw it, in domain.md's field names where
 * the field is the order's own. Its warehouse, driver and car are ids into the answer's lists.
 */
export const calendarWeekOrderSchema = z
  .object({
    id: z.number().int(),
    intern_id: z.number().int(),
    /** The order's version, for a drag's reschedule (PUT /order/{id}/reschedule). */
    version: z.number().int(),
    expected_delivery_time: z.string().nullable(),
    expected_delivery_duration: z.number().int(),
    /** Minutes of travel each way (a personal collection draws none). */
    duration: z.number().int(),
    calendar_name: z.string(),
    warehouse_id: z.number().int().nullable(),
    /** Null: a personal collection (domain.md §1.2 step 3), or a car without a driver yet. */
    driver_id: z.number().int().nullable(),
    car_id: z.number().int().nullable(),
    done: z.boolean(),
    prepared: z.boolean(),
    /** `collected_revenue_at` is set (domain.md §1.2: the paid mark). */
    paid: z.boolean(),
  })
  .meta({ id: 'CalendarWeekOrder' });
export type CalendarWeekOrder = z.infer<typeof calendarWeekOrderSchema>;

/** `view=calendar`: the orders by day (the asked days that have any, in order), and what they name. */
export const calendarWeekSchema = z
  .object({
    days: z.array(z.object({ date: daySchema, orders: z.array(calendarWeekOrderSchema) })),
    warehouses: z.array(
      z.object({ id: z.number().int(), name: z.string(), color: z.string(), text_color: z.string() }),
    ),
    drivers: z.array(z.object({ id: z.number().int(), name: z.string() })),
    cars: z.array(z.object({ id: z.number().int(), name: z.string(), hex_color: z.string() })),
  })
  .meta({ id: 'CalendarWeek' });
export type CalendarWeek = z.infer<typeof calendarWeekSchema>;

/** Either answer of GET /api/get-orders, by `view`. */
export const calendarAnswerSchema = z.union([calendarOrdersAnswerSchema, calendarWeekSchema]);

/**
 * PUT /order/{id}/reschedule (beyond domain.md: dragging an order on the calendar). The new
 * delivery day and time (Prague clock); clashes answer 409 / 141 as the intern step does until
 * `confirm_overlap` is true; `version` is the order's as the calendar loaded it.
 */
export const orderRescheduleSchema = z.object({
  expected_delivery_date: deliveryDaySchema,
  expected_delivery_time: clockSchema,
  confirm_overlap: z.boolean().default(false),
  version: z.number().int().nonnegative().max(2147483647),
});
export type OrderReschedule = z.infer<typeof orderRescheduleSchema>;
