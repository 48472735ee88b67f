import type { OrderEvent } from '@letokruh/contracts/live-events';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * domain.md §1.10, a live board (decision 0065): the order events the tab's one stream brings
 * (app/live-orders-stream.tsx connects it), for the pages that need more than a refetch. An edit page
 * says which order it edits (`useEditing`): its loaded copy is then not refetched under the
 * user's hands, and `useChangedElsewhere` tells it that a newer version exists instead.
 */
type Listener = (events: readonly OrderEvent[]) => void;

const listeners = new Set<Listener>();
const editing = new Map<number, number>();

/** Hands events to every page listening (the stream, or a check made after a reconnect). */
export function publishOrderEvents(events: readonly OrderEvent[]): void {
  for (const listener of [...listeners]) listener(events);
}

export function subscribeOrderEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The orders open on an edit page of this tab right now. */
export const editedOrders = (): ReadonlySet<number> => new Set(editing.keys());

/** Marks `orderId` as being edited while the calling page is mounted. */
export function useEditing(orderId: number): void {
  useEffect(() => {
    editing.set(orderId, (editing.get(orderId) ?? 0) + 1);
    return () => {
      const left = (editing.get(orderId) ?? 1) - 1;
      if (left > 0) editing.set(orderId, left);
      else editing.delete(orderId);
    };
  }, [orderId]);
}

/**
 * Whether someone else saved `orderId` after the `version` the page holds. The tab's own save
 * tells the same event: while a save of this tab is on its way (`useIsMutating`) nothing is
 * shown, and once it is done the page holds the new version itself.
 */
export function useChangedElsewhere(orderId: number, version: number): boolean {
  const [newest, setNewest] = useState(0);
  useEffect(
    () =>
      subscribeOrderEvents((events) => {
        for (const event of events)
          if (event.id === orderId) setNewest((seen) => Math.max(seen, event.version));
      }),
    [orderId],
  );
  const saving = useIsMutating() > 0;
  return !saving && newest > version;
}
