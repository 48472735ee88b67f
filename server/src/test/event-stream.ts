import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One event of a `text/event-stream` as a browser's EventSource would hand it over. */
export type StreamEvent = { event: string; data: unknown; at: number };

export type EventStream = {
  status: number;
  headers: Headers;
  /** The body of a refused stream (an error answer). */
  refusal: string;
  events: StreamEvent[];
  /** Comment lines (`: ping`) seen, and the `retry:` hint. */
  comments: number;
  retry: number | null;
  /** The first event from index `after` on that `matches`, within `timeoutMs`. */
  waitFor(
    matches: (e: StreamEvent) => boolean,
    options?: { after?: number; timeoutMs?: number },
  ): Promise<StreamEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
};

/** The address a test app listens on (it is started on a free loopback port when it does not yet). */
export async function baseOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Opens `GET /api/events` over HTTP with the given cookies, as an EventSource does (Accept:
 * text/event-stream), and reads it in the background. A refusal answers with `status` and
 * `refusal` and no events.
 */
export async function openEventStream(
  base: string,
  cookies: Record<string, string>,
  path = '/api/events',
  accept = 'text/event-stream',
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, {
    headers: {
      accept,
      cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const tell = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const stream: EventStream = {
    status: response.status,
    headers: response.headers,
    refusal: '',
    events,
    comments: 0,
    retry: null,
    waitFor(matches, { after = 0, timeoutMs = 2_000 } = {}) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events.slice(after).find(matches);
          if (!found) return false;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no matching event within ${timeoutMs} ms; seen: ${JSON.stringify(events)}`));
        }, timeoutMs);
        if (!look()) waiters.add(look);
      });
    },
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (response.status !== 200 || !response.body) {
    stream.refusal = await response.text();
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let name = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments++;
            else if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
            else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
          }
          if (data.length)
            events.push({ event: name, data: JSON.parse(data.join('\n')), at: performance.now() });
        }
        tell();
      }
    } catch {
      // Aborted by close().
    }
  })();
  return stream;
}
