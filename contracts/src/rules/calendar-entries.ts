import type { CalendarOrder, CalendarWeek, CalendarWeekOrder } from '../order-calendar.ts';

// Decision 0049: the lean calendar week (`view=calendar` of GET /api/get-orders) as the web calendars
// use it. No zod here: the dashboard's chunk must not pull in the contracts' schemas.

/**
 * An order block as the web calendars use it: a `CalendarWeekOrder` with its day, warehouse,
 * driver and car put back in (`calendarEntries`). The shape keeps the full order's names, so the
 * rules on orders (`isPersonalCollection`, `travelOf`) apply unchanged.
 */
export type CalendarEntry = Omit<CalendarWeekOrder, 'warehouse_id' | 'driver_id' | 'car_id'> & {
  expected_delivery_date: string;
  warehouse: CalendarWeek['warehouses'][number] | null;
  driver: CalendarWeek['drivers'][number] | null;
  car: CalendarWeek['cars'][number] | null;
};

/** The lean answer as a flat list of entries, each sharing its warehouse, driver and car objects. */
export function calendarEntries(week: CalendarWeek): CalendarEntry[] {
  const warehouses = new Map(week.warehouses.map((w) => [w.id, w]));
  const drivers = new Map(week.drivers.map((d) => [d.id, d]));
  const cars = new Map(week.cars.map((c) => [c.id, c]));
  const entries: CalendarEntry[] = [];
  for (const day of week.days)
    for (const { warehouse_id, driver_id, car_id, ...order } of day.orders)
      entries.push({
        ...order,
        expected_delivery_date: day.date,
        warehouse: (warehouse_id !== null && warehouses.get(warehouse_id)) || null,
        driver: (driver_id !== null && drivers.get(driver_id)) || null,
        car: (car_id !== null && cars.get(car_id)) || null,
      });
  return entries;
}

/**
 * The lean week of full orders (what the server answers with `view=calendar` for the same
 * orders): used by tests to build one from the other.
 */
export function calendarWeekOf(orders: CalendarOrder[]): CalendarWeek {
  const days = new Map<string, CalendarWeekOrder[]>();
  const warehouses = new Map<number, CalendarWeek['warehouses'][number]>();
  const drivers = new Map<number, CalendarWeek['drivers'][number]>();
  const cars = new Map<number, CalendarWeek['cars'][number]>();
  for (const o of orders) {
    if (!o.expected_delivery_date) continue;
    const w = o.warehouse;
    if (w) warehouses.set(w.id, { id: w.id, name: w.name, color: w.color, text_color: w.text_color });
    if (o.driver) drivers.set(o.driver.id, { id: o.driver.id, name: o.driver.name });
    if (o.car) cars.set(o.car.id, o.car);
    const day = days.get(o.expected_delivery_date) ?? [];
    day.push({
      id: o.id,
      intern_id: o.intern_id,
      version: o.version,
      expected_delivery_time: o.expected_delivery_time,
      expected_delivery_duration: o.expected_delivery_duration,
      duration: o.duration,
      calendar_name: o.calendar_name,
      warehouse_id: w?.id ?? null,
      driver_id: o.driver?.id ?? null,
      car_id: o.car?.id ?? null,
      done: o.done,
      prepared: o.prepared,
      paid: o.collected_revenue_at !== null,
    });
    days.set(o.expected_delivery_date, day);
  }
  return {
    days: [...days].map(([date, list]) => ({ date, orders: list })),
    warehouses: [...warehouses.values()],
    drivers: [...drivers.values()],
    cars: [...cars.values()],
  };
}
