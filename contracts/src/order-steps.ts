import { z } from 'zod';
import { clockSchema, deliveryDaySchema, deliveryWallClockSchema } from './common.ts';
import { customerAddFieldsSchema, customerAddSchema, customerSchema } from './customers.ts';
import { orderSchema, paymentTypes } from './orders.ts';
import { type availableProductsAnswerSchema, currencySchema, priceSchema } from './products.ts';
import { collectionClears } from './rules/collection.ts';
import { carSchema, staffMemberSchema, warehouseAddressSchema } from './warehouses.ts';

/** The three steps of creating or editing an order (domain.md §1.2, §1.4, §1.5, §1.7). */

const id = z.number().int().positive().max(2147483647);
const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
/** Optimistic concurrency: the version the page was loaded with; a stale one answers 409. */
const version = z.number().int().positive().max(2147483647).optional();

/** GET /api/get-customers/phone: each given field narrows; none given finds nothing. */
export const customerSearchQuerySchema = z.object({
  phone: z.string().trim().max(30).optional(),
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
});
/** At most this many candidates come back. */
export const customerSearchLimit = 20;
export const customerSearchAnswerSchema = z.object({ data: z.array(customerSchema) });

/**
 * Whole-order round trip (decision 0025): the save calls take the order as GET /order/{id} answers it.
 * Its nested `customer`, `warehouse`, `driver`, `car` and `default_supplier` objects stand for the
 * plain ids when those are left out (only their `id` is read); every other key of the answer is
 * read-only and stripped, never applied.
 */
const echoed = z.object({ id }).nullable().optional();
/** An id sent plainly wins; else the echoed object's (null: none); neither: left out. */
const idOrEchoed = (plain: number | null | undefined, object: { id: number } | null | undefined) =>
  plain !== undefined ? plain : object === undefined ? undefined : (object?.id ?? null);

/**
 * POST /order/{id}/customer: `id_found` picks an existing customer; without it the body is the
 * add-customer form (contracts customers: create payload) and the customer is created. The order's
 * `customer` object picks its customer when neither `id_found` nor the form's names are sent; the
 * order's `address` object (the customer's, read-only) is ignored.
 */
/** `id_found`, else the echoed order's customer unless the add form's names are sent. */
const pickedCustomer = (value: {
  id_found?: number | undefined;
  customer?: { id: number } | null | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}) =>
  value.id_found ??
  (value.firstName === undefined && value.lastName === undefined ? value.customer?.id : undefined);

export const orderCustomerPayloadSchema = customerAddFieldsSchema
  .partial()
  .extend({
    id_found: id.optional(),
    customer: echoed,
    address: z
      .union([
        customerAddFieldsSchema.shape.address,
        z
          .object({})
          .nullable()
          .transform(() => undefined),
      ])
      .optional(),
    version,
  })
  .superRefine((value, ctx) => {
    if (pickedCustomer(value) !== undefined) return;
    const parsed = customerAddSchema.safeParse(value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  })
  .transform(({ customer, ...value }) => ({ ...value, id_found: pickedCustomer({ ...value, customer }) }));
export type OrderCustomerPayload = z.infer<typeof orderCustomerPayloadSchema>;

/** domain.md §1.5: amount at least 1, two decimals (stock is kept in hundredths). */
export const lineAmountSchema = z.number().min(1).max(1_000_000).refine(twoDecimals, 'at most two decimals');
export const discountSchema = z.number().min(0).max(1);
export const distanceSchema = z.number().min(0).max(10_000).refine(twoDecimals, 'at most two decimals');
export const durationSchema = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);

/**
 * POST /order/{id}/items: the whole order may be sent; these fields are read. Lines name their
 * product by `product.product.id`; `product.amount` is the unit price with VAT (domain.md §1.5: min 0),
 * left out for a new line it is the price in force. The VAT of a line comes from the price list.
 */
export const orderItemsPayloadSchema = z
  .object({
    warehouse_id: id.optional(),
    warehouse: echoed,
    currency: currencySchema,
    products: z
      .array(
        z.object({
          amount: lineAmountSchema,
          product: z.object({
            product: z.object({ id }),
            amount: priceSchema.optional(),
            discount: discountSchema.optional(),
          }),
        }),
      )
      .max(200),
    distance: distanceSchema.optional(),
    duration: durationSchema.optional(),
    delivery_price_amount: priceSchema.optional(),
    /** Spelt so by domain.md (domain.md §1.3). */
    minimim_delivery_price: priceSchema.optional(),
    version,
    /** Decision 0064: save even when products are short (409 / 144), for the reason given. */
    confirm_short_stock: z.boolean().optional(),
    short_stock_reason: z.string().trim().max(500).optional(),
  })
  .transform(({ warehouse, ...rest }, ctx) => {
    const warehouseId = idOrEchoed(rest.warehouse_id, warehouse);
    if (warehouseId == null) {
      ctx.addIssue({ code: 'custom', path: ['warehouse_id'], message: 'required' });
      return z.NEVER;
    }
    if (rest.confirm_short_stock && !rest.short_stock_reason) {
      ctx.addIssue({ code: 'custom', path: ['short_stock_reason'], message: 'a reason is required' });
      return z.NEVER;
    }
    return { ...rest, warehouse_id: warehouseId };
  });
export type OrderItemsPayload = z.infer<typeof orderItemsPayloadSchema>;

/**
 * A product the items would take below its available stock in the order's warehouse (decision 0064):
 * `available` counts this order's own reservation back (what it may take), `asked` its new amount.
 */
export const shortStockSchema = z
  .object({
    product_id: z.number().int(),
    name: z.string(),
    measurement_unit: z.string(),
    available: z.number(),
    asked: z.number(),
  })
  .meta({ id: 'ShortStock' });
export type ShortStock = z.infer<typeof shortStockSchema>;

/** A 409 of the items save: with `short` (error_code 144) it asks for a confirmed reason. */
export const itemsConflictAnswerSchema = z.object({
  error_code: z.number().int(),
  message: z.string(),
  short: z.array(shortStockSchema).optional(),
});
export type ItemsConflictAnswer = z.infer<typeof itemsConflictAnswerSchema>;

/**
 * POST /order/{id}/intern: the whole order may be sent; these fields are read. The delivery is
 * `expected_delivery_datetime` (Prague clock) or, when that is null or left out,
 * `expected_delivery_date` + `expected_delivery_time`; the datetime wins when both are sent.
 * `driver_id` null is personal collection. `ad_type` is an id, the order's `{id, name}` or null.
 * A save that clashes with other orders answers 409 / 141 with the clashes unless
 * `confirm_overlap` is true.
 */
export const orderInternPayloadSchema = z
  .object({
    driver_id: id.nullable().optional(),
    driver: echoed,
    car_id: id.nullable().optional(),
    car: echoed,
    supplier_id: id.nullable().optional(),
    default_supplier: echoed,
    payment_type: z.enum(paymentTypes),
    warehouse_id: id.optional(),
    warehouse: echoed,
    delivery_price_amount: priceSchema.optional(),
    minimim_delivery_price: priceSchema.optional(),
    expected_delivery_date: deliveryDaySchema.nullable().optional(),
    expected_delivery_time: clockSchema.nullable().optional(),
    expected_delivery_datetime: deliveryWallClockSchema.nullable().optional(),
    expected_delivery_duration: durationSchema,
    note: z.string().trim().max(2000).default(''),
    ad_type: z
      .union([id, z.object({ id }).transform((a) => a.id)])
      .nullable()
      .optional(),
    confirm_overlap: z.boolean().default(false),
    version,
    /**
     * The first save makes a draft an order, which then reserves its lines: stock is checked again
     * (others may have taken it since the items step); short products answer 409 / 144 unless
     * confirmed with a reason, as in the items step.
     */
    confirm_short_stock: z.boolean().optional(),
    short_stock_reason: z.string().trim().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.confirm_short_stock && !value.short_stock_reason) {
      ctx.addIssue({ code: 'custom', path: ['short_stock_reason'], message: 'a reason is required' });
    }
    if (value.expected_delivery_datetime) return;
    for (const field of ['expected_delivery_date', 'expected_delivery_time'] as const) {
      if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    }
  })
  .transform(({ expected_delivery_datetime, driver, car, default_supplier, warehouse, ...rest }) => {
    const [date, time] = expected_delivery_datetime?.split('T') ?? [];
    return {
      ...rest,
      driver_id: idOrEchoed(rest.driver_id, driver),
      car_id: idOrEchoed(rest.car_id, car),
      supplier_id: idOrEchoed(rest.supplier_id, default_supplier),
      warehouse_id: idOrEchoed(rest.warehouse_id, warehouse) ?? undefined,
      expected_delivery_date: date ?? (rest.expected_delivery_date as string),
      expected_delivery_time: time?.slice(0, 5) ?? (rest.expected_delivery_time as string),
    };
  });
export type OrderInternPayload = z.infer<typeof orderInternPayloadSchema>;

export const clashKinds = ['driver', 'car', 'driver_vacation', 'warehouse_closure'] as const;
export type ClashKind = (typeof clashKinds)[number];

/**
 * Something the saved delivery (with its travel blocks) runs into: another order of the same
 * driver or car (`id` and `intern_id` of that order), a vacation of the driver or a closure of the
 * warehouse (`id` of the vacation). `from` and `to` are that thing's wall-clock span.
 */
export const clashSchema = z
  .object({
    kind: z.enum(clashKinds),
    id: z.number().int(),
    intern_id: z.number().int().nullable(),
    name: z.string(),
    from: z.string(),
    to: z.string(),
  })
  .meta({ id: 'Clash' });
export type Clash = z.infer<typeof clashSchema>;

/**
 * A 409 of the intern save: with `clashes` (error_code 141) it asks for confirmation; without, it
 * is the usual conflict (140: stale version, cancelled order, earlier steps missing).
 */
export const internConflictAnswerSchema = z.object({
  error_code: z.number().int(),
  message: z.string(),
  clashes: z.array(clashSchema).optional(),
  /** A draft becoming an order with products short (error_code 144): confirm with a reason. */
  short: z.array(shortStockSchema).optional(),
});
export type InternConflictAnswer = z.infer<typeof internConflictAnswerSchema>;

/** GET /warehouse_distance/{orderId}: warehouses in use with the way to the customer. */
export const warehouseDistanceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    text_color: z.string(),
    address: warehouseAddressSchema,
    cars: z.array(carSchema),
    /** One way, km. */
    distance: z.number(),
    /** One way, minutes. */
    duration: z.number().int(),
    /** True: great-circle distance × road factor, not a route (domain.md §3.3). */
    estimate: z.boolean(),
  })
  .meta({ id: 'WarehouseDistance' });
export const warehouseDistanceAnswerSchema = z.object({
  warehouses_distance: z.array(warehouseDistanceSchema),
});

export const orderDriversAnswerSchema = z.object({ items: z.array(staffMemberSchema) });
export const orderCarsAnswerSchema = z.object({ items: z.array(carSchema) });

/** A product type with its products on offer, as the items step's product picker shows it. */
export type ProductGroup = z.infer<typeof availableProductsAnswerSchema>['products_types'][number];

/**
 * 200 of POST /order/{id}/intern: the saved order and, for a personal collection, which of its
 * delivery fields the save cleared (car, transport rate and minimum), so the form can say so.
 */
export const internAnswerSchema = z.object({
  item: orderSchema,
  cleared: z.array(z.enum(collectionClears)).optional(),
});
export type InternAnswer = z.infer<typeof internAnswerSchema>;
