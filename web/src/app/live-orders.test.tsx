import type { OrderEvent } from '@letokruh/contracts/live-events';
import { defaultOrderSort, firstDirection } from '@letokruh/contracts/order-sort';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarOrdersQuery } from '../features/order-steps/api';
import { noOrderFilters, orderListParams, orderListQuery, orderQuery } from '../features/orders/api';
import { publishOrderEvents, useChangedElsewhere, useEditing } from '../lib/live-orders';
import { connectLiveOrders, invalidateForEvents } from './live-orders';
import LiveOrdersStream from './live-orders-stream';

/** domain.md §1.10: what the tab refetches when the live board tells it an order changed. */
const week = (monday: number) =>
  Array.from({ length: 7 }, (_, i) => `2026-11-${String(monday + i).padStart(2, '0')}`);
const thisWeek = week(23);
const nextWeek = week(30).map((d, i) => (i < 1 ? d : `2026-12-0${i}`));

const moved: OrderEvent = {
  id: 7,
  kind: 'moved',
  version: 5,
  warehouses: { before: 1, after: 1 },
  dates: { before: '2026-11-24', after: '2026-12-01' },
};

const keys = {
  list: orderListQuery(
    orderListParams(noOrderFilters, { current_page: 1, per_page: 10 }, true, {
      sort: defaultOrderSort,
      direction: firstDirection[defaultOrderSort],
    }),
  ).queryKey,
  order7: orderQuery(7).queryKey,
  order8: orderQuery(8).queryKey,
  thisWeekJihlava: calendarOrdersQuery({ warehouses: [1], dates: thisWeek, combined: false }).queryKey,
  nextWeekJihlava: calendarOrdersQuery({ warehouses: [1], dates: nextWeek, combined: false }).queryKey,
  weekAfterJihlava: calendarOrdersQuery({
    warehouses: [1],
    dates: week(7).map((d) => d.replace('-11-', '-12-')),
    combined: false,
  }).queryKey,
  thisWeekBrod: calendarOrdersQuery({ warehouses: [2], dates: thisWeek, combined: false }).queryKey,
  vacations: ['vacations', 'calendar', 'closures', [1], thisWeek] as QueryKey,
};

function seeded() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  for (const key of Object.values(keys)) client.setQueryData(key, []);
  return client;
}
const invalidated = (client: QueryClient) =>
  Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();

class FakeEventSource extends EventTarget {
  static made: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown = {}) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  drop() {
    this.dispatchEvent(new Event('error'));
  }
}

afterEach(() => {
  FakeEventSource.made = [];
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('invalidateForEvents', () => {
  it('refetches the list, the order and both weeks of a move in its warehouse, nothing else', async () => {
    const client = seeded();
    await invalidateForEvents(client, [moved], new Set());
    expect(invalidated(client)).toEqual(['list', 'nextWeekJihlava', 'order7', 'thisWeekJihlava']);
  });

  it('leaves the copy on an edit page alone', async () => {
    const client = seeded();
    await invalidateForEvents(client, [moved], new Set([7]));
    expect(invalidated(client)).toEqual(['list', 'nextWeekJihlava', 'thisWeekJihlava']);
  });
});

describe('LiveOrdersStream', () => {
  it('opens one stream at /api/events and refetches what an order event changed', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = seeded();
    render(
      <QueryClientProvider client={client}>
        <LiveOrdersStream />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.made.map((s) => s.url)).toEqual(['/api/events']);
    const stream = FakeEventSource.made[0]!;
    // Open: whatever was read before may have missed a change, so every order query goes again.
    act(() => stream.emit('ready'));
    await vi.waitFor(() =>
      expect(invalidated(client)).toEqual(
        Object.keys(keys)
          .filter((k) => k !== 'vacations')
          .sort(),
      ),
    );
    for (const key of Object.values(keys)) client.setQueryData(key, []);
    expect(invalidated(client)).toEqual([]);
    act(() => {
      stream.emit('order', moved);
      stream.emit('order', { id: 'not an order' });
    });
    await vi.waitFor(() =>
      expect(invalidated(client)).toEqual(['list', 'nextWeekJihlava', 'order7', 'thisWeekJihlava']),
    );
  });
});

describe('connectLiveOrders', () => {
  it('gathers a burst into one call, reconnects after a drop and then asks for everything again', async () => {
    vi.useFakeTimers();
    const batches: OrderEvent[][] = [];
    let resyncs = 0;
    let firsts = 0;
    const stop = connectLiveOrders({
      url: '/api/events',
      onOrders: (events) => batches.push(events),
      onResync: () => resyncs++,
      onFirstReady: () => firsts++,
      backoff: (attempt) => 1000 * 2 ** attempt,
      EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
    });
    const first = FakeEventSource.made[0]!;
    first.emit('ready');
    first.emit('order', moved);
    first.emit('order', { ...moved, kind: 'saved', version: 6 });
    await vi.advanceTimersByTimeAsync(100);
    expect(batches.map((b) => b.map((e) => e.version))).toEqual([[5, 6]]);
    expect(resyncs).toBe(0);

    first.drop();
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeEventSource.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = FakeEventSource.made[1]!;
    // The server is still away: the pause doubles.
    second.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeEventSource.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    const third = FakeEventSource.made[2]!;
    third.emit('ready');
    expect(resyncs).toBe(1);
    expect(firsts).toBe(1);
    third.emit('resync', { reason: 'many' });
    expect(resyncs).toBe(2);
    stop();
    expect(third.closed).toBe(true);
  });
});

function EditedOrder({ version }: { version: number }) {
  useEditing(7);
  return useChangedElsewhere(7, version) ? <p>changed elsewhere</p> : <p>current</p>;
}

describe('useChangedElsewhere', () => {
  it('tells an edit page of a newer version, not of the one it holds', () => {
    const client = new QueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <EditedOrder version={5} />
      </QueryClientProvider>,
    );
    act(() => publishOrderEvents([moved]));
    expect(screen.getByText('current')).toBeTruthy();
    act(() =>
      publishOrderEvents([
        { ...moved, id: 8, version: 9 },
        { ...moved, version: 6 },
      ]),
    );
    expect(screen.getByText('changed elsewhere')).toBeTruthy();
    rerender(
      <QueryClientProvider client={client}>
        <EditedOrder version={6} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('current')).toBeTruthy();
  });
});
