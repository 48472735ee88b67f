import { type AuditItem, auditRefOf } from '@letokruh/contracts/audit';
import type { TFunction } from 'i18next';
import { permissionLabel } from '../../lib/permission-labels';
import type { Format } from '../../ui/format';

/**
 * The data of an audit row in words (decision 0088): each field by its label, each value formatted
 * (money, days, yes/no, records by name) in the user's language, never as JSON or code names.
 */
export type Field = { label: string; value: string; named?: boolean };
/** A list of like things (an order's lines, a conversion's inputs): one line of fields each. */
export type FieldGroup = { label: string; rows: Field[][] };
export type Shown = Field | FieldGroup;

export const isGroup = (shown: Shown): shown is FieldGroup => 'rows' in shown;

/** Parts of a request that say nothing to the reader: ids already in the row, edit versions, keys. */
export const hiddenFields = new Set([
  'id',
  'version',
  'status',
  'key',
  'expected_delivery_datetime',
  'measurement_unit',
  // The paging and the view of a spreadsheet's preview: how it was read, not what it changed.
  'current_page',
  'per_page',
  'view',
]);

type Kind =
  | 'money'
  | 'day'
  | 'instant'
  | 'quantity'
  | 'discount'
  | 'percent'
  | 'km'
  | 'minutes'
  | 'cm'
  | 'metres'
  | 'coordinate'
  | 'coefficient'
  | 'number'
  | 'code';

const kinds: Record<string, Kind> = {
  price: 'money',
  delivery_price_amount: 'money',
  minimim_delivery_price: 'money',
  cash_received: 'money',
  expected_delivery_date: 'day',
  vacation_from: 'day',
  vacation_to: 'day',
  from_date: 'day',
  date: 'day',
  booked_on: 'day',
  at: 'instant',
  amount: 'quantity',
  orderedAmount: 'quantity',
  deliveredAmount: 'quantity',
  available: 'quantity',
  asked: 'quantity',
  coefficient: 'coefficient',
  maximum_order_count: 'quantity',
  photos: 'quantity',
  discount: 'discount',
  vat: 'percent',
  distance: 'km',
  duration: 'minutes',
  expected_delivery_duration: 'minutes',
  length: 'cm',
  accuracy: 'metres',
  lat: 'coordinate',
  lon: 'coordinate',
  gps_lat: 'coordinate',
  gps_lon: 'coordinate',
  payment: 'number',
  intern_id: 'code',
  order_number: 'code',
};

/** Fields whose values are names of a fixed list, and the catalogue keys that say them. */
const choices: Record<string, string> = {
  payment_type: 'orders.paymentTypes',
  calculation_type: 'conversions.types',
  kind: 'audit.feedKinds',
  subtype: 'products.subtypes',
  functions: 'functions',
  language: 'orders.qr.languages',
  transportType: 'transportations.types',
  choice: 'transportations.choices',
};

/** "delivery_price_amount" → "Delivery price amount": a field this page has no label for yet. */
export const readable = (key: string) => {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `currency`: the body's own, for the amounts of its lines. */
type Context = { t: TFunction; format: Format; item: AuditItem; currency: 'CZK' | 'EUR' | undefined };

function label(key: string, parent: string | undefined, c: Context): string {
  // A quote's lines name their product by `id`; a permissions edit names its function by `name`.
  if (key === 'id' && parent === 'products') return c.t('audit.field.product');
  if (key === 'name' && c.item.entity === 'permissions') return c.t('audit.field.function_id');
  return c.t(`audit.field.${key}`, { defaultValue: readable(key) });
}

function refName(kind: string, id: number, c: Context): string {
  return c.item.refs[kind as keyof AuditItem['refs']]?.[id] ?? c.t('audit.value.record', { id });
}

function scalar(key: string, value: unknown, siblings: Record<string, unknown>, c: Context): string {
  const { t, format } = c;
  if (value === null || value === undefined || value === '') return format.number(null);
  if (value === '***') return t('audit.value.hidden');
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (key === 'name' && c.item.entity === 'permissions')
    return t(`functions.${value}`, { defaultValue: String(value) });
  if (key in choices) return t(`${choices[key]}.${value}`, { defaultValue: String(value) });
  if (key === 'permissions') return permissionLabel(t, String(value));
  // The bank's rows: the amount paid (in crowns) and the account it came through.
  if (key === 'amount' && c.item.action.startsWith('bank_')) return format.money(Number(value), 'CZK');
  if (key === 'actor' && typeof value === 'string') return value.replace(/^bank: /, '');
  const unit = typeof siblings.measurement_unit === 'string' ? ` ${siblings.measurement_unit}` : '';
  const currency = siblings.currency === 'EUR' || siblings.currency === 'CZK' ? siblings.currency : undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  switch (kinds[key]) {
    case 'money':
      return Number.isNaN(n) ? String(value) : format.money(n, currency ?? c.currency);
    case 'day':
      return typeof value === 'string' ? format.day(value) : String(value);
    case 'instant':
      return typeof value === 'string' ? format.dateShort(value) : String(value);
    case 'quantity':
      return Number.isNaN(n) ? String(value) : `${format.number(n)}${unit}`;
    case 'discount':
      // The spec's discount is a multiplier: 0.9 is 10 % off.
      return Number.isNaN(n) ? String(value) : format.percent(Math.round((1 - n) * 10_000) / 100);
    case 'percent':
      return Number.isNaN(n) ? String(value) : format.percent(n);
    case 'km':
      return `${format.number(n)} km`;
    case 'minutes':
      return `${format.number(n)} min`;
    case 'cm':
      return `${format.number(n)} cm`;
    case 'metres':
      return `${format.number(n)} m`;
    case 'coordinate':
      return format.decimal(n, 6);
    case 'coefficient':
      return format.decimal(n, 4);
    case 'number':
      return t('audit.value.record', { id: String(value) });
    case 'code':
      return String(value);
    default:
      if (typeof value === 'number') return format.number(value);
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value))
        return format.dateShort(value);
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return format.day(value);
      return typeof value === 'object' ? t('audit.value.more') : String(value);
  }
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The fields of one object; a nested object's fields join its parent's (a position's lat and lon). */
function fieldsOf(
  object: Record<string, unknown>,
  parent: string | undefined,
  c: Context,
  depth = 0,
): Shown[] {
  const out: Shown[] = [];
  const seen = new Set<string>();
  const push = (shown: Shown) => {
    const key = isGroup(shown)
      ? `${shown.label}\u0000${JSON.stringify(shown.rows)}`
      : `${shown.label}\u0000${shown.value}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(shown);
  };
  for (const [field, value] of Object.entries(object)) {
    // The items step's line gives its unit price as `product.amount` (domain.md §1.7).
    const key = field === 'amount' && parent === 'product' ? 'price' : field;
    if (hiddenFields.has(key) && !(key === 'id' && parent === 'products')) continue;
    // Nothing to say: an empty field, no discount, a confirmation or an exception not asked for.
    if (isEmpty(value) || (key === 'discount' && value === 1)) continue;
    if (value === false && /^(confirm|allow)_/.test(key)) continue;
    // A line that names its product by id needs no second name of it.
    if (key === 'name' && 'product_id' in object) continue;
    const ref = auditRefOf(key, value, parent, object);
    if (ref) {
      push({
        label: label(key, parent, c),
        value: ref.ids.map((id) => refName(ref.kind, id, c)).join(', '),
        named: true,
      });
      continue;
    }
    if (Array.isArray(value)) {
      if (value.every(isPlain)) {
        push({
          label: label(key, parent, c),
          rows: value
            .slice(0, 50)
            .map((v) => fieldsOf(v, key, c, depth + 1).flatMap((s) => (isGroup(s) ? [] : [s]))),
        });
      } else {
        push({ label: label(key, parent, c), value: value.map((v) => scalar(key, v, object, c)).join(', ') });
      }
      continue;
    }
    if (isPlain(value)) {
      if (depth < 4) for (const inner of fieldsOf(value, key, c, depth + 1)) push(inner);
      continue;
    }
    push({ label: label(key, parent, c), value: scalar(key, value, object, c) });
  }
  // In a line of a list the record it is about comes first: "Produkt: Buk…, Množství: 3".
  return depth > 0 ? [...out.filter(isNamed), ...out.filter((s) => !isNamed(s))] : out;
}

const isNamed = (shown: Shown) => !isGroup(shown) && shown.named === true;

/** The row's data, shown: the path's other records and the body sent, or what a service recorded. */
export function changeDetails(item: AuditItem, t: TFunction, format: Format): Shown[] {
  const details = item.details;
  const body = details.body;
  const currency =
    isPlain(body) && (body.currency === 'CZK' || body.currency === 'EUR') ? body.currency : undefined;
  const c: Context = { t, format, item, currency };
  if (!('params' in details) && !('body' in details)) return fieldsOf(details, undefined, c);
  const params = isPlain(details.params) ? details.params : {};
  const shown = fieldsOf({ ...params, ...(isPlain(body) ? body : {}) }, undefined, c);
  if (body === '(too long)') shown.push({ label: t('audit.field.body'), value: t('audit.value.tooLong') });
  else if (Array.isArray(body) && body.length) shown.push(...fieldsOf({ body }, undefined, c));
  return shown;
}
