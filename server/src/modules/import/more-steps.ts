import { closureBounds } from '@letokruh/contracts/rules/vacation-period';
import {
  referenceKey,
  transportationDataSchema,
  transportationSchema,
  transportationSummarySchema,
  transportChoices,
  transportDaySchema,
} from '@letokruh/contracts/transportations';
import { userVacationSchema, warehouseVacationSchema } from '@letokruh/contracts/vacations';
import * as q from './import.queries.ts';
import { type Checked, defineStep, fingerprintOf, issuesText, Lookup, refused } from './import-step.ts';
import { ReadFailure } from './old-system.ts';
import { pagesOf } from './read-pages.ts';

/**
 * Warehouse closures, drivers' vacations, and wood hauls with their reference data
 * (domain.md §2.3; docs/decisions/0089-moving-in-orders-files-and-the-rest.md). The lists answer
 * active vacations only: a deactivated one is not brought.
 */

/** The ids a page of records names under `key` (an object with an id), for one `Lookup`. */
const idsAt = (items: unknown[], key: string) =>
  items.flatMap((item) => {
    const ref = (item as Record<string, { id?: unknown } | null>)?.[key];
    return typeof ref?.id === 'number' ? [ref.id] : [];
  });

export const closuresStep = defineStep({
  entity: 'closures',
  pages: (old, read) => pagesOf(old, '/warehouse_vacations', read.pageSize, read.listCap),
  prepare: (items, db) => Lookup.of(db, { warehouses: idsAt(items, 'warehouse') }),
  async check(raw, _db, _old, ids: Lookup): Promise<Checked<q.ClosureValues>> {
    const parsed = warehouseVacationSchema.safeParse(raw);
    if (!parsed.success) return refused(raw, issuesText(parsed.error.issues));
    const v = parsed.data;
    const warehouseId = ids.id('warehouses', v.warehouse.id);
    if (warehouseId === undefined) return refused(raw, `warehouse not imported (old id ${v.warehouse.id})`);
    const { start, end } = closureBounds(v);
    const values = { warehouseId, startsAt: start, endsAt: end };
    return {
      oldId: String(v.id),
      fingerprint: fingerprintOf(values),
      values,
      write: (tx, existing) => q.upsertClosure(tx, existing, values),
    };
  },
});

export const vacationsStep = defineStep({
  entity: 'vacations',
  pages: (old, read) => pagesOf(old, '/user_vacations', read.pageSize, read.listCap),
  prepare: (items, db) => Lookup.of(db, { users: idsAt(items, 'user') }),
  async check(raw, _db, _old, ids: Lookup): Promise<Checked<q.VacationValues>> {
    const parsed = userVacationSchema.safeParse(raw);
    if (!parsed.success) return refused(raw, issuesText(parsed.error.issues));
    const v = parsed.data;
    const userId = ids.id('users', v.user.id);
    if (userId === undefined) return refused(raw, `user not imported (old id ${v.user.id})`);
    const values = { userId, vacationFrom: v.vacation_from, vacationTo: v.vacation_to };
    return {
      oldId: String(v.id),
      fingerprint: fingerprintOf(values),
      values,
      write: (tx, existing) => q.upsertUserVacation(tx, existing, values),
    };
  },
});

/** The four lists of the haul form, as `GET /transportations/data` names them. */
const referenceKinds = {
  recipients: 'recipient',
  subscribers: 'subscriber',
  wood_types: 'woodType',
  licence_plates: 'licencePlate',
} as const satisfies Record<string, q.ReferenceKind>;

/** Reference entries are matched by their key (name without case and spaces), as the form does. */
export const transportDataStep = defineStep({
  entity: 'transport_data',
  async *pages(old) {
    try {
      const data = transportationDataSchema.safeParse(await old.get('/transportations/data'));
      if (!data.success) {
        yield new ReadFailure('/transportations/data', issuesText(data.error.issues));
        return;
      }
      const items = Object.entries(referenceKinds).flatMap(([list, kind]) =>
        data.data[list as keyof typeof referenceKinds].map((entry) => ({ kind, ...entry })),
      );
      yield { items, total: items.length };
    } catch (error) {
      if (!(error instanceof ReadFailure)) throw error;
      yield error;
    }
  },
  async check(raw): Promise<Checked<string>> {
    const { kind, id, name } = raw as { kind: q.ReferenceKind; id: number; name: string };
    const oldId = `${kind}:${id}`;
    const trimmed = name.trim();
    if (!trimmed) return { oldId, problem: 'name: empty' };
    return {
      oldId,
      fingerprint: fingerprintOf(trimmed),
      values: trimmed,
      write: (tx, existing) => q.upsertReference(tx, kind, existing, trimmed, referenceKey(trimmed)),
    };
  },
});

const knownChoices = transportChoices.filter((c) => c !== 'other') as string[];

export const transportationsStep = defineStep({
  entity: 'transportations',
  pages: (old, read) => pagesOf(old, '/transportations', read.pageSize, read.listCap),
  async prepare(items, db) {
    const refs = (list: string, kind: q.ReferenceKind) => idsAt(items, list).map((id) => `${kind}:${id}`);
    return Lookup.of(db, {
      users: idsAt(items, 'driver'),
      transport_data: [
        ...refs('recipient', 'recipient'),
        ...refs('subscriber', 'subscriber'),
        ...refs('wood_type', 'woodType'),
        ...refs('license_plate', 'licencePlate'),
      ],
    });
  },
  async check(raw, _db, old, ids: Lookup): Promise<Checked<q.TransportationValues>> {
    const summary = transportationSummarySchema.safeParse(raw);
    if (!summary.success) return refused(raw, issuesText(summary.error.issues));
    const detail = transportationSchema.safeParse(
      (await old.get<{ item: unknown }>(`/transportation/${summary.data.id}`)).item,
    );
    if (!detail.success) return refused(raw, issuesText(detail.error.issues));
    const t = detail.data;
    const day = transportDaySchema.safeParse(t.date);
    if (!day.success) return refused(raw, `date: ${issuesText(day.error.issues)}`);
    const missing: string[] = [];
    const ref = (kind: q.ReferenceKind, named: { id: number } | null) => {
      if (!named) return null;
      const id = ids.id('transport_data', `${kind}:${named.id}`);
      if (id === undefined) missing.push(`${kind} ${named.id}`);
      return id ?? null;
    };
    const choice = t.load_type.choice;
    const bezrukace = t.load_type.name === 'bezrukaceTransport';
    if (bezrukace && !choice) return refused(raw, 'load_type.choice: who loaded it');
    const driverId = t.driver ? (ids.id('users', t.driver.id) ?? null) : null;
    if (t.driver && driverId === null) missing.push(`driver ${t.driver.id}`);
    const values: q.TransportationValues = {
      day: day.data,
      loadType: t.load_type.name,
      // The read shape says "other" by its text in the choice's place.
      loadChoice: bezrukace ? (knownChoices.includes(choice!) ? choice : 'other') : null,
      loadChoiceText: bezrukace && !knownChoices.includes(choice!) ? choice : null,
      driverId,
      recipientId: ref('recipient', t.recipient),
      subscriberId: ref('subscriber', t.subscriber),
      woodTypeId: ref('woodType', t.wood_type),
      licencePlateId: ref('licencePlate', t.license_plate),
      cmrs: t.cmr_wagon_number.map((c) => ({ number: c.cmr_or_wagon_number, amount: c.amount })),
      loading: t.load_location.map((p) => p.name),
      unloading: t.unload_location.map((p) => p.name),
    } as q.TransportationValues;
    if (missing.length) return refused(raw, `not imported: ${missing.join(', ')}`);
    return {
      oldId: String(t.id),
      fingerprint: fingerprintOf(values),
      values,
      write: (tx, existing) => q.upsertTransportation(tx, existing, values),
    };
  },
});
