import type { CalendarEntry } from '@letokruh/contracts/rules/calendar-entries';
import { travelOf } from '@letokruh/contracts/rules/collection';
import { laneOf, minutesOfTime } from './driver-day-layout';

/**
 * How the week's grid places a day's orders (decision 0081). A day's column splits into lanes; a
 * card is never narrower than `minCardWidth`, so a day holds at most `lanesFor(width)` lanes, and
 * what does not fit folds into a "+N" that opens the day. Two ways to choose lanes were tried on
 * the same weeks (the numbers are in the decision):
 * - `driver`: one lane per driver (then collections, then cars without a driver), as the day view;
 * - `packed`: the first lane free at the order's time (interval partitioning), the fewest lanes.
 */
export type LaneStrategy = 'driver' | 'packed';

/** The narrowest card the week draws, in px (decision 0081). */
export const minCardWidth = 64;
/** A card is at least this tall (its time, name and town on three lines), in px. */
export const minCardHeight = 50;

export type WeekCard = {
  order: CalendarEntry;
  /** Minutes from midnight (Prague wall clock) of the delivery's start and end. */
  start: number;
  end: number;
  /** Minutes of each travel band (0 when travel is hidden or nobody drives). */
  travel: number;
  lane: number;
};

/** Orders that did not fit, folded into one "+N" at the time of the first of them. */
export type Overflow = { at: number; orders: CalendarEntry[] };

export type DayLayout = { lanes: number; cards: WeekCard[]; overflow: Overflow[] };

/** How many lanes a day's column of this width holds (1 px between lanes). */
export const lanesFor = (dayWidth: number): number =>
  Math.max(1, Math.floor((dayWidth + 1) / (minCardWidth + 1)));

type Item = { order: CalendarEntry; start: number; end: number; travel: number; from: number; to: number };

/**
 * One day's cards. `pxPerMinute` turns the card's least height into minutes, so that a short
 * delivery's card (taller than its time) does not cover the next one in its lane.
 */
export function layoutDay(
  orders: readonly CalendarEntry[],
  options: {
    maxLanes: number;
    showTravel: boolean;
    pxPerMinute: number;
    strategy: LaneStrategy;
    /** The px a card needs for its text (at least `minCardHeight`); its time may need more. */
    cardHeight?: (order: CalendarEntry) => number;
  },
): DayLayout {
  const items: Item[] = [];
  for (const order of orders) {
    if (!order.expected_delivery_time) continue;
    const start = minutesOfTime(order.expected_delivery_time);
    const end = start + order.expected_delivery_duration;
    const travel = options.showTravel ? travelOf(order) : 0;
    const minMinutes = Math.max(minCardHeight, options.cardHeight?.(order) ?? 0) / options.pxPerMinute;
    items.push({
      order,
      start,
      end,
      travel,
      from: start - travel,
      to: Math.max(end, start + minMinutes) + travel,
    });
  }
  items.sort((a, b) => a.from - b.from || a.start - b.start || a.order.intern_id - b.order.intern_id);
  return options.strategy === 'driver' ? byDriver(items, options.maxLanes) : packed(items, options.maxLanes);
}

function fold(overflow: Overflow[], item: Item) {
  // Folded orders at overlapping times share one "+N".
  const last = overflow.at(-1);
  if (last && item.from < last.at + 60) last.orders.push(item.order);
  else overflow.push({ at: item.start, orders: [item.order] });
}

function packed(items: Item[], maxLanes: number): DayLayout {
  const laneEnds: number[] = [];
  const cards: WeekCard[] = [];
  const overflow: Overflow[] = [];
  for (const item of items) {
    let lane = laneEnds.findIndex((end) => end <= item.from);
    if (lane < 0 && laneEnds.length < maxLanes) lane = laneEnds.push(item.to) - 1;
    if (lane < 0) {
      fold(overflow, item);
      continue;
    }
    laneEnds[lane] = item.to;
    cards.push({ order: item.order, start: item.start, end: item.end, travel: item.travel, lane });
  }
  return { lanes: Math.max(1, laneEnds.length), cards, overflow };
}

function byDriver(items: Item[], maxLanes: number): DayLayout {
  const kinds = { driver: 0, collection: 1, unassigned: 2 };
  const keys = [...new Map(items.map((i) => [laneOf(i.order).key, laneOf(i.order)])).values()].sort(
    (a, b) => kinds[a.kind] - kinds[b.kind] || a.name.localeCompare(b.name),
  );
  const laneByKey = new Map(keys.slice(0, maxLanes).map((k, i) => [k.key, i]));
  const laneEnds: number[] = [];
  const cards: WeekCard[] = [];
  const overflow: Overflow[] = [];
  for (const item of items) {
    const lane = laneByKey.get(laneOf(item.order).key);
    if (lane === undefined || (laneEnds[lane] ?? -Infinity) > item.from) {
      fold(overflow, item);
      continue;
    }
    laneEnds[lane] = item.to;
    cards.push({ order: item.order, start: item.start, end: item.end, travel: item.travel, lane });
  }
  return { lanes: Math.max(1, laneByKey.size), cards, overflow };
}

/** "Jaroslav Černý, Luka nad Jihlavou" → the surname (or the organisation) and the town. */
export function cardName(calendarName: string): { name: string; town: string } {
  const comma = calendarName.lastIndexOf(', ');
  const who = comma < 0 ? calendarName : calendarName.slice(0, comma);
  const town = comma < 0 ? '' : calendarName.slice(comma + 2);
  const words = who.trim().split(/\s+/);
  // A person's first name and surname: the surname; an organisation ("Obec Batelov",
  // "Stavby Novotný s.r.o.") keeps its whole name.
  const organisation = /\b(s\.r\.o\.|a\.s\.|spol\.|v\.o\.s\.|obec|město|družstvo|z\.s\.)|\d/i.test(who);
  const name = !organisation && words.length >= 2 && words.length <= 3 ? words.at(-1)! : who;
  return { name, town };
}

/** Lines a text takes at `perLine` characters a line, wrapped at spaces (a longer word breaks). */
export function linesOf(text: string, perLine: number): number {
  if (!text) return 0;
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/)) {
    const need = used === 0 ? word.length : used + 1 + word.length;
    if (need <= perLine) used = need;
    else if (used === 0) {
      lines += Math.ceil(word.length / perLine) - 1;
      used = word.length % perLine || perLine;
    } else {
      lines += 1 + Math.ceil(word.length / perLine) - 1;
      used = word.length % perLine || perLine;
    }
  }
  return lines;
}
