import type { DriverStop } from '@letokruh/contracts/driver';
import { ErrorCode } from '@letokruh/contracts/errors';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { mockFetch, setCookie } from '../../../test-utils';
import { flushQueue, mayRetry } from './queue-sender';
import {
  closeQueueForTests,
  enqueue,
  listQueued,
  markRefused,
  type QueuedAction,
  removeQueued,
} from './queue-store';
import { sendAction } from './send-action';

const stop = { id: 41, internId: 1041 };
let n = 0;

/** The driver's order 41 as `POST /driver/order/:id/…` answers it, after the action (decision 0067). */
function answeredStop(overrides: Partial<DriverStop> = {}): DriverStop {
  return {
    id: stop.id,
    intern_id: stop.internId,
    date: '2026-11-27',
    time: '10:30',
    duration: 30,
    done: false,
    customer: { name: 'Jan Novák', organization: '', phone: '+420603123456' },
    address: {
      full_address: 'Lipová 12, 588 13 Polná',
      town: 'Polná',
      zip_code: '588 13',
      gps_lat: 49.4875,
      gps_lon: 15.7201,
      navigation_link: 'https://www.google.com/maps/dir/?api=1&destination=49.4875,15.7201',
    },
    items: [],
    delivery_price: 0,
    payment_type: 'cash',
    amount_to_pay: 0,
    cash_rounding: 0,
    currency: 'CZK',
    note: '',
    warehouse: { id: 1, name: 'Sklad Jihlava', gps_lat: 49.3961, gps_lon: 15.5912 },
    on_the_way_at: null,
    delivered: null,
    paid: false,
    ...overrides,
  };
}

function onTheWay(at: string, orderId = stop.id): QueuedAction {
  const key = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  return {
    kind: 'on_the_way',
    key,
    at,
    orderId,
    internId: orderId + 1000,
    body: { key, at, position: null },
  };
}

function delivered(at: string): QueuedAction {
  const key = `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`;
  return {
    kind: 'delivered',
    key,
    at,
    ...{ orderId: stop.id, internId: stop.internId },
    record: {
      key,
      at,
      receiver_name: 'Jan Novák',
      lines: [{ id: 5, delivered_amount: 2, reason: 'rozbité' }],
    },
    signature: new Blob(['png'], { type: 'image/png' }),
    photos: [new Blob(['jpg'], { type: 'image/jpeg' })],
  };
}

const offline = () => new ApiError(0, null, 'network');

beforeEach(async () => {
  // A fresh, empty IndexedDB per test: what the phone's browser keeps, in memory.
  await closeQueueForTests();
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(async () => {
  await closeQueueForTests();
});

describe('the outbox (IndexedDB)', () => {
  it('keeps actions across a reload, oldest first, until removed', async () => {
    const later = onTheWay('2026-11-27T10:05:00.000Z');
    const earlier = onTheWay('2026-11-27T10:00:00.000Z');
    await enqueue(later);
    await enqueue(earlier);
    await closeQueueForTests(); // the page is reloaded: the database is opened anew
    expect((await listQueued()).map((a) => a.key)).toEqual([earlier.key, later.key]);
    await removeQueued(earlier.key);
    expect((await listQueued()).map((a) => a.key)).toEqual([later.key]);
  });

  it('the same key queued twice (a double tap) is one action', async () => {
    const action = onTheWay('2026-11-27T10:00:00.000Z');
    await enqueue(action);
    await enqueue({ ...action });
    expect(await listQueued()).toHaveLength(1);
  });
});

describe('sending the outbox', () => {
  it('sends each action once and removes what the server took', async () => {
    const a = onTheWay('2026-11-27T10:00:00.000Z');
    const b = onTheWay('2026-11-27T10:01:00.000Z', 42);
    await enqueue(a);
    await enqueue(b);
    const send = vi.fn(async (_: QueuedAction) => ({}));
    const result = await flushQueue(send);
    expect(send.mock.calls.map(([x]) => x.key)).toEqual([a.key, b.key]);
    expect(result.sent.map((x) => x.key)).toEqual([a.key, b.key]);
    expect(await listQueued()).toEqual([]);
  });

  it('without a signal keeps everything, stops at the first failure and sends it all later', async () => {
    const way = onTheWay('2026-11-27T10:00:00.000Z');
    const proof = delivered('2026-11-27T10:30:00.000Z');
    await enqueue(way);
    await enqueue(proof);
    const down = vi.fn(async () => {
      throw offline();
    });
    expect(await flushQueue(down)).toMatchObject({ sent: [], refused: [], kept: 2 });
    // The delivery was not tried before the "on the way" it follows.
    expect(down).toHaveBeenCalledTimes(1);
    expect(await listQueued()).toHaveLength(2);
    const up = vi.fn(async () => ({}));
    expect((await flushQueue(up)).sent).toHaveLength(2);
    expect(await listQueued()).toEqual([]);
  });

  it.each([
    ['the database down (503)', new ApiError(503, 503, 'unavailable')],
    ['a server error (500)', new ApiError(500, 500, 'boom')],
    ['a lapsed session (401)', new ApiError(401, 112, 'no session')],
    ['a stale form token', new ApiError(403, ErrorCode.csrfFailed, 'csrf')],
  ])('%s keeps the action for a later try', async (_, error) => {
    expect(mayRetry(error)).toBe(true);
    await enqueue(onTheWay('2026-11-27T10:00:00.000Z'));
    await flushQueue(async () => {
      throw error;
    });
    expect((await listQueued())[0]?.refused).toBeUndefined();
  });

  it('a refusal (4xx) is marked, not sent again, and the rest goes on; dismissing removes it', async () => {
    const refusedOne = onTheWay('2026-11-27T10:00:00.000Z');
    const next = onTheWay('2026-11-27T10:01:00.000Z', 42);
    await enqueue(refusedOne);
    await enqueue(next);
    const send = vi.fn(async (action: QueuedAction) => {
      if (action.key === refusedOne.key) throw new ApiError(409, 140, 'The order is delivered already');
      return {};
    });
    const result = await flushQueue(send);
    expect(result.refused.map((a) => a.key)).toEqual([refusedOne.key]);
    expect(result.sent.map((a) => a.key)).toEqual([next.key]);
    const [left] = await listQueued();
    expect(left).toMatchObject({ key: refusedOne.key, refused: { status: 409, errorCode: 140 } });
    await flushQueue(send);
    expect(send).toHaveBeenCalledTimes(2);
    await removeQueued(refusedOne.key);
    expect(await listQueued()).toEqual([]);
  });

  it('calls while a round runs (the online event, the timer, a new action) send nothing twice', async () => {
    await enqueue(onTheWay('2026-11-27T10:00:00.000Z'));
    let release = () => {};
    const send = vi.fn((_: QueuedAction) => new Promise<void>((resolve) => (release = resolve)));
    const first = flushQueue(send);
    const second = flushQueue(send);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const late = onTheWay('2026-11-27T10:02:00.000Z', 42);
    await enqueue(late);
    release();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    release();
    await Promise.all([first, second]);
    expect(send.mock.calls.map(([a]) => a.orderId)).toEqual([41, 42]);
    expect(await listQueued()).toEqual([]);
  });

  it('markRefused of an action already gone does nothing', async () => {
    await markRefused('00000000-0000-4000-8000-999999999999', { status: 400, errorCode: 120, message: '' });
    expect(await listQueued()).toEqual([]);
  });
});

describe('sendAction', () => {
  it('sends a delivery as the multipart form the server reads, with the CSRF header', async () => {
    setCookie('csrftoken_new', 'tok');
    const server = mockFetch({
      'POST /api/driver/order/41/delivered': {
        body: answeredStop({
          done: true,
          delivered: {
            at: '2026-11-27T10:30:00.000Z',
            receiver_name: 'Jan Novák',
            partial: false,
            cash_received: 0,
            money: {
              ordered_price_with_vat: 0,
              price_with_vat: 0,
              amount_due: 0,
              rounding: 0,
              ordered_amount_due: 0,
              balance: 0,
              excess: 0,
            },
          },
        }),
      },
    });
    const action = delivered('2026-11-27T10:30:00.000Z');
    await sendAction(action);
    const [request] = server.sent('POST /api/driver/order/41/delivered');
    expect(request?.headers['x-csrftoken']).toBe('tok');
    const form = request?.body as FormData;
    expect(JSON.parse(String(form.get('delivery')))).toMatchObject({
      key: action.key,
      receiver_name: 'Jan Novák',
    });
    expect((form.get('signature') as File).type).toBe('image/png');
    expect(form.getAll('photo')).toHaveLength(1);
  });

  it('sends "on the way" as JSON', async () => {
    setCookie('csrftoken_new', 'tok');
    const server = mockFetch({
      'POST /api/driver/order/41/on_the_way': {
        body: answeredStop({ on_the_way_at: '2026-11-27T10:00:00.000Z' }),
      },
    });
    const action = onTheWay('2026-11-27T10:00:00.000Z');
    await sendAction(action);
    expect(server.sent('POST /api/driver/order/41/on_the_way')[0]?.body).toEqual(
      action.kind === 'on_the_way' ? action.body : null,
    );
  });
});
