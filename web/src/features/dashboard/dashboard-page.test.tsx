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

function renderDashboard(
  functions: Parameters<typeof makeProfile>[0] = ['dispatcher'],
  orders: (typeof calendarOrder)[] = [calendarOrder],
) {
  return renderWithApp(<DashboardPage />, {
    path: '/dashboard',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/warehouses/own': { body: warehouses },
      'GET /api/api/get-orders': { body: { data: orders } },
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

  it('highlights the open order in the calendar and gives it back its colours once closed', async () => {
    const { user } = renderDashboard();
    const title = await screen.findByText(/Martina Kovářová, Kamenice/, {}, { timeout: 3000 });
    const block = () => title.closest<HTMLElement>('.fc-event')!;
    expect(block().classList).not.toContain('order-highlighted');
    expect(block().style.backgroundColor).toBe('rgb(43, 138, 62)'); // the car's #2b8a3e
    await user.click(title);
    const overlay = await screen.findByRole('dialog');
    await waitFor(() => expect(block().classList).toContain('order-highlighted'));
    expect(block().style.backgroundColor).toBe('rgb(134, 46, 156)'); // grape
    await user.click(within(overlay).getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(block().classList).not.toContain('order-highlighted'));
    expect(block().style.backgroundColor).toBe('rgb(43, 138, 62)');
  });

  it('offers no Edit link and no Add order without the permissions', async () => {
    const { user } = renderDashboard(['driver']);
    await user.click(await screen.findByText(/Martina Kovářová, Kamenice/, {}, { timeout: 3000 }));
    const overlay = await screen.findByRole('dialog');
    expect(within(overlay).queryByRole('link', { name: t('common.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('dashboard.addOrder') })).toBeNull();
  });

  it('marks a paid order, colours it by its car and lists the day on the driver’s sheet', async () => {
    const paid = { ...calendarOrder, collected_revenue_at: '2026-11-17T09:00:00Z' };
    renderDashboard(['dispatcher'], [paid]);
    const title = await screen.findByText(/^✓ Martina Kovářová, Kamenice/, {}, { timeout: 3000 });
    const block = title.closest<HTMLElement>('.fc-event')!;
    expect(block.classList).toContain('order-paid');
    expect(block.style.backgroundColor).toBe('rgb(43, 138, 62)'); // the car's #2b8a3e
    const sheet = screen.getByTestId('day-sheet');
    expect(within(sheet).getByRole('heading').textContent).toContain('Josef Černý');
    const row = within(sheet).getByText(String(order.intern_id)).closest('tr')!;
    expect(row.textContent).toContain('10:15');
    expect(row.textContent).toContain(t('dashboard.flags.paid'));
  });

  it('keeps the calendar settings for the session and forgets them with the rest at logout', async () => {
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('checkbox', { name: t('orderSteps.calendar.showIds') }));
    expect(JSON.parse(sessionStorage.getItem('calendar:settings')!)).toMatchObject({ showIds: true });
    expect(JSON.parse(sessionStorage.getItem('dashboard:state')!)).toMatchObject({ date: '2026-11-18' });
    resetDashboardState(); // what the logout page calls
    expect(sessionStorage.getItem('calendar:settings')).toBeNull();
    expect(sessionStorage.getItem('dashboard:state')).toBeNull();
  });
});
