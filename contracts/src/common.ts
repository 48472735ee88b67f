import { z } from 'zod';
import { daysBetween } from './rules/prague-day.ts';
import { firstPricedDay } from './rules/vat.ts';

/** Page sizes of domain.md §2.9; lists default to 10 rows. */
export const pageSizes = [10, 20, 50, 100, 1000] as const;

/**
 * Lists count at most this many rows and page no deeper (decision 0020): a total above it is shown as
 * "10 000+", and a page starting past it is refused; narrowing the filters finds older rows. Deep
 * OFFSETs and exact counts of a million orders would otherwise cost seconds.
 */
export const listTotalCap = 10_000;

export const pagingQuerySchema = z
  .object({
    current_page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce
      .number()
      .int()
      .refine((n) => (pageSizes as readonly number[]).includes(n), {
        message: 'per_page must be 10, 20, 50, 100 or 1000',
      })
      .default(10),
  })
  .refine((p) => (p.current_page - 1) * p.per_page < listTotalCap, {
    message: `pages start within the first ${listTotalCap} rows; narrow the filters to see older ones`,
    path: ['current_page'],
  });

export const pagedAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

/** A wall-clock time of day, HH:mm (00:00–23:59). */
export const clockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');

/** domain.md §3.3 Days the product deals in: the first and the last day any call takes. */
export const dayBounds = { first: '2000-01-01', last: '2100-12-31' } as const;

/**
 * The one day type of the API (domain.md §3.3): a real day as YYYY-MM-DD within `dayBounds`. The
 * bounds keep day arithmetic and the database's date types far from their edges.
 */
export const daySchema = z.iso.date().refine((day) => day >= dayBounds.first && day <= dayBounds.last, {
  message: `a day from ${dayBounds.first} to ${dayBounds.last}`,
});

/**
 * An order's delivery day, its day of supply (domain.md §3.3): a day the VAT table prices, from
 * `firstPricedDay` on.
 */
export const deliveryDaySchema = daySchema.refine((day) => day >= firstPricedDay, {
  message: `a delivery day from ${firstPricedDay} on (VAT is known from then)`,
});

/** A Prague wall-clock time of a delivery, YYYY-MM-DDTHH:mm (seconds :00 allowed), on a delivery day. */
export const deliveryWallClockSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:00)?$/, 'YYYY-MM-DDTHH:mm')
  .refine((text) => deliveryDaySchema.safeParse(text.slice(0, 10)).success, {
    message: `a delivery day from ${firstPricedDay} to ${dayBounds.last}`,
  });

/**
 * A range of days (domain.md §3.3): `to` never before `from`, and at most `maxDays` days long; the
 * problem is named on `to`. Runs also when a day failed its own check (zod runs an object's
 * refinements then too), so only two real days in bounds are compared.
 */
export function checkDayRange(
  range: { from: string; to?: string | undefined },
  ctx: z.RefinementCtx,
  maxDays: number,
): void {
  const { from, to } = range;
  if (to === undefined || !daySchema.safeParse(from).success || !daySchema.safeParse(to).success) return;
  const days = daysBetween(from, to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
  else if (days >= maxDays)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${maxDays} days` });
}

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export const okAnswerSchema = z.object({ ok: z.literal(true) });

export const itemsAnswer = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
