import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call, streamUrl } from '../lib/api-client';
import { editedOrders, publishOrderEvents } from '../lib/live-orders';
import { eventsEndpoints, ordersEndpoints } from '../lib/routes';
import { connectLiveOrders, invalidateAllOrders, invalidateForEvents } from './live-orders';

/**
 * Events may have been missed: the order queries (read before `before`, when given) are fetched
 * again, and the orders being edited are asked for their version, which tells their pages.
 */
function catchUp(queryClient: QueryClient, before?: number) {
  const editing = editedOrders();
  void invalidateAllOrders(queryClient, editing, before);
  for (const id of editing) {
    call(ordersEndpoints.detail, { params: { id } })
      .then(({ item }) =>
        publishOrderEvents([
          {
            id,
            kind: 'saved',
            version: item.version,
            warehouses: { before: null, after: null },
            dates: { before: null, after: null },
          },
        ]),
      )
      .catch(() => undefined); // the page's own save will meet the version check
  }
}

/**
 * The tab's one live-board stream (domain.md §1.10, decision 0065), open while a user who sees orders
 * is signed in: every event refetches the calendar weeks, lists and order pages it changed; an
 * edit page is told instead (lib/live-orders.ts). After a reconnect, everything shown is fetched
 * again; once the first connection is open, whatever was read before it.
 */
export default function LiveOrdersStream() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      connectLiveOrders({
        url: streamUrl(eventsEndpoints.stream),
        onOrders(events) {
          void invalidateForEvents(queryClient, events, editedOrders());
          publishOrderEvents(events);
        },
        // Read before the stream was open: a change made meanwhile was told to nobody here.
        onFirstReady: (openAt) => catchUp(queryClient, openAt),
        onResync: () => catchUp(queryClient),
      }),
    [queryClient],
  );
  return null;
}
