import type { DbOrTx } from '../db/client.ts';

/**
 * A change that may take access from users: their functions (`userIds`), a warehouse's staff
 * (`warehouseIds`), the functions' permissions (`all`).
 */
export type AccessTaken = { userIds?: number[]; warehouseIds?: number[]; all?: boolean };

type Listener = (tx: DbOrTx, taken: AccessTaken, actorId: number | null) => Promise<unknown>;

const listeners = new Set<Listener>();

/**
 * Decision 0091: the users and warehouses modules, which change who holds what, tell `accessTaken`
 * in the change's transaction; what ends with the access (domain.md §2.10: a calendar feed) listens
 * here. So those modules import nothing of the modules above them, which read warehouses and users.
 */
export function whenAccessTaken(listener: Listener): void {
  listeners.add(listener);
}

export async function accessTaken(tx: DbOrTx, taken: AccessTaken, actorId: number | null): Promise<void> {
  for (const listener of listeners) await listener(tx, taken, actorId);
}
