import { z } from 'zod';
import { orderEventKinds } from './live-stream.ts';

/**
 * domain.md §1.10, a live board (decision 0065): what `GET /events` tells an open calendar, order list
 * or order page. A `text/event-stream` of these events, by their SSE `event:` name:
 * - `ready` once the stream is open (after a reconnect the page reloads what it shows);
 * - `order`: one order was saved, moved, done, undone, cancelled, restored or deleted
 *   (`orderEventSchema`), only for the warehouses the user works with;
 * - `resync`: events may have been missed (the server lost the database's notifications for a
 *   while) or many orders changed at once: reload every order shown.
 * A comment line (`: ping`) keeps the connection alive every `heartbeatMs`.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const orderEventSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(orderEventKinds),
  /** The order's version after the change (the one an edit sends back); before it for `deleted`. */
  version: z.number().int(),
  /** The order's warehouse before and after the change (null: none, or not one of the user's). */
  warehouses: z.object({ before: z.number().int().nullable(), after: z.number().int().nullable() }),
  /** The delivery day before and after the change (null: none), YYYY-MM-DD. */
  dates: z.object({ before: day.nullable(), after: day.nullable() }),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const resyncEventSchema = z.object({ reason: z.enum(['missed', 'many']) });
export type ResyncEvent = z.infer<typeof resyncEventSchema>;

// The stream's names and limits, without zod: the web app's stream reads them before any event comes.
export * from './live-stream.ts';
