import type { OrderEvent } from '@letokruh/contracts/live-events';
import { liveEventNames } from '@letokruh/contracts/live-stream';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CalendarQuery } from '../features/order-steps/api';
import { ordersKey } from '../features/orders/api';

/**
 * domain.md §1.10, a live board (decision 0065): what the tab does with the events of `GET /events`.
 * Loaded after sign-in only (live-orders-stream.tsx), so the login page carries none of it.
 */

/** Whether an order query shows something the events changed. */
export function showsChanged(
  key: QueryKey,
  events: readonly OrderEvent[],
  editing: ReadonlySet<number>,
): boolean {
  if (key[0] !== ordersKey[0]) return false;
  const [, kind, arg] = key;
  if (kind === 'calendar' || kind === 'calendar-full') {
    const q = arg as CalendarQuery | undefined;
    if (!q) return true;
    const anyWarehouse = q.combined || q.warehouses.length === 0;
    const shows = (warehouse: number | null, day: string | null) =>
      day !== null &&
      q.dates.includes(day) &&
      (anyWarehouse || (warehouse !== null && q.warehouses.includes(warehouse)));
    // The day the order left and the day it came to: a move shows in both weeks.
    return events.some(
      (e) => shows(e.warehouses.before, e.dates.before) || shows(e.warehouses.after, e.dates.after),
    );
  }
  // An edit page keeps the copy being edited; it is told of the newer version instead (lib/live-orders.ts).
  if (kind === 'item')
    return typeof arg === 'number' && !editing.has(arg) && events.some((e) => e.id === arg);
  // Another query of one order (its QR payment): that order's events.
  if (typeof arg === 'number') return events.some((e) => e.id === arg);
  // The list and any other view of many orders: a change may bring an order in or take it out.
  return true;
}

/** Refetches (when shown) or marks stale the order queries the events changed. */
export function invalidateForEvents(
  queryClient: QueryClient,
  events: readonly OrderEvent[],
  editing: ReadonlySet<number>,
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => showsChanged(query.queryKey, events, editing),
  });
}

/**
 * After a reconnect or a resync event: every order query but the copies being edited; with
 * `before`, only those whose answer is older (read before the stream was open).
 */
export function invalidateAllOrders(
  queryClient: QueryClient,
  editing: ReadonlySet<number>,
  before = Number.POSITIVE_INFINITY,
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [root, kind, arg], state }) =>
      root === ordersKey[0] &&
      state.dataUpdatedAt < before &&
      !(kind === 'item' && typeof arg === 'number' && editing.has(arg)),
  });
}

/** 1 s, 2 s, 4 s … 30 s, ±20 %, so that the tabs of an office do not all come back at once. */
export const backoffMs = (attempt: number) =>
  Math.min(30_000, 1_000 * 2 ** attempt) * (0.8 + Math.random() * 0.4);

export type LiveOptions = {
  url: string;
  /** Events of one order, gathered for `batchMs` (a save may tell a few at once). */
  onOrders(events: OrderEvent[]): void;
  /** Events may have been missed (a reconnect, the server lost them) or many orders changed. */
  onResync(): void;
  /**
   * The first connection is open: what the page read before it may miss a change made in
   * between (`openAt`: when it was known open, ms on `Date.now()`).
   */
  onFirstReady?(openAt: number): void;
  batchMs?: number;
  backoff?: (attempt: number) => number;
  EventSourceImpl?: typeof EventSource;
};

/**
 * One EventSource, opened again with a growing pause after every drop (the browser's own
 * reconnection stops for good at an error answer, e.g. while the server restarts), and at once
 * when the browser comes back online. Every `ready` after the first means events may have been
 * missed: `onResync`. Answers the function that closes it.
 */
export function connectLiveOrders(options: LiveOptions): () => void {
  const { url, onOrders, onResync, batchMs = 100, backoff = backoffMs } = options;
  const Source = options.EventSourceImpl ?? EventSource;
  let source: EventSource | null = null;
  let attempt = 0;
  let connectedBefore = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let flushing: ReturnType<typeof setTimeout> | undefined;
  let pending: OrderEvent[] = [];
  let reading: Promise<void> = Promise.resolve();
  const flush = () => {
    flushing = undefined;
    const batch = pending;
    pending = [];
    if (batch.length) onOrders(batch);
  };
  const open = () => {
    if (stopped) return;
    const es = new Source(url);
    source = es;
    es.addEventListener(liveEventNames.ready, () => {
      attempt = 0;
      if (connectedBefore) onResync();
      else options.onFirstReady?.(Date.now());
      connectedBefore = true;
    });
    es.addEventListener(liveEventNames.order, (message) => {
      const data = safeJson((message as MessageEvent<string>).data);
      // The events' schema (and zod) loads when the first event comes, not while the page opens
      // (decision 0105); the events are read one after another, in the order they came.
      reading = reading
        .then(async () => {
          const { orderEventSchema } = await import('@letokruh/contracts/live-events');
          const parsed = orderEventSchema.safeParse(data);
          if (!parsed.success || stopped) return;
          pending.push(parsed.data);
          flushing ??= setTimeout(flush, batchMs);
        })
        .catch(() => undefined);
    });
    es.addEventListener(liveEventNames.resync, () => onResync());
    es.addEventListener('error', () => {
      es.close();
      if (source === es) source = null;
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        open();
      }, backoff(attempt++));
    });
  };
  const online = () => {
    if (source || !retry) return;
    clearTimeout(retry);
    retry = undefined;
    attempt = 0;
    open();
  };
  window.addEventListener('online', online);
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(flushing);
    source?.close();
    window.removeEventListener('online', online);
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
