import type { Order } from '@letokruh/contracts/orders';
import { isPersonalCollection, travelOf } from '@letokruh/contracts/rules/collection';
import { formatMoney, formatNumber, formatPhone } from '@letokruh/contracts/rules/format';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalCalendar, type ICalLocation } from 'ical-generator';
import { PragueTime } from './prague-time.ts';

/**
 * The iCalendar text of a feed (domain.md §2.10, decision 0063), made with ical-generator. Deliveries
 * are Prague wall-clock times (domain.md §3.3 Time): every timed event carries TZID=Europe/Prague
 * and the calendar a VTIMEZONE of it with both daylight-saving rules (@touch4it/ical-timezones),
 * so a phone anywhere shows 10:00 as 10:00 in Prague on either side of a clock change. The times
 * are handed over as `PragueTime`s (their Prague wall clock), never as `Date`s: ical-generator
 * writes a `Date` in the server process's own zone (decisions 0063, 0073).
 *
 * One event per order (UID `order-<id>@letokruh`); its travel blocks (`duration` minutes before
 * and after, as the calendar draws them) are events of their own, so that every calendar app shows
 * when the car leaves and comes back. An order without a time is an all-day event without travel.
 * The texts are Czech, the language of the business, or English when the link asks (`?lang=en`,
 * which the account page adds for a user reading it in English).
 */

type FeedOrder = Omit<Order, 'files'>;
export type FeedLanguage = 'cs' | 'en';
const zone = 'Europe/Prague';

const texts = {
  cs: {
    order: 'Objednávka',
    done: 'hotovo',
    customer: 'Zákazník',
    phone: 'Telefon',
    collectionAt: 'Osobní odběr ve skladu',
    address: 'Adresa',
    goods: 'Zboží',
    transport: 'Doprava',
    total: 'Celkem s DPH',
    travel: (min: number, km: string) => `Cesta: ${min} min tam a ${min} min zpět (${km} km)`,
    warehouse: 'Sklad',
    car: 'Auto',
    driver: 'Řidič',
    note: 'Poznámka',
    cashTaken: 'Platba: hotově – už převzato',
    cashToCollect: (amount: string) => `Platba: hotově – vybrat ${amount}`,
    transferPaid: 'Platba: převodem – zaplaceno',
    transfer: 'Platba: převodem (QR) – nic nevybírat',
    collection: 'osobní odběr',
    out: 'Cesta',
    back: 'Cesta zpět',
    outText: (from: string, min: number, km: string) =>
      `Cesta ze skladu ${from} k zákazníkovi: ${min} min, ${km} km.`,
    backText: (from: string, min: number) => `Cesta od zákazníka zpět do skladu ${from}: ${min} min.`,
  },
  en: {
    order: 'Order',
    done: 'done',
    customer: 'Customer',
    phone: 'Phone',
    collectionAt: 'Collection at the warehouse',
    address: 'Address',
    goods: 'Goods',
    transport: 'Transport',
    total: 'Total incl. VAT',
    travel: (min: number, km: string) => `Travel: ${min} min there and ${min} min back (${km} km)`,
    warehouse: 'Warehouse',
    car: 'Car',
    driver: 'Driver',
    note: 'Note',
    cashTaken: 'Payment: cash – already taken',
    cashToCollect: (amount: string) => `Payment: cash – collect ${amount}`,
    transferPaid: 'Payment: transfer – paid',
    transfer: 'Payment: transfer (QR) – collect nothing',
    collection: 'collection',
    out: 'Travel',
    back: 'Travel back',
    outText: (from: string, min: number, km: string) =>
      `From the warehouse ${from} to the customer: ${min} min, ${km} km.`,
    backText: (from: string, min: number) => `From the customer back to the warehouse ${from}: ${min} min.`,
  },
} as const;

const money = (value: number, order: FeedOrder, lang: FeedLanguage) =>
  formatMoney(value, order.currency ?? undefined, lang);
const customerName = (order: FeedOrder) => {
  const c = order.customer;
  if (!c) return '';
  const person = `${c.first_name} ${c.last_name}`.trim();
  return c.organization_name ? `${c.organization_name}${person ? ` (${person})` : ''}` : person;
};

/** Where the event happens: the customer's address; a personal collection at the warehouse. */
function locationOf(order: FeedOrder): ICalLocation | null {
  const place = isPersonalCollection(order) ? order.warehouse?.address : order.address;
  if (!place?.full_address) return null;
  const hasGeo = Number.isFinite(place.gps_lat) && Number.isFinite(place.gps_lon);
  return {
    title: place.full_address,
    ...(hasGeo && (place.gps_lat !== 0 || place.gps_lon !== 0)
      ? { geo: { lat: place.gps_lat, lon: place.gps_lon } }
      : {}),
  };
}

/** What the driver needs at the door: the customer, phone, goods, what to collect, the note. */
export function describeOrder(order: FeedOrder, lang: FeedLanguage = 'cs'): string {
  const l = texts[lang];
  const lines: string[] = [`${l.order} ${order.intern_id}${order.done ? ` (${l.done})` : ''}`];
  const c = order.customer;
  if (c) {
    lines.push(`${l.customer}: ${customerName(order)}`);
    if (c.whole_phone) lines.push(`${l.phone}: ${formatPhone(c.whole_phone)}`);
  }
  if (isPersonalCollection(order)) lines.push(`${l.collectionAt} ${order.warehouse?.name ?? ''}`.trim());
  else if (order.address?.full_address) lines.push(`${l.address}: ${order.address.full_address}`);
  if (order.products.length) {
    lines.push(`${l.goods}:`);
    for (const line of order.products) {
      const product = line.product.product;
      lines.push(
        `• ${product.name} – ${formatNumber(line.amount, lang)} ${product.measurement_unit} – ${money(line.total_price_vat, order, lang)}`,
      );
    }
  }
  if (order.delivery_price.price)
    lines.push(`${l.transport}: ${money(order.delivery_price.price, order, lang)}`);
  lines.push(`${l.total}: ${money(order.price_with_vat, order, lang)}`);
  lines.push(paymentLine(order, lang));
  const travel = travelOf(order);
  if (travel > 0) lines.push(l.travel(travel, formatNumber(order.distance, lang)));
  const crew = [
    order.warehouse && `${l.warehouse}: ${order.warehouse.name}`,
    order.car && `${l.car}: ${order.car.name}`,
    order.driver && `${l.driver}: ${order.driver.name}`,
  ].filter(Boolean);
  if (crew.length) lines.push(crew.join(' · '));
  if (order.note.trim()) lines.push(`${l.note}: ${order.note.trim()}`);
  return lines.join('\n');
}

/** What to collect (domain.md §1.4, §4.4): cash rounded to whole crowns, a transfer nothing. */
function paymentLine(order: FeedOrder, lang: FeedLanguage): string {
  const l = texts[lang];
  if (order.pay_by_cash) {
    return order.collected_revenue_at
      ? l.cashTaken
      : l.cashToCollect(money(order.amount_to_pay, order, lang));
  }
  return order.collected_revenue_at ? l.transferPaid : l.transfer;
}

function addOrder(calendar: ICalCalendar, order: FeedOrder, origin: string | null, lang: FeedLanguage): void {
  const l = texts[lang];
  const date = order.expected_delivery_date;
  if (!date) return;
  const name = customerName(order);
  const collection = isPersonalCollection(order);
  const summary = `${order.done ? '✓ ' : ''}${order.intern_id} – ${collection ? `${l.collection} – ` : ''}${name}`;
  const common = {
    timezone: zone,
    location: locationOf(order),
    url: origin ? `${origin}/order/${order.id}` : null,
    sequence: order.version,
  };
  const time = order.expected_delivery_time;
  if (!time) {
    const day = PragueTime.day(date);
    calendar.createEvent({
      ...common,
      id: `order-${order.id}@letokruh`,
      allDay: true,
      start: day,
      end: day.plusDays(1),
      summary,
      description: describeOrder(order, lang),
    });
    return;
  }
  const start = PragueTime.of(date, time);
  const end = start.plusMinutes(order.expected_delivery_duration);
  calendar.createEvent({
    ...common,
    id: `order-${order.id}@letokruh`,
    start,
    end,
    summary,
    description: describeOrder(order, lang),
  });
  const travel = travelOf(order);
  if (travel <= 0) return;
  const from = order.warehouse?.name ?? '';
  calendar.createEvent({
    ...common,
    id: `order-${order.id}-travel-out@letokruh`,
    start: start.plusMinutes(-travel),
    end: start,
    summary: `${l.out} → ${order.intern_id} – ${name}`,
    description: l.outText(from, travel, formatNumber(order.distance, lang)),
  });
  calendar.createEvent({
    ...common,
    id: `order-${order.id}-travel-back@letokruh`,
    start: end,
    end: end.plusMinutes(travel),
    summary: `${l.back} ← ${order.intern_id} – ${name}`,
    description: l.backText(from, travel),
    location: null,
  });
}

/** An empty calendar of a feed, named after its driver or warehouse. */
export function feedCalendarOf(name: string, lang: FeedLanguage): ICalCalendar {
  return ical({
    name,
    prodId: { company: 'Letokruh', product: 'Letokruh', language: lang.toUpperCase() },
    // The VTIMEZONE of every event's zone; no calendar-wide zone, so that DTSTAMP stays in UTC.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: 15 * 60,
  });
}

/** The whole feed as ical-generator's calendar: named after its driver or warehouse. */
export function feedEvents(
  name: string,
  orders: FeedOrder[],
  options: { origin: string | null; lang?: FeedLanguage },
): ICalCalendar {
  const lang = options.lang ?? 'cs';
  const calendar = feedCalendarOf(name, lang);
  for (const order of orders) addOrder(calendar, order, options.origin, lang);
  return calendar;
}

/**
 * A calendar's events as text, folded. ical-generator's own `toString` folds with a TextEncoder for
 * every character, which cost most of a feed's time (decision 0073): each event is written by
 * ical-generator and folded by `foldLines` below, to the same text.
 */
export function eventsText(calendar: ICalCalendar): string {
  return foldLines([...calendar.events()].map((e) => e.toString()).join(''));
}

/**
 * The events of one order as text: what a feed keeps per order while the order and what it shows of
 * its customer, warehouse, car, driver and products stay as they were (decision 0073).
 */
export function orderEventsText(
  order: FeedOrder,
  options: { origin: string | null; lang?: FeedLanguage },
): string {
  const lang = options.lang ?? 'cs';
  const calendar = feedCalendarOf('', lang);
  addOrder(calendar, order, options.origin, lang);
  return eventsText(calendar);
}

const end = 'END:VCALENDAR';
const pragueZone = `${getVtimezoneComponent(zone)!.replace(/\r?\n/g, '\r\n').trim()}\r\n`;

/**
 * The calendar's text around its events' (`eventsText`): the calendar's own lines as ical-generator
 * writes them, then the VTIMEZONE of Europe/Prague, the one zone of every event (none without
 * events), then the events. Refreshed every 15 minutes.
 */
export function feedText(calendar: ICalCalendar, events: string[]): string {
  const head = calendar.toString();
  const zones = events.some((e) => e.length > 0) ? pragueZone : '';
  return `${head.slice(0, -end.length)}${zones}${events.join('')}${end}`;
}

/**
 * RFC 5545 §3.1 line folding, as ical-generator folds: a line longer than 74 octets of UTF-8 goes
 * on in a line that starts with a space, never inside a character.
 */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      let octets = 0;
      let folded = '';
      let from = 0;
      for (let i = 0; i < line.length; ) {
        const code = line.codePointAt(i)!;
        const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
        octets += width;
        if (octets > 74) {
          folded += `${line.slice(from, i)}\r\n `;
          from = i;
          octets = width;
        }
        i += code > 0xffff ? 2 : 1;
      }
      return folded + line.slice(from);
    })
    .join('\r\n');
}

/** The whole feed's iCalendar text. */
export function feedCalendar(
  name: string,
  orders: FeedOrder[],
  options: { origin: string | null; lang?: FeedLanguage },
): string {
  const lang = options.lang ?? 'cs';
  return feedText(
    feedCalendarOf(name, lang),
    orders.map((order) => orderEventsText(order, { ...options, lang })),
  );
}
