import { parseDay } from '@letokruh/contracts/rules/format';
import {
  type Transportation,
  type TransportationPayload,
  type TransportChoice,
  type TransportType,
  transportChoices,
} from '@letokruh/contracts/transportations';

/** The value of the "Other" option of the subscriber and plate selects (domain.md §2.2). */
export const OTHER = '__other__';

let nextKey = 1;
/** A key for a repeatable row, stable while rows are added and removed around it. */
const key = () => nextKey++;

export type CmrRow = { key: number; cmrOrWagon: string; amount: number | '' };
export type PlaceRow = { key: number; loading: string; unloading: string };

/** What the form holds while typing: select values as strings, days as YYYY-MM-DD. */
export type Draft = {
  transportType: TransportType;
  choice: TransportChoice | null;
  differentChoice: string;
  date: string | null;
  driver: string | null;
  recipient: string | null;
  cmrs: CmrRow[];
  subscriber: string | null;
  subscriberText: string;
  sortiment: string | null;
  places: PlaceRow[];
  spz: string | null;
  spzText: string;
};

/** Fields the form marks; the names of the payload where there is one. */
export type DraftField =
  | 'transportType.choice'
  | 'transportType.differentChoice'
  | 'date'
  | 'driver'
  | 'recipient'
  | 'subscriber'
  | 'sortiment'
  | 'spz';

export const emptyCmr = (): CmrRow => ({ key: key(), cmrOrWagon: '', amount: '' });
export const emptyPlace = (): PlaceRow => ({ key: key(), loading: '', unloading: '' });

export const emptyDraft = (): Draft => ({
  transportType: 'Standardní',
  choice: null,
  differentChoice: '',
  date: null,
  driver: null,
  recipient: null,
  cmrs: [emptyCmr()],
  subscriber: null,
  subscriberText: '',
  sortiment: null,
  places: [emptyPlace()],
  spz: null,
  spzText: '',
});

const knownChoices = transportChoices.filter((c) => c !== 'other') as string[];
const idText = (entry: { id: number } | null) => (entry ? String(entry.id) : null);

/**
 * The edit form's start (domain.md §2.2): the server's day.month.year becomes the picker's day, a
 * choice that is none of the known loaders is "other" with its text, and the load and unload
 * lists are paired by position, the shorter one padded with empty places.
 */
export function draftOf(item: Transportation): Draft {
  const choice = item.load_type.choice;
  const pairs = Math.max(item.load_location.length, item.unload_location.length, 1);
  return {
    transportType: item.load_type.name,
    choice: choice === null ? null : knownChoices.includes(choice) ? (choice as TransportChoice) : 'other',
    differentChoice: choice !== null && !knownChoices.includes(choice) ? choice : '',
    date: parseDay(item.date) ?? (/^\d{4}-\d{2}-\d{2}$/.test(item.date) ? item.date : null),
    driver: idText(item.driver),
    recipient: idText(item.recipient),
    cmrs: item.cmr_wagon_number.length
      ? item.cmr_wagon_number.map((c) => ({
          key: key(),
          cmrOrWagon: c.cmr_or_wagon_number,
          amount: c.amount ?? '',
        }))
      : [emptyCmr()],
    subscriber: idText(item.subscriber),
    subscriberText: '',
    sortiment: idText(item.wood_type),
    places: Array.from({ length: pairs }, (_, i) => ({
      key: key(),
      loading: item.load_location[i]?.name ?? '',
      unloading: item.unload_location[i]?.name ?? '',
    })),
    spz: idText(item.license_plate),
    spzText: '',
  };
}

const bezrukace = (d: Draft) => d.transportType === 'bezrukaceTransport';
const filled = (select: string | null, text: string) =>
  select !== null && (select !== OTHER || text.trim() !== '');

/** domain.md §2.5: subscriber, date and plate (and who loaded a bezrukáč, with its text) must be there. */
export function missingFields(d: Draft): DraftField[] {
  const missing: DraftField[] = [];
  if (bezrukace(d) && !d.choice) missing.push('transportType.choice');
  if (bezrukace(d) && d.choice === 'other' && !d.differentChoice.trim())
    missing.push('transportType.differentChoice');
  if (!d.date) missing.push('date');
  if (!filled(d.subscriber, d.subscriberText)) missing.push('subscriber');
  if (!filled(d.spz, d.spzText)) missing.push('spz');
  return missing;
}

const idOrNull = (value: string | null) => (value === null ? null : Number(value));
const idOrText = (value: string | null, text: string) => (value === OTHER ? text.trim() : Number(value));

/** The payload of domain.md §2.3, exactly as the server reads it; empty rows are left out. */
export function payloadOf(d: Draft, version?: number): TransportationPayload {
  const choice = bezrukace(d) ? d.choice : null;
  return {
    transportType: {
      transportType: d.transportType,
      choice,
      differentChoice: choice === 'other' ? d.differentChoice.trim() : '',
    },
    date: d.date ?? '',
    driver: idOrNull(d.driver),
    cmrOrWagon: d.cmrs
      .map((c) => ({ cmrOrWagon: c.cmrOrWagon.trim(), amount: c.amount === '' ? null : c.amount }))
      .filter((c) => c.cmrOrWagon !== '' || c.amount !== null),
    loadingUnloading: d.places
      .map((p) => ({ loading: p.loading.trim(), unloading: p.unloading.trim() }))
      .filter((p) => p.loading !== '' || p.unloading !== ''),
    spz: idOrText(d.spz, d.spzText),
    recipient: idOrNull(d.recipient),
    subscriber: idOrText(d.subscriber, d.subscriberText),
    sortiment: idOrNull(d.sortiment),
    ...(version === undefined ? {} : { version }),
  };
}

/** Inserts a row after `index` (domain.md §2.2: an add button on each row). */
export const insertAfter = <T>(rows: T[], index: number, row: T) => [
  ...rows.slice(0, index + 1),
  row,
  ...rows.slice(index + 1),
];
