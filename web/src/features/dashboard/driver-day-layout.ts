import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { travelOf } from '@letokruh/contracts/rules/collection';

/**
 * Where the day view (decision 0026, "the calendar under load") puts each order: one lane per driver,
 * a lane of personal collections (no driver and no car, domain.md §1.3 "driver (or personal
 * collection)"), and a lane of orders that have a car but nobody to drive it yet. Within a lane,
 * orders whose busy time overlaps (a double booking the dispatcher confirmed) sit side by side.
 */
export type LaneKind = 'driver' | 'collection' | 'unassigned';

/** An order placed in its lane; minutes are from the day's midnight (Prague wall clock). */
export type PlacedOrder = {
  order: CalendarEntry;
  start: number;
  end: number;
  /** Minutes of each travel block (0 when travel is hidden). */
  travel: number;
  /** Its column among the orders it overlaps, and how many columns they need. */
  column: number;
  columns: number;
};

export type DayLane = { key: string; kind: LaneKind; name: string; orders: PlacedOrder[] };

const dayMinutes = 24 * 60;

export const minutesOfTime = (time: string): number => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

export function laneOf(order: CalendarEntry): { key: string; kind: LaneKind; name: string } {
  if (order.driver) return { key: `driver-${order.driver.id}`, kind: 'driver', name: order.driver.name };
  if (order.car) return { key: 'unassigned', kind: 'unassigned', name: '' };
  return { key: 'collection', kind: 'collection', name: '' };
}

/** Side by side within groups of orders whose busy spans (travel included) overlap. */
function pack(items: Omit<PlacedOrder, 'column' | 'columns'>[]): PlacedOrder[] {
  const busy = (p: { start: number; end: number; travel: number }) => ({
    from: p.start - p.travel,
    to: Math.max(p.end + p.travel, p.start - p.travel + 1),
  });
  const sorted = [...items].sort(
    (a, b) => busy(a).from - busy(b).from || busy(b).to - busy(a).to || a.order.id - b.order.id,
  );
  const placed: PlacedOrder[] = [];
  let group: PlacedOrder[] = [];
  let columnEnds: number[] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  const close = () => {
    for (const p of group) p.columns = columnEnds.length;
    placed.push(...group);
    group = [];
    columnEnds = [];
  };
  for (const item of sorted) {
    const span = busy(item);
    if (span.from >= groupEnd) close();
    let column = columnEnds.findIndex((end) => end <= span.from);
    if (column === -1) column = columnEnds.push(span.to) - 1;
    else columnEnds[column] = span.to;
    group.push({ ...item, column, columns: 0 });
    groupEnd = Math.max(groupEnd, span.to);
  }
  close();
  return placed;
}

/**
 * The lanes of one day: drivers by name (Czech order), then personal collections (always there,
 * so that a collection has a place to go), then the unassigned lane when it holds anything.
 */
export function dayLanes(orders: CalendarEntry[], date: string, showTravel: boolean): DayLane[] {
  const lanes = new Map<string, DayLane>();
  for (const order of orders) {
    if (order.expected_delivery_date !== date || !order.expected_delivery_time) continue;
    const lane = laneOf(order);
    let entry = lanes.get(lane.key);
    if (!entry) {
      entry = { ...lane, orders: [] };
      lanes.set(lane.key, entry);
    }
    const start = minutesOfTime(order.expected_delivery_time);
    entry.orders.push({
      order,
      start,
      end: Math.min(dayMinutes, start + order.expected_delivery_duration),
      travel: showTravel ? travelOf(order) : 0, // none for a personal collection (decision 0031)
      column: 0,
      columns: 1,
    });
  }
  const drivers = [...lanes.values()]
    .filter((l) => l.kind === 'driver')
    .sort((a, b) => a.name.localeCompare(b.name, 'cs'));
  const collection = lanes.get('collection') ?? {
    key: 'collection',
    kind: 'collection' as const,
    name: '',
    orders: [],
  };
  const unassigned = lanes.get('unassigned');
  return [...drivers, collection, ...(unassigned ? [unassigned] : [])].map((lane) => ({
    ...lane,
    orders: pack(lane.orders),
  }));
}

/** The time as the calendar writes it: 9:05 → "09:05". */
export const clockOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
