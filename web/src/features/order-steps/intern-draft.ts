import type { Order, PaymentType } from '@letokruh/contracts/orders';
import { isPersonalCollection } from '@letokruh/contracts/rules/collection';
import { deliveryDefaults } from '@letokruh/contracts/rules/order-price';
import type { InternPayload } from './api';

/** The value of the driver select meaning personal collection (no driver). */
export const personalCollection = 'none';

/** The intern step's form (domain.md §1.2 step 3), as the selects hold it. */
export type InternDraft = {
  /** A driver id, `personalCollection`, or null before a choice. */
  driver: string | null;
  car: string | null;
  supplier: string | null;
  payment: PaymentType | null;
  date: string | null;
  /** HH:mm */
  time: string;
  duration: number | '';
  note: string;
  adType: string | null;
};

export function internDraftOf(order: Order): InternDraft {
  // A planned order without a driver was chosen as personal collection; a new one asks.
  const planned = order.expected_delivery_date !== null;
  return {
    driver: order.driver ? String(order.driver.id) : planned ? personalCollection : null,
    car: order.car ? String(order.car.id) : null,
    supplier: order.default_supplier ? String(order.default_supplier.id) : null,
    payment: order.payment_type,
    date: order.expected_delivery_date,
    time: order.expected_delivery_time ?? '',
    duration: order.expected_delivery_duration,
    note: order.note,
    adType: order.ad_type ? String(order.ad_type.id) : null,
  };
}

export type InternProblem = 'missingFields' | 'missingSupplier';
export type InternField = 'driver' | 'payment' | 'date' | 'time' | 'duration' | 'supplier';

/**
 * What keeps the form from being sent (domain.md §1.5): required fields (driver or personal collection,
 * payment, day, time, duration ≥ 0), and a supplier for a QR transfer, whose code names the
 * supplier's account (the server refuses it too).
 */
export function internProblems(draft: InternDraft): { problem: InternProblem; fields: InternField[] } | null {
  const missing: InternField[] = [];
  if (!draft.driver) missing.push('driver');
  if (!draft.payment) missing.push('payment');
  if (!draft.date) missing.push('date');
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time)) missing.push('time');
  if (draft.duration === '' || draft.duration < 0) missing.push('duration');
  if (missing.length > 0) return { problem: 'missingFields', fields: missing };
  if (draft.payment === 'qr_transfer' && !draft.supplier)
    return { problem: 'missingSupplier', fields: ['supplier'] };
  return null;
}

const idOf = (value: string | null) => (value && value !== personalCollection ? Number(value) : null);

/**
 * Decision 0031: a saved personal collection has no transport rate or minimum; given a driver again it
 * gets the currency's defaults (domain.md §1.9), which the items step can change. Null: nothing to send.
 */
export function restoredDelivery(draft: InternDraft, order: Order): { rate: number; minimum: number } | null {
  if (draft.driver === null || draft.driver === personalCollection || !order.currency) return null;
  if (!isPersonalCollection(order)) return null;
  if (order.delivery_price.amount !== 0 || order.delivery_price.minimum_price !== 0) return null;
  const { rate, minimum } = deliveryDefaults[order.currency];
  return { rate, minimum };
}

/** POST /order/{id}/intern: the form whole (a reference left out is cleared), with the version. */
export function internPayloadOf(
  draft: InternDraft,
  version: number,
  confirmOverlap = false,
  delivery: { rate: number; minimum: number } | null = null,
): InternPayload {
  const collection = draft.driver === personalCollection;
  return {
    driver_id: idOf(draft.driver),
    // Personal collection has no car (the server clears it too).
    car_id: collection ? null : idOf(draft.car),
    ...(delivery ? { delivery_price_amount: delivery.rate, minimim_delivery_price: delivery.minimum } : {}),
    supplier_id: idOf(draft.supplier),
    payment_type: draft.payment ?? 'cash',
    expected_delivery_date: draft.date ?? '',
    expected_delivery_time: draft.time,
    expected_delivery_duration: draft.duration === '' ? 0 : draft.duration,
    note: draft.note.trim(),
    ad_type: idOf(draft.adType),
    confirm_overlap: confirmOverlap,
    version,
  };
}

/** The hour range of the calendar settings, widened to hold the planned slot with its travel. */
export function hoursShowing(
  settings: { start: number; end: number },
  planned: { time: string; duration: number; travel: number } | null,
): { startHour: number; endHour: number } {
  if (!planned) return { startHour: settings.start, endHour: settings.end };
  const [h = 0, m = 0] = planned.time.split(':').map(Number);
  const from = h * 60 + m - planned.travel;
  const to = h * 60 + m + planned.duration + planned.travel;
  return {
    startHour: Math.max(0, Math.min(settings.start, Math.floor(from / 60))),
    endHour: Math.min(24, Math.max(settings.end, Math.ceil(to / 60))),
  };
}

type Option = { value: string; label: string };

/** Select options of a list, the order's own choice kept selectable when the list no longer has it. */
export function optionsKeeping(
  options: Option[],
  own: { id: number; name: string } | null | undefined,
): Option[] {
  if (!own || options.some((o) => o.value === String(own.id))) return options;
  return [...options, { value: String(own.id), label: own.name }];
}
