import type { Order } from '@letokruh/contracts/orders';
import { isPersonalCollection, travelOf } from '@letokruh/contracts/rules/collection';
import { formatMoney, formatNumber, formatPhone } from '@letokruh/contracts/rules/format';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalCalendar, type ICalLocation } from 'ical-generator';
import { DateTime } from 'luxon';

/**
 * The iCalendar text of a feed (issue 17 §3, decision 0063), made with ical-generator. Deliveries
 * are Prague wall-clock times (domain.md §3.3 Time): every timed event carries TZID=Europe/Prague
 * and the calendar a VTIMEZONE of it with both daylight-saving rules (@touch4it/ical-timezones),
 * so a phone anywhere shows 10:00 as 10:00 in Prague on either side of a clock change. The times
 * are handed over as Luxon DateTimes in that zone, never as `Date`s: ical-generator writes a
 * `Date` in the server process's own zone.
 *
 * One event per order (UID `order-<id>@letokruh`); its travel blocks (`duration` minutes before
 * and after, as the calendar draws them) are events of their own, so that every calendar app shows
 * when the car leaves and comes back. An order without a time is an all-day event without travel.
 * The texts are Czech, the language of the business (the feed has no reader's language).
 */

type FeedOrder = Omit<Order, 'files'>;
const zone = 'Europe/Prague';

const money = (value: number, order: FeedOrder) => formatMoney(value, order.currency ?? undefined, 'cs');
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
export function describeOrder(order: FeedOrder): string {
  const lines: string[] = [`Objednávka ${order.intern_id}${order.done ? ' (hotovo)' : ''}`];
  const c = order.customer;
  if (c) {
    lines.push(`Zákazník: ${customerName(order)}`);
    if (c.whole_phone) lines.push(`Telefon: ${formatPhone(c.whole_phone)}`);
  }
  if (isPersonalCollection(order)) lines.push(`Osobní odběr ve skladu ${order.warehouse?.name ?? ''}`.trim());
  else if (order.address?.full_address) lines.push(`Adresa: ${order.address.full_address}`);
  if (order.products.length) {
    lines.push('Zboží:');
    for (const line of order.products) {
      const product = line.product.product;
      lines.push(
        `• ${product.name} – ${formatNumber(line.amount, 'cs')} ${product.measurement_unit} – ${money(line.total_price_vat, order)}`,
      );
    }
  }
  if (order.delivery_price.price) lines.push(`Doprava: ${money(order.delivery_price.price, order)}`);
  lines.push(`Celkem s DPH: ${money(order.price_with_vat, order)}`);
  lines.push(paymentLine(order));
  const travel = travelOf(order);
  if (travel > 0)
    lines.push(`Cesta: ${travel} min tam a ${travel} min zpět (${formatNumber(order.distance, 'cs')} km)`);
  const crew = [
    order.warehouse && `Sklad: ${order.warehouse.name}`,
    order.car && `Auto: ${order.car.name}`,
    order.driver && `Řidič: ${order.driver.name}`,
  ].filter(Boolean);
  if (crew.length) lines.push(crew.join(' · '));
  if (order.note.trim()) lines.push(`Poznámka: ${order.note.trim()}`);
  return lines.join('\n');
}

/** What to collect (domain.md §1.4, §4.4): cash rounded to whole crowns, a transfer nothing. */
function paymentLine(order: FeedOrder): string {
  if (order.pay_by_cash) {
    return order.collected_revenue_at
      ? 'Platba: hotově – už převzato'
      : `Platba: hotově – vybrat ${money(order.amount_to_pay, order)}`;
  }
  return order.collected_revenue_at
    ? 'Platba: převodem – zaplaceno'
    : 'Platba: převodem (QR) – nic nevybírat';
}

function addOrder(calendar: ICalCalendar, order: FeedOrder, origin: string | null): void {
  const date = order.expected_delivery_date;
  if (!date) return;
  const name = customerName(order);
  const collection = isPersonalCollection(order);
  const summary = `${order.done ? '✓ ' : ''}${order.intern_id} – ${collection ? 'osobní odběr – ' : ''}${name}`;
  const common = {
    timezone: zone,
    location: locationOf(order),
    url: origin ? `${origin}/order/${order.id}` : null,
    sequence: order.version,
  };
  const time = order.expected_delivery_time;
  if (!time) {
    const day = DateTime.fromISO(date, { zone });
    calendar.createEvent({
      ...common,
      id: `order-${order.id}@letokruh`,
      allDay: true,
      start: day,
      end: day.plus({ days: 1 }),
      summary,
      description: describeOrder(order),
    });
    return;
  }
  const start = DateTime.fromISO(`${date}T${time}`, { zone });
  const end = start.plus({ minutes: order.expected_delivery_duration });
  calendar.createEvent({
    ...common,
    id: `order-${order.id}@letokruh`,
    start,
    end,
    summary,
    description: describeOrder(order),
  });
  const travel = travelOf(order);
  if (travel <= 0) return;
  const from = order.warehouse?.name ?? '';
  calendar.createEvent({
    ...common,
    id: `order-${order.id}-travel-out@letokruh`,
    start: start.minus({ minutes: travel }),
    end: start,
    summary: `Cesta → ${order.intern_id} – ${name}`,
    description: `Cesta ze skladu ${from} k zákazníkovi: ${travel} min, ${formatNumber(order.distance, 'cs')} km.`,
  });
  calendar.createEvent({
    ...common,
    id: `order-${order.id}-travel-back@letokruh`,
    start: end,
    end: end.plus({ minutes: travel }),
    summary: `Cesta zpět ← ${order.intern_id} – ${name}`,
    description: `Cesta od zákazníka zpět do skladu ${from}: ${travel} min.`,
    location: null,
  });
}

/** The whole feed: a calendar named after its driver or warehouse, refreshed every 15 minutes. */
export function feedCalendar(name: string, orders: FeedOrder[], options: { origin: string | null }): string {
  const calendar = ical({
    name,
    prodId: { company: 'Letokruh', product: 'Letokruh', language: 'CS' },
    // The VTIMEZONE of every event's zone; no calendar-wide zone, so that DTSTAMP stays in UTC.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: 15 * 60,
  });
  for (const order of orders) addOrder(calendar, order, options.origin);
  return calendar.toString();
}
