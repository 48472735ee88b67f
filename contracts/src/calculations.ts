import { z } from 'zod';
import { discountSchema, distanceSchema, durationSchema, lineAmountSchema } from './order-steps.ts';
import { availableProductsAnswerSchema, currencySchema, priceSchema, vatSchema } from './products.ts';
import { warehouseAddressSchema } from './warehouses.ts';

/**
 * The calculations page (domain.md §3.3 Calculations page): a quote from a warehouse, a currency,
 * products with amounts and a destination, priced by the items step's rules
 * (rules/order-price.ts) without creating an order; a quote can then become an order draft.
 */

const id = z.number().int().positive().max(2147483647);

/** The destination: coordinates (picked from an address, a map or typed), or a distance typed by hand. */
export const destinationSchema = z.object({
  gps_lat: z.number().min(-90).max(90),
  gps_lon: z.number().min(-180).max(180),
});

export const calculationPayloadSchema = z
  .object({
    warehouse_id: id,
    currency: currencySchema,
    products: z
      .array(
        z.object({
          id,
          amount: lineAmountSchema,
          /** Unit price with VAT; left out: the price in force there today. */
          price: priceSchema.optional(),
          discount: discountSchema.optional(),
        }),
      )
      .max(200),
    destination: destinationSchema.nullable().optional(),
    /** One way, km: typed instead of (or over) the estimate from the destination. */
    distance: distanceSchema.optional(),
    duration: durationSchema.optional(),
    delivery_price_amount: priceSchema.optional(),
    /** Spelt so by domain.md (domain.md §1.3), as on the order. */
    minimim_delivery_price: priceSchema.optional(),
  })
  .superRefine((p, ctx) => {
    const ids = p.products.map((l) => l.id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['products'], message: 'a product twice on one quote' });
    }
  });
export type CalculationPayload = z.infer<typeof calculationPayloadSchema>;

export const calculationLineSchema = z.object({
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    shorten_name: z.string(),
    measurement_unit: z.string(),
  }),
  amount: z.number(),
  price: z.number(),
  vat: vatSchema,
  discount: z.number(),
  total_price_vat: z.number(),
  total_price: z.number(),
});
export type CalculationLine = z.infer<typeof calculationLineSchema>;

export const calculationAnswerSchema = z.object({
  warehouse: z.object({ id: z.number().int(), name: z.string(), address: warehouseAddressSchema }),
  currency: currencySchema,
  lines: z.array(calculationLineSchema),
  /** One way, km and minutes, and whether they are the estimate of rules/distance.ts. */
  distance: z.number(),
  duration: z.number().int(),
  estimate: z.boolean(),
  delivery_price: z.object({ amount: z.number(), minimum_price: z.number(), price: z.number() }),
  product_prices: z.number(),
  total_price: z.number(),
  total_price_vat: z.number(),
  price_with_vat: z.number(),
});
export type CalculationAnswer = z.infer<typeof calculationAnswerSchema>;

/** GET /calculation/warehouses: the warehouses in use, with the address a distance starts from. */
export const calculationWarehousesAnswerSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      color: z.string(),
      text_color: z.string(),
      address: warehouseAddressSchema,
    }),
  ),
});
export type CalculationWarehouse = z.infer<typeof calculationWarehousesAnswerSchema>['items'][number];

/** GET /calculation/products: what the warehouse sells today in the currency. */
export const calculationProductsAnswerSchema = availableProductsAnswerSchema;

/** POST /calculation/order: the draft order made from the quote. */
export const calculationOrderAnswerSchema = z.object({ id: z.number().int() });
