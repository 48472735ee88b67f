import { date, index, integer, pgTable, text, time } from 'drizzle-orm/pg-core';

/**
 * The lean calendar week's orders, each with its JSON already written but the customer's name
 * (decision 0049, migration 0033): kept by triggers on orders for every order the calendars can show (a
 * delivery day, not cancelled, not a draft). Read by calendar-week.queries.ts; nothing writes it
 * but them.
 */
export const calendarEntries = pgTable(
  'calendar_entries',
  {
    orderId: integer('order_id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    warehouseId: integer('warehouse_id'),
    time: time('time'),
    driverId: integer('driver_id'),
    carId: integer('car_id'),
    customerId: integer('customer_id'),
    /** The order's JSON before and after its `"calendar_name":` value (read from the customer). */
    head: text('head').notNull(),
    tail: text('tail').notNull(),
  },
  (t) => [
    index('calendar_entries_warehouse_day_idx').on(t.warehouseId, t.day),
    index('calendar_entries_day_idx').on(t.day),
  ],
);
