import { z } from 'zod';
import { calculationTypes } from './rules/conversion.ts';

/** Product conversion on a warehouse (domain.md §2.2, §2.3, §2.7; §3.3). */

export const maxConversionProducts = 3;
const productId = z.number().int().positive().max(2147483647);
const amount = z
  .number()
  .gt(0)
  .max(1_000_000)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'at most two decimals');
/** The bounds of a conversion's coefficient (output total ÷ input total), given or computed. */
export const minCoefficient = 0.0001;
export const maxCoefficient = 1000;
export const coefficientSchema = z
  .number()
  .gt(0)
  .max(maxCoefficient)
  .refine((n) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6, 'at most four decimals');

/** `12:3.5,14` → [{ product_id: 12, amount: 3.5 }, { product_id: 14 }]: a side in a query string. */
const sideParam = z
  .string()
  .trim()
  .min(1)
  .transform((text, ctx) => {
    const lines = text.split(',').map((part) => {
      const [id, value, ...rest] = part.split(':');
      return { product_id: Number(id), amount: value === undefined ? undefined : Number(value), rest };
    });
    const parsed = z
      .array(z.object({ product_id: productId, amount: amount.optional(), rest: z.array(z.string()).max(0) }))
      .min(1)
      .max(maxConversionProducts)
      .safeParse(lines);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        message: 'one to three productId or productId:amount, comma-separated',
      });
      return z.NEVER;
    }
    return parsed.data.map(({ product_id, amount }) => ({ product_id, amount }));
  });

type Side = { product_id: number; amount?: number | undefined }[];

/** The amounts the calculation type needs, and one product on one side only. */
function checkRequest(
  value: { calculation_type: string; inputs: Side; outputs: Side; coefficient?: number | undefined },
  ctx: z.RefinementCtx,
) {
  const needs = {
    knowInputOutput: { inputs: true, outputs: true, coefficient: false },
    knowInputKoeficient: { inputs: true, outputs: false, coefficient: true },
    knowOutputKoeficient: { inputs: false, outputs: true, coefficient: true },
  }[value.calculation_type];
  if (!needs) return;
  for (const side of ['inputs', 'outputs'] as const) {
    if (needs[side] && value[side].some((l) => l.amount === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [side],
        message: `${value.calculation_type} needs every ${side} amount`,
      });
    }
  }
  if (needs.coefficient && value.coefficient === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['coefficient'],
      message: `${value.calculation_type} needs the coefficient`,
    });
  }
  const ids = [...value.inputs, ...value.outputs].map((l) => l.product_id);
  if (new Set(ids).size !== ids.length) {
    ctx.addIssue({ code: 'custom', path: ['outputs'], message: 'a product appears once, on one side' });
  }
}

/** GET /warehouse/{id}/product_conversions: the chosen calculation. */
export const conversionQuerySchema = z
  .object({
    calculation_type: z.enum(calculationTypes),
    inputs: sideParam,
    outputs: sideParam,
    coefficient: z.coerce.number().pipe(coefficientSchema).optional(),
  })
  .superRefine(checkRequest);
export type ConversionQuery = z.infer<typeof conversionQuerySchema>;

const lineSchema = z.object({ product_id: productId, amount });
/** PUT /warehouse/{id}/product_conversion/submit: the chosen option, amounts on both sides. */
export const conversionSubmitSchema = z
  .object({
    calculation_type: z.enum(calculationTypes),
    inputs: z.array(lineSchema).min(1).max(maxConversionProducts),
    outputs: z.array(lineSchema).min(1).max(maxConversionProducts),
    coefficient: coefficientSchema.optional(),
  })
  .superRefine(checkRequest);
export type ConversionSubmit = z.infer<typeof conversionSubmitSchema>;

const productRef = z.object({ id: z.number().int(), name: z.string(), measurement_unit: z.string() });
const optionLine = z.object({ product: productRef, amount: z.number(), stock: z.number() });

export const conversionOptionSchema = z
  .object({ inputs: z.array(optionLine), outputs: z.array(optionLine), coefficient: z.number() })
  .meta({ id: 'ConversionOption' });

/** `error` is domain.md's flag for "no option": the stock covers none. */
export const conversionOptionsAnswerSchema = z.object({
  items: z.array(conversionOptionSchema),
  error: z.boolean(),
});

const doneLine = z.object({ product: productRef, amount: z.number(), amount_after: z.number() });
export const conversionSchema = z
  .object({
    id: z.number().int(),
    warehouse_id: z.number().int(),
    calculation_type: z.enum(calculationTypes),
    coefficient: z.number(),
    inputs: z.array(doneLine),
    outputs: z.array(doneLine),
    created: z.string(),
  })
  .meta({ id: 'Conversion' });
export const conversionAnswerSchema = z.object({ item: conversionSchema });
