import type { EventInput } from '@fullcalendar/core';
import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { isPersonalCollection, travelOf } from '@letokruh/contracts/rules/collection';
import { deliverySpan } from '@letokruh/contracts/rules/delivery-span';
import { pragueWallClockAsUtc } from '@letokruh/contracts/rules/prague-day';
import type { CalendarClosure, CalendarDriverVacation } from '@letokruh/contracts/vacations';
import { readableTextOn } from '../contrast';

/** domain.md §1.9: travel blocks are drawn at about 80 % opacity. */
export const travelOpacity = 0.8;

/** The slot being planned in a form, not saved yet (the intern step's date, time and duration). */
export type PlannedSlot = {
  date: string;
  time: string;
  /** Minutes at the customer. */
  duration: number;
  /** Minutes of each travel block. */
  travel: number;
  title: string;
};

export type EventOptions = {
  showIds: boolean;
  showTravel: boolean;
  highlightedOrderId?: number | null;
  /** Written on a personal collection's block instead of driver and car ("Osobní odběr"). */
  collectionLabel?: string;
};

export type OrderEventKind = 'order' | 'travel-before' | 'travel-after' | 'planned' | 'closure';

// Grape: none of the warehouses' colours, so the planned or selected order stands out.
const highlight = { backgroundColor: '#862e9c', borderColor: '#4a1153', textColor: '#ffffff' };

/**
 * The title of an order's block: the calendar name with driver and car (or the collection label
 * of a personal collection), with the order number when ids are shown.
 */
export function orderTitle(order: CalendarEntry, showIds: boolean, collectionLabel?: string): string {
  const parts = [order.calendar_name];
  if (isPersonalCollection(order)) {
    if (collectionLabel) parts.push(collectionLabel);
  } else {
    if (order.driver) parts.push(order.driver.name);
    if (order.car) parts.push(order.car.name);
  }
  const text = parts.join(' · ');
  return showIds ? `${order.intern_id} · ${text}` : text;
}

function travelEvents(
  key: string,
  span: { from: string; to: string },
  start: string,
  end: string,
  colors: Record<string, string>,
  extra: Record<string, unknown>,
): EventInput[] {
  if (span.from === start) return [];
  return [
    {
      id: `${key}-before`,
      start: span.from,
      end: start,
      display: 'block',
      classNames: ['travel-block'],
      ...colors,
      extendedProps: { kind: 'travel-before', ...extra },
    },
    {
      id: `${key}-after`,
      start: end,
      end: span.to,
      display: 'block',
      classNames: ['travel-block'],
      ...colors,
      extendedProps: { kind: 'travel-after', ...extra },
    },
  ];
}

/**
 * What the day calendar draws (domain.md §1.2, §1.9): each order as a block of expected_delivery_duration
 * minutes in its warehouse's colours, its travel blocks of `duration` minutes before and after,
 * the slot being planned, warehouse closures and drivers' vacations (all-day).
 */
export function calendarEvents(input: {
  orders: CalendarEntry[];
  closures?: CalendarClosure[];
  driverVacations?: CalendarDriverVacation[];
  planned?: PlannedSlot | null;
  options: EventOptions;
}): EventInput[] {
  const { options } = input;
  const events: EventInput[] = [];
  for (const order of input.orders) {
    if (!order.expected_delivery_date || !order.expected_delivery_time) continue;
    const at = {
      date: order.expected_delivery_date,
      time: order.expected_delivery_time,
      duration: order.expected_delivery_duration,
    };
    // Decision 0031: a personal collection has no travel blocks and no car colour.
    const collection = isPersonalCollection(order);
    const span = deliverySpan({ ...at, travel: travelOf(order) });
    const start = `${at.date}T${at.time}`;
    const end = deliverySpan({ ...at, travel: 0 }).to;
    const lit = options.highlightedOrderId === order.id;
    const colors = lit
      ? highlight
      : {
          backgroundColor: order.warehouse?.color ?? '#868e96',
          borderColor: (collection ? null : order.car?.hex_color) ?? order.warehouse?.color ?? '#868e96',
          textColor: readableTextOn(order.warehouse?.color ?? '#868e96', order.warehouse?.text_color),
        };
    const extra = { orderId: order.id };
    events.push({
      id: `order-${order.id}`,
      title: orderTitle(order, options.showIds, options.collectionLabel),
      start,
      end,
      ...colors,
      classNames: [
        'order-block',
        ...(lit ? ['order-highlighted'] : []),
        ...(collection ? ['collection-block'] : []),
      ],
      extendedProps: { kind: 'order', collection, ...extra },
    });
    if (options.showTravel)
      events.push(...travelEvents(`order-${order.id}`, span, start, end, colors, extra));
  }
  const planned = input.planned;
  if (planned) {
    const start = `${planned.date}T${planned.time}`;
    const span = deliverySpan(planned);
    const end = deliverySpan({ ...planned, travel: 0 }).to;
    events.push({
      id: 'planned',
      title: planned.title,
      start,
      end,
      ...highlight,
      classNames: ['order-block', 'order-highlighted'],
      extendedProps: { kind: 'planned' },
    });
    if (options.showTravel) events.push(...travelEvents('planned', span, start, end, highlight, {}));
  }
  for (const c of input.closures ?? []) {
    const start = `${c.date}T${c.from_time}`;
    events.push({
      id: `closure-${c.id}-${c.date}`,
      title: c.warehouse.name,
      start,
      end: deliverySpan({ date: c.date, time: c.from_time, duration: c.duration, travel: 0 }).to,
      display: 'background',
      // Pale, not see-through: the warehouse's name on it must read (decision 0032, global.css).
      backgroundColor: '#ffe3e3',
      classNames: ['closure-block'],
      extendedProps: { kind: 'closure' },
    });
  }
  for (const v of input.driverVacations ?? []) {
    events.push({
      id: `vacation-${v.id}-${v.date}`,
      title: v.name,
      start: v.date,
      allDay: true,
      backgroundColor: v.hex_color,
      borderColor: v.hex_color,
      textColor: readableTextOn(v.hex_color),
      extendedProps: { kind: 'vacation' },
    });
  }
  return events;
}

const hourOf = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

/**
 * What every delivery calendar shares (domain.md §1.9): Monday first, quarter-hour rows labelled by the
 * hour, 24-hour times, the chosen hour range, no toolbar of FullCalendar's own.
 */
export function baseCalendarOptions(startHour: number, endHour: number) {
  return {
    firstDay: 1,
    headerToolbar: false as const,
    height: 'auto' as const,
    slotDuration: '00:15:00',
    slotLabelInterval: '01:00',
    slotMinTime: hourOf(startHour),
    slotMaxTime: hourOf(endHour),
    slotLabelFormat: { hour: '2-digit', minute: '2-digit', hour12: false } as const,
    eventTimeFormat: { hour: '2-digit', minute: '2-digit', hour12: false } as const,
    nowIndicator: true,
    // The calendars draw Prague wall-clock times in FullCalendar's UTC zone: "now" and "today"
    // are the Prague clock written the same way, whatever the browser's zone (decision 0024). Given as
    // a string without a zone, read in the calendar's own zone: a Date was shifted by the
    // browser's offset (the line stood at 10:15 at 09:17 in a Prague browser, none in New York).
    now: () => pragueWallClockAsUtc().toISOString().slice(0, 19),
  };
}
