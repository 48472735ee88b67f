import { z } from 'zod';

/** Page sizes of part 2 §9; lists default to 10 rows. */
export const pageSizes = [10, 20, 50, 100, 1000] as const;

export const pagingQuerySchema = z.object({
  current_page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (pageSizes as readonly number[]).includes(n), {
      message: 'per_page must be 10, 20, 50, 100 or 1000',
    })
    .default(10),
});

export const pagedAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export const okAnswerSchema = z.object({ ok: z.literal(true) });

export const itemsAnswer = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
