/** The IndexedDB database that keeps the driver's day on the phone (`lib/driver-offline.ts`). */
export const keptDayDb = 'letokruh-driver-day';

/**
 * Whether this browser may hold a kept day, asked without loading the IndexedDB code: a browser
 * that never kept one has no such database, and its login page then loads none of that code (the
 * login page's processor time on a phone, decision 0079). Where the browser cannot list its
 * databases, it may.
 */
export async function mayHoldKeptDay(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === keptDayDb);
  } catch {
    return true;
  }
}
