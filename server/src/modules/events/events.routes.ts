import { PassThrough } from 'node:stream';
import { eventsEndpoints as e } from '@letokruh/contracts/endpoints/events';
import { ErrorCode } from '@letokruh/contracts/errors';
import { liveEventNames, reconnectHintMs, streamsPerSession } from '@letokruh/contracts/live-events';
import type { App } from '../../app-types.ts';
import { sessionEnded, sessionUserOf } from '../../plugins/auth.ts';
import { fileAnswer } from '../../plugins/docs.ts';
import { route } from '../../plugins/endpoint.ts';
import { AppError } from '../../plugins/errors.ts';
import { findSession, type SessionRow } from '../../plugins/sessions.ts';
import { warehouseScope } from '../../plugins/warehouse-scope.ts';
import { type LiveStream, maxBufferedBytes, sseEvent } from './live-orders.ts';

const eventStream = 'text/event-stream';

/**
 * GET /events (domain.md §1.10, decision 0065): the live board's stream of order events for the
 * caller's warehouses. It stays open: it takes no read's turn (`unqueued`, plugins/admission.ts),
 * and only a client that asks for `text/event-stream` (an EventSource does) gets it; any other
 * gets 406 at once instead of an answer that never ends.
 */
export async function eventRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  const live = app.live;

  route(
    app,
    e.stream,
    {
      schema: {
        tags: ['events'],
        summary: 'Live order events of the caller’s warehouses (Server-Sent Events)',
        produces: [eventStream],
        response: { 200: fileAnswer('A text/event-stream: ready, order and resync events', [eventStream]) },
      },
      config: { unqueued: true },
    },
    async (request, reply) => {
      if (!String(request.headers.accept ?? '').includes(eventStream)) {
        throw new AppError(406, ErrorCode.invalidInput, `This call answers ${eventStream} only`);
      }
      const user = request.user!;
      const sessionId = request.sessionId!;
      if (live.countOf(sessionId) >= streamsPerSession) {
        throw new AppError(429, ErrorCode.tooManyStreams, `At most ${streamsPerSession} streams per session`);
      }
      const scope = await warehouseScope(db, user);
      reply
        .header('content-type', `${eventStream}; charset=utf-8`)
        .header('cache-control', 'no-cache, no-transform')
        // nginx and friends would otherwise hold the events back until their buffer fills.
        .header('x-accel-buffering', 'no');
      // HEAD, or a client gone while its scope was read: the headers only, no stream to keep.
      if (request.method === 'HEAD' || request.raw.socket?.destroyed === true) return reply.send('');
      const body = new PassThrough();
      const stream: LiveStream = {
        sessionId,
        userId: user.id,
        scope,
        seesOrders: user.permissions.has('view_order'),
        write(chunk) {
          if (body.destroyed || body.writableEnded || body.writableLength > maxBufferedBytes) return false;
          body.write(chunk);
          return true;
        },
        end() {
          if (!body.writableEnded) body.end();
        },
      };
      const remove = live.add(stream);
      reply.raw.once('close', () => {
        remove();
        body.destroy();
      });
      body.write(
        `retry: ${reconnectHintMs}\n${sseEvent(liveEventNames.ready, { heartbeat_ms: live.heartbeatMs })}`,
      );
      return reply.send(body);
    },
  );

  // The heartbeat: a comment line that keeps proxies from closing an idle stream, and a fresh look
  // at who holds each stream: a session ended (logout, deactivated) ends its streams; functions and
  // warehouses given or taken count from here on.
  const beat = async () => {
    const bySession = new Map<string, LiveStream[]>();
    for (const s of live.streams()) bySession.set(s.sessionId, [...(bySession.get(s.sessionId) ?? []), s]);
    for (const [sessionId, streams] of bySession) {
      // A stream whose client stopped reading is ended (its client reloads when it reconnects).
      const alive: LiveStream[] = [];
      for (const s of streams) {
        if (s.write(': ping\n\n')) alive.push(s);
        else s.end();
      }
      if (!alive.length) continue;
      try {
        const ended = (r: SessionRow) => sessionEnded(r, Date.now(), app.ctx.config.sessionIdleMs);
        const found = await app.sessions.find(sessionId, () => findSession(db, sessionId));
        // Ended as kept: perhaps touched by another process since; the database decides (as auth.ts).
        const row =
          found.kept && found.row && ended(found.row) ? await findSession(db, sessionId) : found.row;
        if (!row || ended(row)) {
          for (const s of alive) s.end();
          continue;
        }
        const user = sessionUserOf(row);
        const scope = await warehouseScope(db, user);
        for (const s of alive) {
          s.seesOrders = user.permissions.has('view_order');
          s.scope = scope;
        }
      } catch (error) {
        // The database away: the streams stay as they were, checked again at the next beat.
        app.log.warn({ err: error }, 'live events: the heartbeat could not check a session');
      }
    }
  };
  const timer = setInterval(() => void beat(), live.heartbeatMs);
  // An access change checks the holders at once; changes that come in a burst (a warehouse's
  // staff saved, a user edited) are checked by one run, and one more after it.
  let checking: Promise<void> | null = null;
  let again = false;
  live.onAccessChanged(() => {
    if (checking) {
      again = true;
      return;
    }
    checking = (async () => {
      do {
        again = false;
        await beat();
      } while (again);
    })()
      .catch((error: unknown) => app.log.warn({ err: error }, 'live events: an access check failed'))
      .finally(() => {
        checking = null;
      });
  });
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
