import { z } from 'zod';

/** Page sizes of domain.md §2.9; lists default to 10 rows. */
export const pageSizes = [10, 20, 50, 100, 1000] as const;

/**
 * Lists count at most this many rows and page no deeper (issue 9): a total above it is shown as
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

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export const okAnswerSchema = z.object({ ok: z.literal(true) });

export const itemsAnswer = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
