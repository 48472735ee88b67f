import type { DeliveryRecordInput, OnTheWayBody } from '@letokruh/contracts/delivery';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The driver's outbox (domain.md §2.11): every "on the way" and "delivered" is
 * written here first, with the idempotency key made when the button was pressed, and sent from
 * here. It survives a reload, a dead signal and a closed app; the server answers a key it has seen
 * as done, so sending one action twice records it once.
 */
type Common = {
  /** The idempotency key (the record's `key`), the store's key too. */
  key: string;
  orderId: number;
  /** The order number the driver reads (intern_id). */
  internId: number;
  /** When the driver pressed the button (ISO): the order the queue is sent in. */
  at: string;
  /** Set when the server refused the action (4xx): it stays listed until the driver dismisses it. */
  refused?: { status: number; errorCode: number | null; message: string };
};

export type QueuedOnTheWay = Common & { kind: 'on_the_way'; body: OnTheWayBody };
export type QueuedDelivery = Common & {
  kind: 'delivered';
  record: DeliveryRecordInput & { key: string; at: string };
  signature: Blob;
  photos: Blob[];
};
export type QueuedAction = QueuedOnTheWay | QueuedDelivery;

interface OutboxDb extends DBSchema {
  actions: { key: string; value: QueuedAction };
}

const dbName = 'letokruh-driver';
let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  opened ??= openDB<OutboxDb>(dbName, 1, {
    upgrade(database) {
      database.createObjectStore('actions', { keyPath: 'key' });
    },
  });
  return opened;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after every change of the outbox (the page re-reads its list). */
export function onQueueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

/** Writes the action before anything is sent. */
export async function enqueue(action: QueuedAction): Promise<void> {
  await (await db()).put('actions', action);
  changed();
}

/** Every queued action, oldest first (an "on the way" before the delivery it precedes). */
export async function listQueued(): Promise<QueuedAction[]> {
  const all = await (await db()).getAll('actions');
  return all.sort((a, b) => a.at.localeCompare(b.at) || a.key.localeCompare(b.key));
}

export async function removeQueued(key: string): Promise<void> {
  await (await db()).delete('actions', key);
  changed();
}

export async function markRefused(key: string, refused: NonNullable<Common['refused']>): Promise<void> {
  const database = await db();
  const action = await database.get('actions', key);
  if (!action) return;
  await database.put('actions', { ...action, refused });
  changed();
}

/** Tests: closes the database so that the next call opens it anew (after deleting it). */
export async function closeQueueForTests(): Promise<void> {
  if (opened) (await opened).close();
  opened = null;
}
