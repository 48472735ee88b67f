import { ErrorCode } from '@letokruh/contracts/errors';
import { formatDay } from '@letokruh/contracts/rules/format';
import {
  type Named,
  referenceKey,
  type Transportation,
  type TransportationData,
  type TransportationInput,
  type TransportationSummary,
} from '@letokruh/contracts/transportations';
import type { Db, DbOrTx } from '../../db/client.ts';
import { hasFunction, type SessionUser } from '../../plugins/access.ts';
import { AppError, badInput, conflict, notFound } from '../../plugins/errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import { listFiles } from '../files/files.service.ts';
import * as files from '../files/index.ts';
import { listStaff } from '../warehouses/warehouses.service.ts';
import * as q from './transportations.queries.ts';

const named = (id: number | null, name: string | null): Named | null =>
  id === null || name === null ? null : { id, name };

const loadType = (row: q.TransportationRow): Transportation['load_type'] => ({
  name: row.loadType,
  // The read shape has no room for "other": its text stands in the choice's place.
  choice: row.loadChoice === 'other' ? row.loadChoiceText : row.loadChoice,
});

const driverOf = (row: q.TransportationRow) =>
  named(
    row.driverId,
    row.driverId === null ? null : `${row.driverFirstName ?? ''} ${row.driverLastName ?? ''}`.trim(),
  );

export const toSummary = (row: q.TransportationRow): TransportationSummary => ({
  id: row.id,
  date: formatDay(row.day),
  load_type: loadType(row),
  driver: driverOf(row),
  license_plate: { id: row.licencePlateId, name: row.licencePlateName },
  recipient: named(row.recipientId, row.recipientName),
  subscriber: { id: row.subscriberId, name: row.subscriberName },
  wood_type: named(row.woodTypeId, row.woodTypeName),
});

/** Only the owner and the dispatcher correct or delete a haul (domain.md §2.2, §2.6), besides the permission. */
export function requireOwnerOrDispatcher(user: SessionUser) {
  if (!hasFunction(user, 'owner', 'dispatcher')) {
    throw new AppError(403, ErrorCode.accessDenied, 'Only an owner or a dispatcher may do that');
  }
}

export async function listTransportations(db: DbOrTx, query: { current_page: number; per_page: number }) {
  const { rows, total } = await q.listTransportations(db, {
    offset: (query.current_page - 1) * query.per_page,
    limit: query.per_page,
  });
  return { items: rows.map(toSummary), total };
}

export async function requireTransportation(db: DbOrTx, id: number, options: { lock?: boolean } = {}) {
  const row = await q.findTransportation(db, id, options);
  if (!row) throw notFound('Transportation not found');
  return row;
}

export async function getTransportation(db: DbOrTx, id: number): Promise<Transportation> {
  const row = await requireTransportation(db, id);
  const [cmrs, places, attached] = [
    await q.findCmrs(db, id),
    await q.findPlaces(db, id),
    await listFiles(db, 'transportation', id),
  ];
  const placesOf = (kind: 'loading' | 'unloading') =>
    places.filter((p) => p.kind === kind).map((p) => ({ id: p.id, name: p.name }));
  return {
    ...toSummary(row),
    cmr_wagon_number: cmrs.map((c) => ({ id: c.id, cmr_or_wagon_number: c.number, amount: c.amount })),
    load_location: placesOf('loading'),
    unload_location: placesOf('unloading'),
    files: attached,
    version: row.version,
  };
}

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name, 'cs');

/** GET /transportations/data: the four reference lists, each by name as Czech sorts it. */
export async function transportationData(db: DbOrTx): Promise<TransportationData> {
  const list = async (kind: q.ReferenceKind) => (await q.listReferences(db, kind)).sort(byName);
  return {
    recipients: await list('recipient'),
    subscribers: await list('subscriber'),
    wood_types: await list('woodType'),
    licence_plates: await list('licencePlate'),
  };
}

/** An id must name an entry; a text finds its entry or becomes a new one (domain.md §2.2 "Other"). */
async function resolveReference(
  tx: DbOrTx,
  kind: q.ReferenceKind,
  value: number | string,
  field: string,
): Promise<number> {
  if (typeof value === 'string') {
    const name = value.trim().replace(/\s+/g, ' ');
    return q.findOrCreateReference(tx, kind, name, referenceKey(name));
  }
  if (!(await q.findReference(tx, kind, value))) throw badInput(`Unknown ${field} ${value}`, [field]);
  return value;
}

async function optionalReference(
  tx: DbOrTx,
  kind: q.ReferenceKind,
  value: number | null | undefined,
  field: string,
): Promise<number | null> {
  return value === null || value === undefined ? null : resolveReference(tx, kind, value, field);
}

/** The driver is an active user with the driver function; an edit may keep a driver who left since. */
async function checkDriver(tx: DbOrTx, driverId: number | null, current?: number | null) {
  if (driverId === null || driverId === current) return;
  const drivers = (await listStaff(tx, 'driver')).items;
  if (!drivers.some((d) => d.id === driverId))
    throw badInput(`User ${driverId} is not an active driver`, ['driver']);
}

/** The payload as columns and lines; every reference checked or created inside the transaction. */
async function valuesOf(tx: DbOrTx, input: TransportationInput, currentDriver?: number | null) {
  const type = input.transportType;
  const bezrukace = type.transportType === 'bezrukaceTransport';
  const choice = bezrukace ? (type.choice ?? null) : null;
  const driverId = input.driver ?? null;
  await checkDriver(tx, driverId, currentDriver);
  const values: q.TransportationValues = {
    day: input.date,
    loadType: type.transportType,
    loadChoice: choice,
    loadChoiceText: choice === 'other' ? (type.differentChoice ?? '').trim() : null,
    driverId,
    recipientId: await optionalReference(tx, 'recipient', input.recipient, 'recipient'),
    subscriberId: await resolveReference(tx, 'subscriber', input.subscriber, 'subscriber'),
    woodTypeId: await optionalReference(tx, 'woodType', input.sortiment, 'sortiment'),
    licencePlateId: await resolveReference(tx, 'licencePlate', input.spz, 'spz'),
  };
  const lines = {
    // A row left empty (the first one is always shown) is no CMR; a number without amount is.
    cmrs: input.cmrOrWagon
      .filter((c) => c.cmrOrWagon !== '')
      .map((c) => ({ number: c.cmrOrWagon, amount: c.amount ?? null })),
    loading: input.loadingUnloading.map((p) => p.loading).filter((name) => name !== ''),
    unloading: input.loadingUnloading.map((p) => p.unloading).filter((name) => name !== ''),
  };
  return { values, lines };
}

/** POST /transportation/add: all or nothing, in one transaction. */
export async function addTransportation(db: Db, input: TransportationInput, actor: SessionUser) {
  return db.transaction(async (tx) => {
    const { values, lines } = await valuesOf(tx, input);
    const id = await q.insertTransportation(tx, { ...values, createdBy: actor.id });
    await q.replaceLines(tx, id, lines);
    return getTransportation(tx, id);
  });
}

/** PUT /transportation/{id}/edit under the row lock; a stale `version` answers 409, writing nothing. */
export async function editTransportation(db: Db, id: number, input: TransportationInput) {
  return db.transaction(async (tx) => {
    const row = await requireTransportation(tx, id, { lock: true });
    if (input.version !== undefined && input.version !== row.version) {
      throw conflict(
        `The transportation was changed meanwhile (version ${row.version}, edit of ${input.version})`,
      );
    }
    const { values, lines } = await valuesOf(tx, input, row.driverId);
    await q.updateTransportation(tx, id, values);
    await q.replaceLines(tx, id, lines);
    return getTransportation(tx, id);
  });
}

/**
 * DELETE /transportation/{id}/delete: the haul, its lines and its files go; the bytes are removed
 * after the rows, so a failure leaves an orphan blob, never a file row without its bytes.
 */
export async function deleteTransportation(db: Db, storage: Storage, id: number) {
  const keys = await db.transaction(async (tx) => {
    await requireTransportation(tx, id, { lock: true });
    const attached = await files.findFiles(tx, 'transportation', id);
    for (const file of attached) await files.deleteFile(tx, file.id);
    await q.deleteTransportation(tx, id);
    return attached.map((f) => f.storageKey);
  });
  for (const key of keys) await storage.remove(key);
}

/**
 * A file may be deleted with change_transportation, or by whoever uploaded it (a driver who
 * attached the wrong delivery note); otherwise 403.
 */
export async function checkFileRemoval(
  db: DbOrTx,
  user: SessionUser,
  transportationId: number,
  fileId: number,
) {
  if (user.permissions.has('change_transportation')) return;
  const file = await files.findFile(db, 'transportation', transportationId, fileId);
  if (!file) throw notFound('File not found');
  if (file.uploadedBy !== user.id) {
    throw new AppError(
      403,
      ErrorCode.accessDenied,
      'Only the uploader or change_transportation may delete it',
    );
  }
}
