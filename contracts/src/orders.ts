import { z } from 'zod';
import { daySchema, pagedAnswer, pagingQuerySchema } from './common.ts';
import { customerSchema } from './customers.ts';
import { fileSchema } from './files.ts';
import { defaultOrderSort, orderSorts, sortDirections } from './order-sort.ts';
import { currencySchema, productBaseSchema } from './products.ts';
import { carSchema, warehouseAddressSchema } from './warehouses.ts';

/**
 * The list's sort parameters. `after` is the opaque `next_after` of the page before (keyset paging):
 * the page starts right after that page's last row, however deep, instead of skipping
 * (current_page − 1) × per_page rows. `current_page` is then only the page's number.
 */
export const orderSortQuerySchema = z.object({
  sort: z
    .enum(orderSorts)
    .default(defaultOrderSort)
    .meta({
      description:
        'expected_delivery (default): from today on soonest first, then undated, then past latest first; ' +
        'descending: latest delivery first, undated last. created, customer (folded name), state ' +
        '(open, done, cancelled), total (price_with_vat, what the customer pays). Ties by id.',
    }),
  direction: z.enum(sortDirections).optional().meta({
    description: 'asc or desc; default: desc for created and total, asc for the others',
  }),
  after: z
    .string()
    .max(1000)
    .regex(/^[A-Za-z0-9_-]+$/, 'a next_after token')
    .optional()
    .meta({
      description:
        'keyset paging: the next_after of the page before, with the same filters, sort and direction; ' +
        'the page starts after its last row (current_page is then only its number). A token of another ' +
        'sort or not written by the server answers 400 / 120.',
    }),
});

/** Orders (domain.md §1.2–§1.7; §3.3 Money, Stock, Prices on orders, Time, Order numbers). */

export const paymentTypes = ['cash', 'qr_transfer'] as const;
export type PaymentType = (typeof paymentTypes)[number];

/**
 * The state filter of the order list (domain.md §1.2). Every state but `drafts` lists orders only;
 * `drafts` (decision 0030, an addition to domain.md) lists the caller's own drafts: orders whose third
 * step (internal data) was never saved, newest first.
 */
export const orderStates = ['all', 'not_done', 'done', 'hidden', 'not_collected', 'drafts'] as const;
export type OrderState = (typeof orderStates)[number];

/** Files of an order (domain.md §1.3). */
export const orderFileTypes = ['Dodací list', 'Faktura', 'Jiné'] as const;

/** Order numbers (domain.md §3.3): the year and a six-digit sequence within it, 10 digits at most. */
export const internIdSequenceDigits = 6;
export const internIdOf = (year: number, sequence: number): number =>
  year * 10 ** internIdSequenceDigits + sequence;

/** One row of an order's VAT recapitulation: amounts with two decimals. */
export const vatRecapRowSchema = z
  .object({ rate: z.number().int(), base: z.number(), vat: z.number(), total: z.number() })
  .meta({ id: 'VatRecapRow' });

export const orderPersonSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
});
export type OrderPerson = z.infer<typeof orderPersonSchema>;

export const orderWarehouseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  text_color: z.string(),
  address: warehouseAddressSchema,
});

export const orderSupplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bank_account: z.string(),
  bank_code: z.string(),
});
export const orderAdtypeSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * A line of an order (domain.md §1.3 "Order product line"): the amount, whether it is prepared, and
 * the price record it was saved with (price with VAT in `amount`, currency, VAT, discount).
 * `total_price_vat` and `total_price` are the line's totals with and without VAT.
 */
export const orderLineSchema = z
  .object({
    id: z.number().int(),
    amount: z.number(),
    prepared: z.boolean(),
    product: z.object({
      product: productBaseSchema,
      amount: z.number(),
      currency: currencySchema,
      vat: z.number().int(),
      discount: z.number(),
    }),
    total_price_vat: z.number(),
    total_price: z.number(),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof orderLineSchema>;

/** The order with every field of domain.md §1.3; times are Prague wall-clock (domain.md §3.3 Time). */
export const orderSchema = z
  .object({
    id: z.number().int(),
    intern_id: z.number().int(),
    /**
     * Decision 0030: a draft until the intern step is saved the first time. A draft is in no list but
     * the drafts filter, no calendar, overview or export, takes no transition, and is deleted after
     * 7 days untouched.
     */
    draft: z.boolean(),
    hidden: z.boolean(),
    done: z.boolean(),
    prepared: z.boolean(),
    collected_revenue_by: orderPersonSchema.nullable(),
    /** An instant (ISO, UTC); set means paid. */
    collected_revenue_at: z.string().nullable(),
    pay_by_cash: z.boolean(),
    payment_type: z.enum(paymentTypes),
    created: z.string(),
    /** YYYY-MM-DD */
    expected_delivery_date: z.string().nullable(),
    /** HH:mm */
    expected_delivery_time: z.string().nullable(),
    /** YYYY-MM-DDTHH:mm, without a zone: the Prague clock. */
    expected_delivery_datetime: z.string().nullable(),
    /** Minutes at the customer. */
    expected_delivery_duration: z.number().int(),
    /** One way, km. */
    distance: z.number(),
    /** One way, minutes: the travel blocks before and after the order on the calendar. */
    duration: z.number().int(),
    /** There and back, km. */
    expected_travel_length: z.number(),
    product_prices: z.number(),
    total_price: z.number(),
    total_price_vat: z.number(),
    price_with_vat: z.number(),
    /**
     * Decision 0038: the recapitulation per rate of the lines and the delivery share, highest rate first
     * (contracts/rules/vat.ts vatRecap): Σ base = total_price, Σ vat = total_price_vat, Σ total =
     * price_with_vat, to the haléř.
     */
    vat_recap: z.array(vatRecapRowSchema),
    /**
     * What the customer pays: price_with_vat, except a CZK order paid in cash, which is rounded to
     * whole crowns (domain.md §4.4); bank transfers and EUR stay exact.
     */
    amount_to_pay: z.number(),
    /** amount_to_pay − price_with_vat: the rounding difference of a CZK cash order, else 0. */
    cash_rounding: z.number(),
    currency: currencySchema.nullable(),
    note: z.string(),
    ad_type: orderAdtypeSchema.nullable(),
    /** What the calendar block says: the customer (or organization) and the town. */
    calendar_name: z.string(),
    warehouse: orderWarehouseSchema.nullable(),
    /** Null: personal collection. */
    driver: orderPersonSchema.nullable(),
    car: carSchema.nullable(),
    default_supplier: orderSupplierSchema.nullable(),
    customer: customerSchema.nullable(),
    /** The customer's address, where the goods go. */
    address: customerSchema.shape.address.nullable(),
    products: z.array(orderLineSchema),
    files: z.array(fileSchema),
    delivery_price: z.object({
      /** Rate per km with VAT. */
      amount: z.number().nullable(),
      minimum_price: z.number().nullable(),
      /** The delivery with VAT, as the rule of contracts/rules/order-price gives it. */
      price: z.number(),
    }),
    version: z.number().int(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const orderAnswerSchema = z.object({ item: orderSchema });
export const orderAddAnswerSchema = z.object({ id: z.number().int() });
export const orderCopyAnswerSchema = z.object({ order_id: z.number().int() });
/** DELETE /order/{id}/discard (decision 0030): the draft that went. */
export const orderDiscardAnswerSchema = z.object({ id: z.number().int(), intern_id: z.number().int() });

export const orderItemPathSchema = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  itemId: z.coerce.number().int().positive().max(2147483647),
});
export const orderIdPathSchema = z.object({ orderId: z.coerce.number().int().positive().max(2147483647) });

/**
 * A row of the order list (domain.md §1.2 columns, plus the flags the row actions depend on, and the
 * stored total the list sorts by: decision 0033, migration 0025; equal to GET /order/{id}'s).
 */
export const orderListItemSchema = orderSchema
  .pick({
    id: true,
    intern_id: true,
    draft: true,
    hidden: true,
    done: true,
    prepared: true,
    collected_revenue_at: true,
    pay_by_cash: true,
    payment_type: true,
    created: true,
    expected_delivery_date: true,
    expected_delivery_time: true,
    price_with_vat: true,
    currency: true,
    customer: true,
  })
  .extend({ warehouse: orderWarehouseSchema.omit({ address: true }).nullable() })
  .meta({ id: 'OrderListItem' });
export type OrderListItem = z.infer<typeof orderListItemSchema>;

const optionalText = (max: number) => z.string().trim().max(max).optional();
const optionalId = z.coerce.number().int().positive().max(2147483647).optional();

/**
 * GET /orders (domain.md §1.2 filters). `internId` is digits: ten find that order, fewer find the numbers
 * containing them. `createdFrom`, `createdTo` and `adtype` are honoured only with add_order.
 * Dates are Prague days, both ends included. `sort`, `direction` and `after`: see order-sort.ts.
 */
export const orderListQuerySchema = pagingQuerySchema.extend({
  ...orderSortQuerySchema.shape,
  internId: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'digits of an order number')
    .optional(),
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
  expectedDeliveryDateFrom: daySchema.optional(),
  expectedDeliveryDateTo: daySchema.optional(),
  name: optionalText(200),
  wholePhone: optionalText(30),
  fullAddress: optionalText(300),
  warehouse: optionalId,
  state: z.enum(orderStates).default('all'),
  adtype: optionalId,
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
/** `next_after`: pass as `after` for the page after this one; null on the last page. */
export const orderListAnswerSchema = pagedAnswer(orderListItemSchema).extend({
  next_after: z.string().nullable(),
});
