import type { Profile } from '@letokruh/contracts/auth';
import type { DriverDayAnswer } from '@letokruh/contracts/driver';
import type { QrPayment } from '@letokruh/contracts/payments';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { keptDayDb } from './kept-day-db';

/**
 * The driver's day kept on the phone (docs/security.md "On the device", decision 0078): the last
 * day the signed-in driver saw (today's and tomorrow's stops with addresses, phones, goods,
 * amounts) with their profile and the QR payments of those stops, so that the app opens on it
 * without a signal. Only a driver's own day is kept; it is forgotten at logout and as soon as the
 * server answers that the session has ended (401).
 */
export type KeptDay = { userId: number; profile: Profile; day: DriverDayAnswer; savedAt: string };

interface KeptDb extends DBSchema {
  day: { key: 'last'; value: KeptDay };
  qr: { key: number; value: { orderId: number; qr: QrPayment } };
}

let opened: Promise<IDBPDatabase<KeptDb>> | null = null;

function db(): Promise<IDBPDatabase<KeptDb>> {
  opened ??= openDB<KeptDb>(keptDayDb, 1, {
    upgrade(database) {
      database.createObjectStore('day');
      database.createObjectStore('qr', { keyPath: 'orderId' });
    },
  });
  return opened;
}

/** Keeps the driver's own day as just read; another user's kept day and QR codes go first. */
export async function keepDriverDay(profile: Profile, day: DriverDayAnswer): Promise<void> {
  if (day.driver.id !== profile.id) return;
  const database = await db();
  const before = await database.get('day', 'last');
  if (before && before.userId !== profile.id) await database.clear('qr');
  await database.put('day', { userId: profile.id, profile, day, savedAt: new Date().toISOString() }, 'last');
}

export async function keptDriverDay(): Promise<KeptDay | undefined> {
  return (await db()).get('day', 'last');
}

export async function keepQr(orderId: number, qr: QrPayment): Promise<void> {
  await (await db()).put('qr', { orderId, qr });
}

export async function keptQr(orderId: number): Promise<QrPayment | undefined> {
  return (await (await db()).get('qr', orderId))?.qr;
}

/** Logout, or the session ended: nothing of the driver's day stays on the phone. */
export async function forgetDriverDay(): Promise<void> {
  const database = await db();
  await Promise.all([database.clear('day'), database.clear('qr')]);
}

/** Whether an error is the network's (no signal), not the server's answer. */
export const isNetworkError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;
