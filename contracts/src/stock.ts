import { z } from 'zod';
import { daySchema, pagedAnswer, pagingQuerySchema } from './common.ts';
import { measurementUnits, productTypes } from './products.ts';

/** Stock of products in warehouses and its ledger (domain.md §2.2, §2.3, §2.5, §2.7; §3.3 Stock). */

/** `opening_balance`: the stock brought from the old system (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md). */
export const stockChangeReasons = [
  'manual',
  'order_done',
  'order_undone',
  'conversion',
  'opening_balance',
] as const;
export type StockChangeReason = (typeof stockChangeReasons)[number];

/** Bound of one change (domain.md §2.5, §2.9). */
export const stockChangeLimit = 1_000_000;

/** Amounts are kept to two decimals: PRMS and PRMR are cubic metres, and conversions split them. */
const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** PUT /update_stock/{warehouseId}/{productId}: `amount` is the change, not the new total. */
export const stockUpdateSchema = z.object({
  amount: z
    .number()
    .min(-stockChangeLimit)
    .max(stockChangeLimit)
    .refine((n) => n !== 0, 'a change of 0 changes nothing')
    .refine(twoDecimals, 'at most two decimals'),
});
export type StockUpdate = z.infer<typeof stockUpdateSchema>;

export const stockPathSchema = z.object({
  warehouseId: z.coerce.number().int().positive().max(2147483647),
  productId: z.coerce.number().int().positive().max(2147483647),
});
export const warehouseIdPathSchema = stockPathSchema.pick({ warehouseId: true });

/** POST /warehouse/{id}/add_product: the warehouse starts keeping the product, at 0. */
export const addProductToWarehouseSchema = z.object({
  product_id: z.number().int().positive().max(2147483647),
});

export const stockProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shorten_name: z.string(),
  type: z.enum(productTypes),
  length: z.number(),
  measurement_unit: z.enum(measurementUnits),
  hidden: z.boolean(),
});

/**
 * A product's stock in one warehouse. `amount` is on hand (the ledger's sum). Decision 0064 added the
 * rest: `reserved` by the orders saved and neither done nor cancelled, `available` = amount −
 * reserved (below 0: promised more than is there), and `projected` on `projected_date` = amount −
 * the reserving orders due by that day (undated ones count as due now). Conversions take and give
 * stock when they are submitted, none is planned ahead, so only orders move the projection.
 */
const productStockFields = z.object({
  warehouse_id: z.number().int(),
  product: stockProductSchema,
  amount: z.number(),
  reserved: z.number(),
  available: z.number(),
  projected: z.number(),
  projected_date: z.string(),
});
export const productStockSchema = productStockFields.meta({ id: 'ProductStock' });
export type ProductStock = z.infer<typeof productStockSchema>;

/** The day the stock is projected for (Prague day, YYYY-MM-DD); today unless given. */
export const projectionQuerySchema = z.object({ date: daySchema.optional() });

export const productStockAnswerSchema = z.object({ item: productStockSchema });
export const productStockListQuerySchema = pagingQuerySchema.extend({
  name: z.string().trim().max(200).optional(),
  date: daySchema.optional(),
});
export const productStockListAnswerSchema = pagedAnswer(productStockSchema);

/** GET /product/{id}/stock (decision 0064): the product in every warehouse that keeps it. */
export const productStockByWarehouseAnswerSchema = z.object({
  items: z.array(
    productStockFields.extend({ warehouse_name: z.string() }).meta({ id: 'ProductStockInWarehouse' }),
  ),
});

/** One ledger row (domain.md §2.3 "Stock change: product_stock, amount, created"), with who and why. */
export const stockChangeSchema = z
  .object({
    id: z.number().int(),
    product_stock: z.object({
      warehouse_id: z.number().int(),
      product: z.object({ id: z.number().int(), name: z.string(), measurement_unit: z.string() }),
    }),
    /** The change, signed. */
    amount: z.number(),
    /** The stock right after this change. */
    amount_after: z.number(),
    reason: z.enum(stockChangeReasons),
    created: z.string(),
    created_by: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
    order_id: z.number().int().nullable(),
    /** The order's number (its variable symbol), shown instead of the internal id (decision 0024). */
    order_intern_id: z.number().int().nullable(),
    conversion_id: z.number().int().nullable(),
  })
  .meta({ id: 'StockChange' });
export type StockChange = z.infer<typeof stockChangeSchema>;

export const stockChangesQuerySchema = pagingQuerySchema.extend({
  product_id: z.coerce.number().int().positive().max(2147483647).optional(),
});
export const stockChangesAnswerSchema = pagedAnswer(stockChangeSchema);
