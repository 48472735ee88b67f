import { weekDates } from '@letokruh/contracts/rules/calendar-week';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { onlineManager } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDashboardState } from '../features/dashboard/dashboard-state';
import { makeProfile, mockFetch, testConfig } from '../test-utils';
import { boot } from './boot';
import { preloadFrame } from './layout';
import { createQueryClient } from './query-client';

// The frame's own code is not what these tests load: only when the boot asks for it.
vi.mock('./layout', () => ({ preloadFrame: vi.fn(() => Promise.resolve({})) }));

const warehouses = {
  items: [
    { id: 2, name: 'Sklad Třebíč', color: '#1971c2', text_color: '#ffffff' },
    { id: 1, name: 'Sklad Jihlava', color: '#2f9e44', text_color: '#ffffff' },
  ],
};
const emptyWeek = { days: [], warehouses: [], drivers: [], cars: [] };

function serve(profile: ReturnType<typeof makeProfile> | null) {
  return mockFetch({
    'GET /api/auth/user': profile
      ? { body: { user: profile } }
      : { status: 401, body: { error_code: 112, message: 'not logged in' } },
    'GET /api/warehouses/own': { body: warehouses },
    'GET /api/api/get-orders': { body: emptyWeek },
    'GET /api/api/get-vacations': { body: { data: [] } },
    'GET /api/api/get-drivers-vacations': { body: { data: [] } },
  });
}

beforeEach(() => {
  resetDashboardState();
  vi.mocked(preloadFrame).mockClear();
});

describe('boot: what the first screen needs, asked for side by side', () => {
  it('asks for the session and the settings before anything renders, and they land in the cache', async () => {
    const api = serve(makeProfile(['dispatcher']));
    const queryClient = createQueryClient();
    boot(queryClient, '/orders');
    expect(api.sent('GET /api/auth/user')).toHaveLength(1);
    expect(api.sent('GET /api/config')).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'user'])).toBeTruthy());
    expect(api.sent('GET /api/warehouses/own')).toHaveLength(0);
  });

  it('settles only once the session and the settings are answered, so no answer lands during the first render', async () => {
    const api = serve(makeProfile(['dispatcher']));
    let answerConfig!: () => void;
    api.on(
      'GET /api/config',
      () => new Promise((resolve) => (answerConfig = () => resolve({ body: testConfig }))),
    );
    const queryClient = createQueryClient();
    let settled = false;
    void boot(queryClient, '/orders').then(() => (settled = true));
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'user'])).toBeTruthy());
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    answerConfig();
    await waitFor(() => expect(settled).toBe(true));
    expect(queryClient.getQueryData(['config'])).toEqual(testConfig);
  });

  it('settles when the settings fail too: the page shows the failure', async () => {
    const api = serve(makeProfile(['dispatcher']));
    api.on('GET /api/config', { networkError: true });
    await boot(createQueryClient(), '/orders');
    expect(api.sent('GET /api/config')).toHaveLength(1);
  });

  it('offline does not wait for the settings, whose query waits for a signal', async () => {
    serve(makeProfile(['dispatcher']));
    onlineManager.setOnline(false);
    try {
      await boot(createQueryClient(), '/orders');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('on the dashboard asks for the warehouses and the opening week with the session known', async () => {
    const api = serve(makeProfile(['dispatcher']));
    boot(createQueryClient(), '/dashboard');
    await waitFor(() => expect(api.sent('GET /api/api/get-orders')).toHaveLength(1));
    const week = api.sent('GET /api/api/get-orders')[0]!.url.searchParams;
    // All own warehouses on a first visit, in their order, the week of today, the lean answer.
    expect(week.getAll('warehouses')).toEqual(['2', '1']);
    expect(week.getAll('dates')).toEqual(weekDates(pragueDay()));
    expect(week.get('view')).toBe('calendar');
    await waitFor(() => expect(api.sent('GET /api/api/get-drivers-vacations')).toHaveLength(1));
    expect(api.sent('GET /api/api/get-vacations')).toHaveLength(1);
  });

  it('takes the kept choice and the address’s day, and asks for no orders without view_order', async () => {
    sessionStorage.setItem(
      'dashboard:state',
      JSON.stringify({ date: '2026-03-04', view: 'week', warehouses: [1], orderId: null }),
    );
    window.history.replaceState(null, '', '/dashboard?view=day&date=2026-11-18');
    const api = serve(makeProfile(['dispatcher']));
    boot(createQueryClient(), '/dashboard');
    await waitFor(() => expect(api.sent('GET /api/api/get-orders')).toHaveLength(1));
    const week = api.sent('GET /api/api/get-orders')[0]!.url.searchParams;
    expect(week.getAll('warehouses')).toEqual(['1']);
    expect(week.getAll('dates')[0]).toBe('2026-11-16');
    window.history.replaceState(null, '', '/');

    resetDashboardState();
    const noOrders = serve(makeProfile(['dispatcher'], { permissions: [] }));
    boot(createQueryClient(), '/dashboard');
    await waitFor(() => expect(noOrders.sent('GET /api/warehouses/own')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(noOrders.sent('GET /api/api/get-orders')).toHaveLength(0);
  });

  it('without a session asks for nothing of the page', async () => {
    const api = serve(null);
    boot(createQueryClient(), '/dashboard');
    await waitFor(() => expect(api.sent('GET /api/auth/user')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.sent('GET /api/warehouses/own')).toHaveLength(0);
    expect(api.sent('GET /api/api/get-orders')).toHaveLength(0);
  });
});

describe('boot: the frame with the navigation (decision 0092)', () => {
  it('is asked for at once on a page that shows it', () => {
    serve(makeProfile(['dispatcher']));
    boot(createQueryClient(), '/orders');
    expect(preloadFrame).toHaveBeenCalledTimes(1);
  });

  it('on the login page without a session, only once the user types or taps, and once', async () => {
    const api = serve(null);
    boot(createQueryClient(), '/');
    await waitFor(() => expect(api.sent('GET /api/auth/user')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(preloadFrame).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'j' }));
    expect(preloadFrame).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n' }));
    expect(preloadFrame).toHaveBeenCalledTimes(1);
  });

  it('on the login page with a session open, as soon as the session is known', async () => {
    serve(makeProfile(['dispatcher']));
    boot(createQueryClient(), '/');
    await waitFor(() => expect(preloadFrame).toHaveBeenCalledTimes(1));
  });
});
