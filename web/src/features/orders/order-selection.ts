import type { OrderListItem } from '@letokruh/contracts/orders';
import { useState } from 'react';

/** The orders picked for delivery notes (decision 0017), kept across the list's pages. */
export function useOrderSelection(rows: OrderListItem[]) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const toggle = (id: number, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const o of rows) {
        if (on) next.add(o.id);
        else next.delete(o.id);
      }
      return next;
    });
  return {
    selected,
    pickedOnPage: rows.filter((o) => selected.has(o.id)).length,
    toggle,
    togglePage,
    clear: () => setSelected(new Set()),
  };
}

export type OrderSelection = ReturnType<typeof useOrderSelection>;
