import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ownWarehouses } from '../../test-data';
import { type MockRoute, makeProfile, renderWithApp, t } from '../../test-utils';
import { makeOrder } from '../orders/test-data';
import { DashboardPage } from './dashboard-page';
import { resetDashboardState } from './dashboard-state';
import { leanWeek } from './test-week';

const order = makeOrder({ expected_delivery_date: '2026-11-18', expected_delivery_time: '10:15' });
const { files: _files, ...calendarOrder } = order;

function renderDashboard(
  functions: Parameters<typeof makeProfile>[0] = ['dispatcher'],
  orders: (typeof calendarOrder)[] | MockRoute<'GET /api/api/get-orders'> = [calendarOrder],
  path = '/dashboard',
) {
  return renderWithApp(<DashboardPage />, {
    path,
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/warehouses/own': { body: ownWarehouses },
      // Decision 0049: the calendar asks for the lean week; the printed day sheet for the whole orders.
      'GET /api/api/get-orders': Array.isArray(orders)
        ? (request) => ({
            body: request.url.searchParams.get('view') === 'calendar' ? leanWeek(orders) : { data: orders },
          })
        : orders,
      'GET /api/api/get-vacations': { body: { data: [] } },
      [`GET /api/order/${order.id}`]: { body: { item: order } },
      'GET /api/api/get-drivers-vacations': { body: { data: [] } },
    },
  });
}

/** An order's card in the week (decision 0081): a button read as shown, then its details. */
const findCard = (name: RegExp) => screen.findByRole('button', { name });

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

  it('takes all own warehouses at first and asks for the week at once, a changed selection 500 ms after', async () => {
    const { api, user } = renderDashboard();
    expect(await screen.findByRole('checkbox', { name: 'Sklad Jihlava' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Sklad Třebíč' })).toHaveProperty('checked', true);
    // Decision 0047: the first request goes as soon as the warehouses are known (not 1 s later,
    // domain.md §1.9).
    expect(api.sent('GET /api/api/get-orders').length).toBeGreaterThan(0);
    // One request for the week (the weeks around it are prefetched once it is drawn).
    const forWeek = () =>
      api.sent('GET /api/api/get-orders').filter((r) => r.url.searchParams.get('dates') === '2026-11-16');
    await waitFor(() => expect(forWeek()).toHaveLength(1));
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
    // domain.md §1.7: a changed selection is asked for 500 ms after the last change, not at once:
    // never sooner than that after the click began, however slowly the machine clicks.
    const onlyJihlava = () =>
      api
        .sent('GET /api/api/get-orders')
        .filter((r) => r.url.searchParams.getAll('warehouses').join() === '1');
    const clicking = Date.now();
    await user.click(screen.getByRole('checkbox', { name: 'Sklad Třebíč' }));
    await waitFor(() => expect(onlyJihlava().length).toBeGreaterThan(0));
    expect(onlyJihlava()[0]!.sentAt - clicking).toBeGreaterThanOrEqual(495); // 500, the clocks' rounding aside
  });

  it('opens the overlay of a clicked order with Detail and, with change_order, Edit; X closes it', async () => {
    const { user } = renderDashboard();
    const block = await findCard(/^10:15 Kovářová Kamenice/);
    await user.click(block);
    const overlay = await screen.findByRole('dialog');
    expect(within(overlay).getByText(t('dashboard.overlay.title', { number: order.intern_id }))).toBeTruthy();
    // Decision 0049: the calendar has the lean order; the overlay loads the rest (GET /order/{id}).
    expect(await within(overlay).findByText(order.address!.full_address)).toBeTruthy();
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

  it('highlights the open order in the calendar and no longer once closed', async () => {
    const { user } = renderDashboard();
    const block = await findCard(/^10:15 Kovářová Kamenice/);
    expect(block.classList).not.toContain('order-highlighted');
    await user.click(block);
    const overlay = await screen.findByRole('dialog');
    await waitFor(() => expect(block.classList).toContain('order-highlighted'));
    await user.click(within(overlay).getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(block.classList).not.toContain('order-highlighted'));
  });

  it('offers no Edit link and no Add order without the permissions', async () => {
    const { user } = renderDashboard(['driver']);
    await user.click(await findCard(/^10:15 Kovářová Kamenice/));
    const overlay = await screen.findByRole('dialog');
    expect(within(overlay).queryByRole('link', { name: t('common.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('dashboard.addOrder') })).toBeNull();
  });

  it('marks a paid order (the legend says what ✓ is) and prints the day’s driver sheet', async () => {
    const paid = { ...calendarOrder, collected_revenue_at: '2026-11-17T09:00:00Z' };
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user, api } = renderDashboard(['dispatcher'], [paid]);
    const block = await findCard(new RegExp(t('dashboard.legend.paid')));
    expect(block.textContent).toMatch(/^10:15 ✓/);
    expect(within(screen.getByTestId('week-legend')).getByText(t('dashboard.legend.paid'))).toBeTruthy();
    expect(screen.queryByTestId('day-sheet')).toBeNull();
    await user.click(screen.getByRole('radio', { name: t('dashboard.view.day') }));
    // Decision 0049: the sheet needs the whole orders, loaded for the day when printing is asked for.
    expect(screen.queryByTestId('day-sheet')).toBeNull();
    await user.click(screen.getByRole('button', { name: t('dashboard.print') }));
    const sheet = await screen.findByTestId('day-sheet');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const full = api.sent('GET /api/api/get-orders').filter((r) => !r.url.searchParams.has('view'));
    expect(full.map((r) => r.url.searchParams.getAll('dates'))).toEqual([['2026-11-18']]);
    print.mockRestore();
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

  it('opens a day from the address as a column per driver; a day header of the week opens it too', async () => {
    const collection = {
      ...calendarOrder,
      id: 300,
      driver: null,
      car: null,
      calendar_name: 'Procházka, Telč',
    };
    const { user } = renderDashboard(
      ['dispatcher'],
      [calendarOrder, collection],
      '/dashboard?view=day&date=2026-11-18',
    );
    const josef = await screen.findByRole('region', { name: 'Josef Černý' });
    const block = await within(josef).findByRole('button', { name: /Martina Kovářová, Kamenice/ });
    expect(screen.getByTestId('calendar-title').textContent).toBe(
      'středa 18. listopadu 2026 · 47. týden (lichý)',
    );
    const lane = screen.getByRole('region', { name: t('dashboard.day.lane.collection') });
    expect(within(lane).getByRole('button').getAttribute('aria-label')).toContain('Procházka, Telč');
    await user.click(block);
    const overlay = await screen.findByRole('dialog');
    expect(within(overlay).getByText(t('dashboard.overlay.title', { number: order.intern_id }))).toBeTruthy();
    await user.click(within(overlay).getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('radio', { name: t('dashboard.view.week') }));
    const header = await screen.findByText(/18\. ?11\./, { selector: '.week-day-head button' });
    // The day's header counts its orders (both on Wednesday).
    expect(header.parentElement?.textContent).toContain(t('dashboard.dayCount', { count: 2 }));
    expect(screen.queryByTestId('driver-day')).toBeNull();
    await user.click(header);
    expect(await screen.findByRole('region', { name: 'Josef Černý' })).toBeTruthy();
  });

  it('draws a prefetched week at once and keeps the last week under a loading line, animated only while shown, until the next arrives', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const weekOf: MockRoute<'GET /api/api/get-orders'> = async (request) => {
      const dates = request.url.searchParams.getAll('dates');
      if (dates[0] === '2026-11-30') await held;
      const wednesday = {
        ...calendarOrder,
        id: 1000 + Number(dates[2]!.slice(8)),
        expected_delivery_date: dates[2]!,
      };
      return { body: leanWeek([{ ...wednesday, calendar_name: `Objednávka ${dates[2]}` }]) };
    };
    const { user, api } = renderDashboard(['dispatcher'], weekOf);
    await screen.findByText(/Objednávka 2026-11-18/);
    // The weeks before and after are loaded once this one is drawn.
    await waitFor(() => {
      const asked = api.sent('GET /api/api/get-orders').map((r) => r.url.searchParams.getAll('dates')[0]);
      expect(asked).toEqual(['2026-11-16', '2026-11-23', '2026-11-09']);
    });
    const askedFor = (day: string) =>
      api.sent('GET /api/api/get-orders').filter((r) => r.url.searchParams.getAll('dates')[0] === day).length;
    await user.click(screen.getByRole('button', { name: t('dashboard.next') }));
    // Prefetched: drawn from what was already asked for, without asking again.
    expect(await screen.findByText(/Objednávka 2026-11-25/)).toBeTruthy();
    expect(askedFor('2026-11-23')).toBe(1);

    await user.click(screen.getByRole('button', { name: t('dashboard.next') }));
    const line = screen.getByTestId('calendar-loading');
    await waitFor(() =>
      expect(
        api.sent('GET /api/api/get-orders').some((r) => r.url.searchParams.get('dates') === '2026-11-30'),
      ).toBe(true),
    );
    // The week being loaded is in the header; the last one stays drawn under the loading line.
    expect(screen.getByTestId('calendar-title').textContent).toContain('49.');
    expect(screen.getByText(/Objednávka 2026-11-25/)).toBeTruthy();
    expect(line.style.visibility).toBe('visible');
    expect(line.querySelector('[data-animated]')).not.toBeNull();
    release();
    expect(await screen.findByText(/Objednávka 2026-12-02/)).toBeTruthy();
    expect(screen.queryByText(/Objednávka 2026-11-25/)).toBeNull();
    await waitFor(() => expect(line.style.visibility).toBe('hidden'));
    // Hidden, it no longer animates: a running animation takes frames even where nothing shows.
    expect(line.querySelector('[data-animated]')).toBeNull();
  });

  it('folds what a day cannot show into "+N", which opens the day', async () => {
    const busy = Array.from({ length: 61 }, (_, i) => ({ ...calendarOrder, id: 500 + i }));
    const { user } = renderDashboard(['dispatcher'], busy);
    await screen.findAllByRole('button', { name: /^10:15 Kovářová Kamenice/ });
    const cards = document.querySelectorAll('.week-card').length;
    expect(cards).toBeGreaterThan(0);
    const more = screen.getByRole('button', { name: new RegExp(`${61 - cards}`) });
    expect(more.textContent).toBe(`+${61 - cards}`);
    await user.click(more);
    const column = await screen.findByRole('region', { name: 'Josef Černý' });
    expect(within(column).getAllByRole('button')).toHaveLength(61);
  });
});
