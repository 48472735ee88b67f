import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { travelOf } from '@letokruh/contracts/rules/collection';
import { deliverySpan, overlaps, type Span } from '@letokruh/contracts/rules/delivery-span';
import type { CalendarClosure, CalendarDriverVacation } from '@letokruh/contracts/vacations';

/** Why a driver or a car is a poor pick for the planned delivery (domain.md §1.5 clashes). */
export type PickerMark = 'vacation' | 'busy';

export type PlannedDelivery = { date: string; time: string; duration: number; travel: number };

export type PickerMarks = {
  drivers: Map<number, PickerMark>;
  cars: Map<number, PickerMark>;
  /** A closure of the order's warehouse that the delivery runs into. */
  closure: CalendarClosure | null;
};

const closureSpan = (c: CalendarClosure): Span =>
  deliverySpan({ date: c.date, time: c.from_time.slice(0, 5), duration: c.duration, travel: 0 });

/**
 * The same clashes the server looks for on saving the intern step (domain.md §1.5), found ahead in
 * what the day calendar already loaded, so that the driver and car pickers mark them before the
 * choice: a driver on vacation that day, a driver or a car with another order whose span (with
 * its travel blocks) overlaps the planned one, the warehouse closed at that time.
 */
export function pickerMarks(
  planned: PlannedDelivery | null,
  orders: readonly CalendarEntry[],
  vacations: readonly CalendarDriverVacation[],
  closures: readonly CalendarClosure[],
  warehouseId: number | null,
): PickerMarks {
  const marks: PickerMarks = { drivers: new Map(), cars: new Map(), closure: null };
  if (!planned) return marks;
  const span = deliverySpan(planned);
  for (const o of orders) {
    if (!o.expected_delivery_time) continue;
    const other = deliverySpan({
      date: o.expected_delivery_date,
      time: o.expected_delivery_time.slice(0, 5),
      duration: o.expected_delivery_duration,
      travel: travelOf(o),
    });
    if (!overlaps(span, other)) continue;
    if (o.driver) marks.drivers.set(o.driver.id, 'busy');
    if (o.car) marks.cars.set(o.car.id, 'busy');
  }
  for (const v of vacations) if (v.date === planned.date) marks.drivers.set(v.user_id, 'vacation');
  marks.closure =
    closures.find((c) => c.warehouse.id === warehouseId && overlaps(span, closureSpan(c))) ?? null;
  return marks;
}
