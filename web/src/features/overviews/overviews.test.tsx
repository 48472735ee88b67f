import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, makeProfile, renderWithApp, t } from '../../test-utils';
import { perPeriod } from './chart-data';
import { OverviewsPage } from './overviews-page';
import { defaultRange, withFrom, withTo } from './range';
import { WarehousesBlock } from './warehouses-block';

describe('the report range (domain.md §2.2, §2.5, §2.9)', () => {
  it('runs from a month ago to today, also across month ends', () => {
    expect(defaultRange('2026-11-22')).toEqual({ from: '2026-10-22', to: '2026-11-22', warehouse: null });
    expect(defaultRange('2026-03-31')).toEqual({ from: '2026-02-28', to: '2026-03-31', warehouse: null });
    expect(defaultRange('2026-01-15').from).toBe('2025-12-15');
  });

  it('never lets from pass to: a day past the other end moves that end along', () => {
    const range = { from: '2026-03-01', to: '2026-03-31', warehouse: '2' };
    expect(withFrom(range, '2026-03-10')).toEqual({ from: '2026-03-10', to: '2026-03-31', warehouse: '2' });
    expect(withFrom(range, '2026-04-05')).toEqual({ from: '2026-04-05', to: '2026-04-05', warehouse: '2' });
    expect(withTo(range, '2026-02-20')).toEqual({ from: '2026-02-20', to: '2026-02-20', warehouse: '2' });
    expect(withTo(range, null)).toBe(range);
  });
});

describe('perPeriod', () => {
  const warehouses = [
    { id: 1, name: 'Jihlava' },
    { id: 2, name: 'Brod' },
  ];
  const day = (date: string, warehouse_id: number, count: number, total: number) => ({
    date,
    warehouse_id,
    count,
    prices: [{ currency: 'CZK' as const, travel: 0, products: total, total }],
  });

  it('gives every day of a short range a row, zeros where nothing was delivered', () => {
    const { counts, totals } = perPeriod(
      { from: '2026-03-01', to: '2026-03-03' },
      [day('2026-03-01', 1, 2, 100.1), day('2026-03-03', 2, 1, 50)],
      warehouses,
      (d) => d,
    );
    expect(counts).toEqual([
      { label: '2026-03-01', Jihlava: 2, Brod: 0 },
      { label: '2026-03-02', Jihlava: 0, Brod: 0 },
      { label: '2026-03-03', Jihlava: 0, Brod: 1 },
    ]);
    expect(totals[0]).toEqual({ label: '2026-03-01', Jihlava: 100.1, Brod: 0 });
  });

  it('sums a long range by month', () => {
    const { counts } = perPeriod(
      { from: '2026-01-20', to: '2026-04-02' },
      [day('2026-01-20', 1, 1, 1), day('2026-01-31', 1, 2, 1), day('2026-04-02', 2, 3, 1)],
      warehouses,
      (d) => d,
    );
    expect(counts.map((c) => c.label)).toEqual(['1/2026', '2/2026', '3/2026', '4/2026']);
    expect(counts[0]).toMatchObject({ Jihlava: 3, Brod: 0 });
    expect(counts[3]).toMatchObject({ Jihlava: 0, Brod: 3 });
  });
});

const today = pragueDay();
const stats = {
  items: [
    {
      id: 1,
      name: 'Sklad Jihlava',
      color: '#2f9e44',
      text_color: '#fff',
      count: 2,
      prices: [
        { currency: 'CZK', travel: 738, products: 2569.97, total: 3307.97 },
        { currency: 'EUR', travel: 30, products: 150, total: 180 },
      ],
    },
    { id: 2, name: 'Sklad Třebíč', color: '#1971c2', text_color: '#fff', count: 0, prices: [] },
  ],
  days: [
    {
      date: today,
      warehouse_id: 1,
      count: 2,
      prices: [{ currency: 'CZK', travel: 738, products: 2569.97, total: 3307.97 }],
    },
  ],
};

describe('WarehousesBlock', () => {
  function renderBlock() {
    return renderWithApp(<WarehousesBlock />, {
      path: '/overviews',
      fetch: {
        'GET /api/auth/user': { body: { user: makeProfile(['dispatcher']) } },
        'GET /api/stats_by_warehouses': { body: stats },
        'GET /api/warehouses/own': {
          body: {
            items: [
              { id: 1, name: 'Sklad Jihlava', color: '#2f9e44' },
              { id: 2, name: 'Sklad Třebíč', color: '#1971c2' },
            ],
          },
        },
      },
    });
  }

  it('asks for the default month of all warehouses and shows each currency of each warehouse', async () => {
    const { api } = renderBlock();
    const table = await screen.findByRole('table', { name: t('overviews.warehouses.title') });
    const first = Object.fromEntries(api.sent('GET /api/stats_by_warehouses')[0]!.url.searchParams);
    expect(first).toEqual({ from: defaultRange(today).from, to: today });
    await waitFor(() => expect(within(table).getByText('3 307,97 Kč')).toBeTruthy());
    const jihlava = within(table).getByText('Sklad Jihlava').closest('tr') as HTMLElement;
    expect(within(jihlava).getByText('2')).toBeTruthy();
    expect(within(jihlava).getByText('738,00 Kč')).toBeTruthy();
    expect(within(table).getByText('180,00 €')).toBeTruthy();
    expect(screen.getByText(t('overviews.warehouses.ordersChart'))).toBeTruthy();
  });

  it('sends the warehouse and done filters, and bounds each date by the other', async () => {
    const { api, user } = renderBlock();
    await screen.findByText('3 307,97 Kč');
    await user.click(field(t('overviews.warehouse')));
    await user.click(await screen.findByRole('option', { name: 'Sklad Třebíč', hidden: true }));
    await user.click(screen.getByRole('radio', { name: t('overviews.done.true') }));
    await waitFor(() => {
      const last = Object.fromEntries(api.sent('GET /api/stats_by_warehouses').at(-1)!.url.searchParams);
      expect(last).toMatchObject({ warehouse: '2', done: 'true', to: today });
    });
    // The from picker opens on last month; in this month it offers no day after `to` (today).
    await user.click(field(t('overviews.from')));
    const next = await waitFor(() => {
      const control = document.querySelector('button[data-direction="next"]');
      if (!control) throw new Error('no calendar');
      return control as HTMLElement;
    });
    const disabled = () => document.querySelectorAll('table button[data-disabled]').length;
    const before = disabled();
    await user.click(next);
    await waitFor(() => expect(disabled()).toBeGreaterThan(before));
  });
});

describe('OverviewsPage', () => {
  it('tells a user without view_stats so, asking the server nothing', async () => {
    const { api } = renderWithApp(<OverviewsPage />, {
      path: '/overviews',
      fetch: { 'GET /api/auth/user': { body: { user: makeProfile(['driver']) } } },
    });
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
    expect(api.fetch.mock.calls.map(([input]) => String(input)).filter((u) => u.includes('stats'))).toEqual(
      [],
    );
  });
});
