/**
 * domain.md §1.10, a live board (decision 0065): the names and limits of `GET /events`, apart from
 * the events' schemas (live-events.ts), so that the web app opens the stream without loading zod
 * (decision 0105): an event's schema is loaded when the first event comes.
 */
export const orderEventKinds = [
  'saved',
  'moved',
  'done',
  'undone',
  'cancelled',
  'restored',
  'deleted',
] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];

/** The SSE `event:` names of the stream. */
export const liveEventNames = { ready: 'ready', order: 'order', resync: 'resync' } as const;

/** A comment line every this many ms keeps proxies from closing an idle stream. */
export const heartbeatMs = 20_000;
/** The `retry:` hint: how long a browser waits before it reconnects by itself. */
export const reconnectHintMs = 3_000;
/** Open streams per session (one per tab): more answer 429. */
export const streamsPerSession = 20;
