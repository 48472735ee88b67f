import type { ItemsDraft } from './items-draft';

/**
 * The items step's form kept in the browser while it is not saved (decision 0080): leaving the
 * step (the menu, a reload, a closed tab) and coming back restores the lines, the warehouse and
 * the currency as they were typed. Kept per order and for the order's version it was typed on: a
 * form typed on an older version (the order saved since, here or elsewhere) is dropped.
 */
type Kept = { version: number; draft: ItemsDraft };

const keyOf = (orderId: number) => `letokruh.items-draft.${orderId}`;

export function loadKeptItems(orderId: number, version: number): ItemsDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(orderId));
    if (!raw) return null;
    const kept = JSON.parse(raw) as Kept;
    if (kept.version !== version || !Array.isArray(kept.draft?.lines)) {
      localStorage.removeItem(keyOf(orderId));
      return null;
    }
    return kept.draft;
  } catch {
    return null;
  }
}

export function keepItems(orderId: number, version: number, draft: ItemsDraft): void {
  try {
    localStorage.setItem(keyOf(orderId), JSON.stringify({ version, draft } satisfies Kept));
  } catch {
    // A full or disabled storage keeps nothing; the form still works.
  }
}

export function forgetItems(orderId: number): void {
  try {
    localStorage.removeItem(keyOf(orderId));
  } catch {
    // As above.
  }
}

/** Does the form differ from what the order holds (so that there is something to keep)? */
export const sameDraft = (a: ItemsDraft, b: ItemsDraft): boolean => JSON.stringify(a) === JSON.stringify(b);
