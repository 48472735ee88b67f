import { date, index, integer, pgTable, text, time } from 'drizzle-orm/pg-core';

/**
 * The lean calendar week's orders, each with its JSON already written (issue 16, migration 0033):
 * kept by triggers on orders and customers for every order the calendars can show (a delivery
 * day, not cancelled, not a draft). Read by calendar-week.queries.ts; nothing writes it but them.
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
    json: text('json').notNull(),
  },
  (t) => [
    index('calendar_entries_warehouse_day_idx').on(t.warehouseId, t.day),
    index('calendar_entries_day_idx').on(t.day),
    index('calendar_entries_customer_idx').on(t.customerId),
  ],
);
