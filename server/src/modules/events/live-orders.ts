import {
  heartbeatMs,
  liveEventNames,
  type OrderEvent,
  orderEventKinds,
  type ResyncEvent,
} from '@letokruh/contracts/live-events';
import { z } from 'zod';
import type { WarehouseScope } from '../../plugins/warehouse-scope.ts';

/**
 * domain.md §1.10, a live board (decision 0065). Every change of an order is told by the triggers of
 * migration 0043 on `ordersChannel`, in the writing transaction, so PostgreSQL delivers it at
 * commit to every listening process (PGlite: to the one process). Each process listens once and
 * hands each event to its own open streams (`GET /events`), each only what its user may see: the
 * events of their warehouses, and only with `view_order`.
 */
export const ordersChannel = 'letokruh_orders';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const warehouseId = z.number().int().nullable();
/** The payloads migration 0043 sends (short keys: a NOTIFY payload is at most 8000 bytes). */
const noticeSchema = z.union([
  z.object({
    id: z.number().int().positive(),
    k: z.enum(orderEventKinds),
    v: z.number().int(),
    w: z.tuple([warehouseId, warehouseId]),
    d: z.tuple([day.nullable(), day.nullable()]),
  }),
  z.object({ many: z.literal(true), w: z.array(z.number().int()).nullable() }),
]);
export type OrderNotice = z.infer<typeof noticeSchema>;

/** A notification's payload, or null when it is none of ours (a hand-written NOTIFY). */
export function parseNotice(payload: string): OrderNotice | null {
  try {
    const parsed = noticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Who is at the other end of one stream, as last checked (the heartbeat checks again). */
export type Viewer = {
  scope: WarehouseScope;
  /** view_order: without it no order event is sent at all. */
  seesOrders: boolean;
};

/**
 * What `viewer` is told of a notice: nothing when none of its warehouses is concerned; for a
 * scoped user the other warehouse and its day are left out (null), so a move to another yard
 * shows as the order leaving theirs.
 */
export function eventFor(
  notice: OrderNotice,
  viewer: Viewer,
): { name: 'order'; data: OrderEvent } | { name: 'resync'; data: ResyncEvent } | null {
  if (!viewer.seesOrders) return null;
  const { scope } = viewer;
  const sees = (w: number | null) => scope === null || (w !== null && scope.includes(w));
  if ('many' in notice) {
    const concerned = notice.w === null || scope === null || notice.w.some(sees);
    return concerned ? { name: 'resync', data: { reason: 'many' } } : null;
  }
  const [before, after] = notice.w;
  const [dayBefore, dayAfter] = notice.d;
  const seenBefore = sees(before);
  const seenAfter = sees(after);
  if (!seenBefore && !seenAfter) return null;
  return {
    name: 'order',
    data: {
      id: notice.id,
      kind: notice.k,
      version: notice.v,
      warehouses: { before: seenBefore ? before : null, after: seenAfter ? after : null },
      dates: { before: seenBefore ? dayBefore : null, after: seenAfter ? dayAfter : null },
    },
  };
}

/** One event in the `text/event-stream` format. */
export const sseEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export type LiveStream = Viewer & {
  sessionId: string;
  userId: number;
  /** Writes to the client; false (nothing written) when over `maxBufferedBytes` wait unread. */
  write(chunk: string): boolean;
  /** Ends the stream (the client reconnects by itself). */
  end(): void;
};

export type LiveOrders = {
  /** How often each stream gets a comment line and its holder is checked again. */
  heartbeatMs: number;
  /** Hands a notification's payload to every stream that may see it. */
  notice(payload: string): void;
  /** Whether the channel is heard; hearing again after a loss tells every stream to reload. */
  hearing(on: boolean): void;
  /** Adds an open stream; answers the function that removes it. */
  add(stream: LiveStream): () => void;
  /** The streams open for a session in this process. */
  countOf(sessionId: string): number;
  streams(): readonly LiveStream[];
  /** Ends every stream (the server is closing). */
  endAll(): void;
  /**
   * Something a stream's holder is checked by changed (a session, a user, a function, a
   * warehouse's staff: the auth channel): the checks registered with `onAccessChanged` run now
   * instead of at the next heartbeat.
   */
  accessChanged(): void;
  onAccessChanged(check: () => void): void;
  stats(): { streams: number; sent: number; dropped: number };
};

/** Over this much unread, a stream is ended rather than buffered (its client reloads on reconnect). */
export const maxBufferedBytes = 256 * 1024;

export function createLiveOrders(options: { heartbeatMs?: number } = {}): LiveOrders {
  const open = new Set<LiveStream>();
  const checks: (() => void)[] = [];
  let heard = false;
  let sent = 0;
  let dropped = 0;
  const send = (stream: LiveStream, chunk: string) => {
    if (stream.write(chunk)) {
      sent++;
      return;
    }
    // A client that stopped reading: ended, not buffered without bound (it reloads on reconnect).
    dropped++;
    open.delete(stream);
    stream.end();
  };
  return {
    heartbeatMs: options.heartbeatMs ?? heartbeatMs,
    notice(payload) {
      const notice = parseNotice(payload);
      if (!notice) return;
      for (const stream of [...open]) {
        const event = eventFor(notice, stream);
        if (event) send(stream, sseEvent(event.name, event.data));
      }
    },
    hearing(on) {
      if (on && !heard) {
        // Whatever was told while this process did not listen is lost: every stream open meanwhile
        // reloads what it shows.
        for (const stream of [...open])
          if (stream.seesOrders) send(stream, sseEvent(liveEventNames.resync, { reason: 'missed' }));
      }
      heard = on;
    },
    accessChanged() {
      if (open.size) for (const check of checks) check();
    },
    onAccessChanged(check) {
      checks.push(check);
    },
    add(stream) {
      open.add(stream);
      return () => {
        open.delete(stream);
      };
    },
    countOf(sessionId) {
      let n = 0;
      for (const stream of open) if (stream.sessionId === sessionId) n++;
      return n;
    },
    streams: () => [...open],
    endAll() {
      const all = [...open];
      open.clear();
      for (const stream of all) stream.end();
    },
    stats: () => ({ streams: open.size, sent, dropped }),
  };
}
