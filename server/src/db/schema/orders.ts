import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { customers } from './customers.ts';
import { products } from './products.ts';
import { adtypes, suppliers } from './reference.ts';
import { cars, warehouses } from './warehouses.ts';

/**
 * The last order number handed out in each year. `insert … on conflict do update set last = last
 * + 1 returning last` is one atomic statement: concurrent orders queue on the year's row and each
 * gets its own number (domain.md §3.3 Order numbers).
 */
export const orderNumberCounters = pgTable(
  'order_number_counters',
  {
    year: smallint('year').primaryKey(),
    last: integer('last').notNull(),
  },
  (t) => [check('order_number_counters_last_check', sql`${t.last} between 1 and 999999`)],
);

/** What the order list shows: orders (not drafts) with their customer (order-list.queries.ts). */
const listedOrder = (t: Record<'draftTouchedAt' | 'customerId', AnyPgColumn>) =>
  sql`${t.draftTouchedAt} is null and ${t.customerId} is not null`;
/** An open order: saved (not a draft), not done, not cancelled (the list's state "not_done"). */
const openOrder = (t: Record<'hidden' | 'done' | 'draftTouchedAt' | 'customerId', AnyPgColumn>) =>
  sql`not ${t.hidden} and not ${t.done} and ${t.draftTouchedAt} is null and ${t.customerId} is not null`;

/**
 * An order (domain.md §1.3). A new order is a draft (`draft_touched_at` set) without customer, warehouse
 * and currency; the three steps fill it in. Delivery date and time are the Prague wall clock (domain.md §3.3 Time);
 * `created` and `collected_revenue_at` are instants.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Year and six-digit sequence, e.g. 2026000042: the payment's variable symbol. */
    internId: bigint('intern_id', { mode: 'number' }).notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    /**
     * The customer's "first last organization", the order list's name filter (decision 0020): kept by
     * triggers of migration 0014 (an order's customer set or changed, a customer renamed), never
     * written by the app. Searching the orders' own column lets the newest orders be walked without
     * looking up each one's customer.
     */
    customerName: text('customer_name'),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    currency: text('currency', { enum: ['CZK', 'EUR'] }),
    /** Null: personal collection. */
    driverId: integer('driver_id').references(() => users.id),
    carId: integer('car_id').references(() => cars.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    adtypeId: integer('adtype_id').references(() => adtypes.id),
    paymentType: text('payment_type', { enum: ['cash', 'qr_transfer'] })
      .notNull()
      .default('cash'),
    hidden: boolean('hidden').notNull().default(false),
    done: boolean('done').notNull().default(false),
    prepared: boolean('prepared').notNull().default(false),
    collectedRevenueBy: integer('collected_revenue_by').references(() => users.id),
    collectedRevenueAt: timestamp('collected_revenue_at', { withTimezone: true }),
    /**
     * A transfer the bank statement showed paid (domain.md §2.12): the receiving account, "bank:
     * 2718340003/0100", in place of a user in `collected_revenue_by`.
     */
    collectedRevenueBank: text('collected_revenue_bank'),
    expectedDeliveryDate: date('expected_delivery_date', { mode: 'string' }),
    expectedDeliveryTime: time('expected_delivery_time'),
    /** Minutes at the customer. */
    expectedDeliveryDuration: integer('expected_delivery_duration').notNull().default(60),
    /** One way, km. */
    distance: numeric('distance', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    /** One way, minutes. */
    duration: integer('duration').notNull().default(0),
    /** Rate per km with VAT; null until the order has a currency. */
    deliveryPriceAmount: numeric('delivery_price_amount', { precision: 12, scale: 2, mode: 'number' }),
    minimumDeliveryPrice: numeric('minimum_delivery_price', { precision: 12, scale: 2, mode: 'number' }),
    note: text('note').notNull().default(''),
    /**
     * What the customer pays, with VAT (GET /order/{id}'s price_with_vat, orderTotals): the order
     * list's total sort (decision 0033). Kept by the triggers of migration 0025 on every write of the
     * order's delivery terms, currency or lines; never written by the app.
     */
    priceWithVat: numeric('price_with_vat', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set while the order is a draft (decision 0030): from GET /order/add or a copy until the intern step
     * is saved the first time, moved on by every step's save; null for an order. Drafts are in no
     * list, calendar, overview or count, and are deleted after 7 days untouched (migration 0024).
     */
    draftTouchedAt: timestamp('draft_touched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_intern_id_uq').on(t.internId),
    // The internId filter with fewer than ten digits looks for them anywhere in the number.
    index('orders_intern_id_trgm_idx').using('gin', sql`(${t.internId}::text) gin_trgm_ops`),
    // The calendar: a week of the chosen warehouses; also the list's warehouse and date filters.
    index('orders_warehouse_date_idx').on(t.warehouseId, t.expectedDeliveryDate),
    // The list's sorts (decision 0027, migration 0022): each key then the id, as order-sort.ts writes them.
    // Orders only (migration 0040), with the warehouse, the state and the columns behind the
    // expression keys included (Drizzle writes no INCLUDE): a deep page is read index-only.
    index('orders_delivery_sort_idx')
      .on(t.expectedDeliveryDate, sql`(coalesce(${t.expectedDeliveryTime}, '24:00'::time))`, t.id)
      .where(listedOrder(t)),
    index('orders_created_sort_idx').on(t.createdAt, t.id).where(listedOrder(t)),
    index('orders_customer_sort_idx').on(sql`(${t.customerName} collate "C")`, t.id).where(listedOrder(t)),
    index('orders_total_sort_idx').on(t.priceWithVat, t.id).where(listedOrder(t)),
    index('orders_stage_sort_idx')
      .on(sql`(case when ${t.hidden} then 2 when ${t.done} then 1 else 0 end)`, t.id)
      .where(listedOrder(t)),
    // The list of a driver or warehouseman scoped to their warehouses: newest of a warehouse first
    // (decision 0021, migration 0016).
    index('orders_warehouse_id_idx').on(t.warehouseId, t.id),
    // Clashes of a driver or a car around one day.
    index('orders_driver_date_idx')
      .on(t.driverId, t.expectedDeliveryDate)
      .where(sql`${t.driverId} is not null`),
    index('orders_car_date_idx').on(t.carId, t.expectedDeliveryDate).where(sql`${t.carId} is not null`),
    // The customer's orders, and the customer list's warehouse filter probed index-only.
    index('orders_customer_warehouse_idx').on(t.customerId, t.warehouseId),
    // The list's name filter (migration 0035): the orders of the names found in
    // order_customer_names, with what the list filters by, counted index-only. Drizzle writes no
    // INCLUDE: the migration's index also holds the
    // columns the list filters and sorts by.
    index('orders_name_search_idx')
      .on(t.customerName, t.id)
      .where(sql`${t.draftTouchedAt} is null and ${t.customerId} is not null`),
    // The open orders of a warehouse, counted index-only (decision 0052, migration 0036).
    index('orders_open_idx').on(t.warehouseId, t.id).where(openOrder(t)),
    // The open orders in each of the list's sorts (decision 0052, migration 0037, which also includes
    // the warehouse and the columns behind the expressions: read index-only).
    index('orders_open_delivery_sort_idx')
      .on(t.expectedDeliveryDate, sql`(coalesce(${t.expectedDeliveryTime}, '24:00'::time))`, t.id)
      .where(openOrder(t)),
    // The dispatcher's list of one warehouse by delivery, deep pages (decision 0069, migration 0045).
    index('orders_open_warehouse_delivery_sort_idx')
      .on(
        t.warehouseId,
        t.expectedDeliveryDate,
        sql`(coalesce(${t.expectedDeliveryTime}, '24:00'::time))`,
        t.id,
      )
      .where(openOrder(t)),
    index('orders_open_created_sort_idx').on(t.createdAt, t.id).where(openOrder(t)),
    index('orders_open_customer_sort_idx').on(sql`(${t.customerName} collate "C")`, t.id).where(openOrder(t)),
    index('orders_open_total_sort_idx').on(t.priceWithVat, t.id).where(openOrder(t)),
    index('orders_open_stage_sort_idx')
      .on(sql`(case when ${t.hidden} then 2 when ${t.done} then 1 else 0 end)`, t.id)
      .where(openOrder(t)),
    index('orders_adtype_idx').on(t.adtypeId).where(sql`${t.adtypeId} is not null`),
    // Collected revenue by Prague day, and the collectors list (decision 0020: both scanned a million
    // orders without it).
    index('orders_collected_idx').on(t.collectedRevenueAt).where(sql`${t.collectedRevenueAt} is not null`),
    index('orders_collector_idx').on(t.collectedRevenueBy).where(sql`${t.collectedRevenueBy} is not null`),
    // The drafts filter (the user's own drafts, newest first) and the deletion of stale drafts.
    index('orders_drafts_idx').on(t.createdBy, t.id).where(sql`${t.draftTouchedAt} is not null`),
    index('orders_draft_touched_idx').on(t.draftTouchedAt).where(sql`${t.draftTouchedAt} is not null`),
    check('orders_intern_id_check', sql`${t.internId} between 1000000000 and 9999999999`),
    check('orders_currency_check', sql`${t.currency} is null or ${t.currency} in ('CZK', 'EUR')`),
    check('orders_payment_type_check', sql`${t.paymentType} in ('cash', 'qr_transfer')`),
    check('orders_duration_check', sql`${t.expectedDeliveryDuration} >= 0 and ${t.duration} >= 0`),
    check('orders_distance_check', sql`${t.distance} >= 0`),
    check(
      'orders_delivery_price_check',
      sql`${t.deliveryPriceAmount} >= 0 and ${t.minimumDeliveryPrice} >= 0`,
    ),
    // A cancelled order is never done: cancelling a done order puts its goods back (domain.md §3.3 Stock).
    check('orders_hidden_not_done_check', sql`not (${t.hidden} and ${t.done})`),
    check(
      'orders_collected_check',
      sql`(${t.collectedRevenueAt} is null) = (${t.collectedRevenueBy} is null and ${t.collectedRevenueBank} is null)
        and (${t.collectedRevenueBy} is null or ${t.collectedRevenueBank} is null)`,
    ),
  ],
);

/**
 * A line of an order: the product, the amount, and the price with VAT, currency, VAT and discount
 * it was saved with (domain.md §3.3 Prices on orders). One line per product.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    prepared: boolean('prepared').notNull().default(false),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['CZK', 'EUR'] }).notNull(),
    vat: smallint('vat').notNull(),
    discount: numeric('discount', { precision: 5, scale: 4, mode: 'number' }).notNull().default(1),
  },
  (t) => [
    uniqueIndex('order_items_order_product_uq').on(t.orderId, t.productId),
    index('order_items_product_idx').on(t.productId),
    // 0 only for a line its driver delivered none of (domain.md §2.13); the steps ask for more.
    check('order_items_amount_check', sql`${t.amount} >= 0`),
    check('order_items_price_check', sql`${t.price} >= 0`),
    check('order_items_currency_check', sql`${t.currency} in ('CZK', 'EUR')`),
    check('order_items_vat_check', sql`${t.vat} in (0, 10, 12, 13, 15, 20, 21)`),
    check('order_items_discount_check', sql`${t.discount} between 0 and 1`),
  ],
);

/**
 * Decision 0051: every folded customer name an order has had (migration 0035, kept by a trigger on
 * orders), with a trigram index: the list's name filter looks for the typed text here.
 */
export const orderCustomerNames = pgTable(
  'order_customer_names',
  { name: text('name').primaryKey() },
  (t) => [index('order_customer_names_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`)],
);

/**
 * Decision 0055: how many orders the list shows (not drafts, with a customer) per warehouse (0: none)
 * and per the columns its state filters read, kept by statement triggers on orders in the
 * transaction of every change (migration 0038): the list's total for a filter of state and
 * warehouses only, without counting the orders.
 */
export const orderListCounts = pgTable(
  'order_list_counts',
  {
    warehouseId: integer('warehouse_id').notNull(),
    hidden: boolean('hidden').notNull(),
    done: boolean('done').notNull(),
    collected: boolean('collected').notNull(),
    orderCount: integer('order_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.hidden, t.done, t.collected] })],
);

/**
 * Decision 0070: the same counts per expected delivery day too (null: none yet), kept the same way
 * (migration 0047): how many rows a stretch of the list by delivery holds under a filter of state
 * and warehouses, so that a deep offset page learns where it starts without counting the orders.
 */
export const orderListDayCounts = pgTable(
  'order_list_day_counts',
  {
    warehouseId: integer('warehouse_id').notNull(),
    day: date('day', { mode: 'string' }),
    hidden: boolean('hidden').notNull(),
    done: boolean('done').notNull(),
    collected: boolean('collected').notNull(),
    orderCount: integer('order_count').notNull(),
  },
  (t) => [
    unique('order_list_day_counts_key')
      .on(t.day, t.warehouseId, t.hidden, t.done, t.collected)
      .nullsNotDistinct(),
  ],
);
