import type { CalendarOrder } from '@letokruh/contracts/order-calendar';
import { type CalendarEntry, calendarWeekOf } from '@letokruh/contracts/rules/calendar-entries';

/** Tests: a full order as the calendars get it from the lean week (decision 0049). */
export const entryOf = (o: CalendarOrder): CalendarEntry => ({
  id: o.id,
  intern_id: o.intern_id,
  version: o.version,
  expected_delivery_date: o.expected_delivery_date ?? '',
  expected_delivery_time: o.expected_delivery_time,
  expected_delivery_duration: o.expected_delivery_duration,
  duration: o.duration,
  calendar_name: o.calendar_name,
  done: o.done,
  prepared: o.prepared,
  paid: o.collected_revenue_at !== null,
  warehouse: o.warehouse && {
    id: o.warehouse.id,
    name: o.warehouse.name,
    color: o.warehouse.color,
    text_color: o.warehouse.text_color,
  },
  driver: o.driver && { id: o.driver.id, name: o.driver.name },
  car: o.car,
});

/** Tests: the `view=calendar` answer of these full orders. */
export const leanWeek = (orders: CalendarOrder[]) => calendarWeekOf(orders);
