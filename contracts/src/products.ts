import { z } from 'zod';
import { daySchema, pagedAnswer, pagingQuerySchema } from './common.ts';
import { currencies } from './rules/money.ts';
import { allVatRates } from './rules/vat.ts';

/** Products and their prices per warehouse and currency (domain.md §2.3, §2.5, §2.7; §1.3, §1.7). */

export const productTypes = ['Měkké', 'Tvrdé', 'Doplňkový prodej'] as const;
export type ProductType = (typeof productTypes)[number];
/** Soft or hard wood; additional sale goods may have neither. */
export const productSubtypes = ['soft', 'hard'] as const;
export const measurementUnits = ['PRMS', 'PRMR'] as const;
/**
 * VAT rates in percent: every rate of the VAT table (contracts/rules/vat.ts), so domain.md §2.9's
 * 0, 10, 13, 15, 20, 21 and the Czech 12 % since 2024. Which of them a price may carry depends on
 * its currency's country and its from_date (decision 0038): the server checks that (vatRateNotValidOnDate).
 */
export const vatRates: readonly number[] = allVatRates;
/** domain.md §2.9's default; a form offers it only where it is valid (it is the standard CZ rate). */
export const defaultVat = 21;

export const currencySchema = z.enum(currencies);
export const vatSchema = z
  .number()
  .int()
  .refine((v) => vatRates.includes(v), `VAT must be one of ${allVatRates.join(', ')}`);
/** A price with VAT, 0 to 1 000 000 (domain.md §2.5), at most two decimals. */
export const priceSchema = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'at most two decimals');

const id = z.number().int().positive().max(2147483647);

/** One line of the add form's price part; without `warehouse` it applies to every warehouse. */
export const priceFormLineSchema = z.object({
  warehouse: id.optional(),
  currency: currencySchema,
  price: priceSchema,
  vat: vatSchema.default(defaultVat),
});

export const productAddSchema = z.object({
  name: z.string().trim().min(1).max(200),
  shorten_name: z.string().trim().min(1).max(50),
  type: z.enum(productTypes),
  subtype: z.enum(productSubtypes).nullable().default(null),
  length: z.number().int().min(0).max(1_000_000),
  measurement_unit: z.enum(measurementUnits),
  description: z.string().trim().max(2000).default(''),
  priceForm: z.array(priceFormLineSchema).max(200).default([]),
});
export type ProductAdd = z.infer<typeof productAddSchema>;

/** PUT /product/{id}/change_price: domain.md's price change payload. */
export const priceChangeSchema = z.object({
  product_id: id,
  warehouse: id,
  currency: currencySchema,
  price: priceSchema,
  vat: vatSchema.default(defaultVat),
  from_date: daySchema,
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const productPriceSchema = z.object({
  id: z.number().int(),
  warehouse: z.object({ id: z.number().int(), name: z.string() }),
  currency: currencySchema,
  amount: z.number(),
  vat: z.number().int(),
  from_date: z.string(),
});
export type ProductPrice = z.infer<typeof productPriceSchema>;

export const productBaseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shorten_name: z.string(),
  type: z.enum(productTypes),
  subtype: z.enum(productSubtypes).nullable(),
  length: z.number(),
  measurement_unit: z.enum(measurementUnits),
});

export const productSchema = productBaseSchema
  .extend({
    description: z.string(),
    hidden: z.boolean(),
    /** The prices in force today, one per warehouse and currency. */
    prices: z.array(productPriceSchema),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const productDetailSchema = productSchema
  .extend({
    /** Every price ever set, future ones included, newest first. */
    price_history: z.array(productPriceSchema.extend({ created: z.string() })),
  })
  .meta({ id: 'ProductDetail' });

export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productAnswerSchema = z.object({ item: productDetailSchema });

export const productListQuerySchema = pagingQuerySchema.extend({
  name: z.string().trim().max(200).optional(),
  type: z.enum(productTypes).optional(),
  /** `false` lists only products on offer, `true` only removed ones; absent lists all. */
  hidden: z.enum(['true', 'false']).optional(),
});
export const productListAnswerSchema = pagedAnswer(productSchema);
export const unhiddenProductsAnswerSchema = z.object({ items: z.array(productBaseSchema) });
export type ProductBase = z.infer<typeof productBaseSchema>;

/** A product as the order items step uses it (domain.md §1.3). */
export const availableProductSchema = productBaseSchema
  .extend({
    pricesWithVat: z.array(z.object({ currency: currencySchema, amount: z.number() })),
    vats: z.array(z.object({ currency: currencySchema, vat: z.number().int() })),
  })
  .meta({ id: 'AvailableProduct' });
export type AvailableProduct = z.infer<typeof availableProductSchema>;

export const availableProductsQuerySchema = z.object({
  warehouse_id: z.coerce.number().int().positive().max(2147483647),
  currency: currencySchema,
});
export const availableProductsAnswerSchema = z.object({
  products_types: z.array(
    z.object({ name: z.enum(productTypes), products: z.array(availableProductSchema) }),
  ),
});
