import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProfile, renderWithApp, t } from '../../test-utils';
import { makeOrder } from '../orders/test-data';
import { DashboardPage } from './dashboard-page';
import { resetDashboardState } from './dashboard-state';

const warehouses = {
  items: [
    { id: 1, name: 'Sklad Jihlava', color: '#2f9e44' },
    { id: 2, name: 'Sklad Třebíč', color: '#1971c2' },
  ],
};
const order = makeOrder({ expected_delivery_date: '2026-11-18', expected_delivery_time: '10:15' });
const { files: _files, ...calendarOrder } = order;

function renderDashboard(functions: Parameters<typeof makeProfile>[0] = ['dispatcher']) {
  return renderWithApp(<DashboardPage />, {
    path: '/dashboard',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/warehouses/own': { body: warehouses },
      'GET /api/api/get-orders': { body: { data: [calendarOrder] } },
      'GET /api/api/get-vacations': { body: { data: [] } },
      'GET /api/api/get-drivers-vacations': { body: { data: [] } },
    },
  });
}

beforeEach(() => {
  resetDashboardState();
  sessionStorage.setItem(
    'dashboard:state',
    JSON.stringify({ date: '2026-11-18', view: 'week', warehouses: null, orderId: null }),
  );
});

describe('DashboardPage', () => {
  it('heads the week with month, year, week number and parity, and moves by weeks', async () => {
    const { user } = renderDashboard();
    const title = await screen.findByTestId('calendar-title');
    expect(title.textContent).toBe('listopad 2026 · 47. týden (lichý)');
    await user.click(screen.getByRole('button', { name: t('dashboard.next') }));
    expect(title.textContent).toBe('listopad 2026 · 48. týden (sudý)');
    await user.click(screen.getByRole('button', { name: t('dashboard.next') }));
    expect(title.textContent).toBe('listopad – prosinec 2026 · 49. týden (lichý)');
  });

  it('takes all own warehouses at first and asks for the week once the selection settles', async () => {
    const { api } = renderDashboard();
    expect(await screen.findByRole('checkbox', { name: 'Sklad Jihlava' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Sklad Třebíč' })).toHaveProperty('checked', true);
    // Part 1 §9: the first request 1 s after opening, not before.
    expect(api.sent('GET /api/api/get-orders')).toHaveLength(0);
    await waitFor(() => expect(api.sent('GET /api/api/get-orders')).toHaveLength(1), { timeout: 3000 });
    const url = api.sent('GET /api/api/get-orders')[0]!.url;
    expect(url.searchParams.getAll('warehouses')).toEqual(['1', '2']);
    expect(url.searchParams.getAll('dates')).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(api.sent('GET /api/api/get-vacations')[0]!.url.searchParams.getAll('warehouses')).toEqual([
      '1',
      '2',
    ]);
  });

  it('opens the overlay of a clicked order with Detail and, with change_order, Edit; X closes it', async () => {
    const { user } = renderDashboard();
    const block = await screen.findByText(/Martina Kovářová, Kamenice/, {}, { timeout: 3000 });
    await user.click(block);
    const overlay = await screen.findByRole('dialog');
    expect(within(overlay).getByText(t('dashboard.overlay.title', { number: order.intern_id }))).toBeTruthy();
    expect(
      within(overlay)
        .getByRole('link', { name: t('common.detail') })
        .getAttribute('href'),
    ).toBe(`/order/${order.id}`);
    expect(
      within(overlay)
        .getByRole('link', { name: t('common.edit') })
        .getAttribute('href'),
    ).toBe(`/order/${order.id}/items`);
    await user.click(within(overlay).getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no Edit link and no Add order without the permissions', async () => {
    const { user } = renderDashboard(['driver']);
    await user.click(await screen.findByText(/Martina Kovářová, Kamenice/, {}, { timeout: 3000 }));
    const overlay = await screen.findByRole('dialog');
    expect(within(overlay).queryByRole('link', { name: t('common.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('dashboard.addOrder') })).toBeNull();
  });
});
