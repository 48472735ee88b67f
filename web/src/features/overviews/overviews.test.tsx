import type { AnswerOf } from '@letokruh/contracts/endpoint';
import type { statsEndpoints } from '@letokruh/contracts/endpoints/stats';
import type { ProductStats } from '@letokruh/contracts/stats';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownWarehouses } from '../../test-data';
import { field, makeProfile, renderWithApp, t } from '../../test-utils';
import { formatFor } from '../../ui/format';
import { bestSellers, perPeriod } from './chart-data';
import { nameLines } from './name-tick';
import { OverviewsPage } from './overviews-page';
import { defaultPageRange, presetRange, rangeOf, withFrom, withTo } from './range';

describe('the page’s one range (decision 0088; domain.md §2.2, §2.5)', () => {
  it('defaults to this month, all warehouses, as whole Prague calendar days', () => {
    expect(defaultPageRange('2026-11-22')).toEqual({
      preset: 'thisMonth',
      from: '2026-11-01',
      to: '2026-11-30',
      warehouse: null,
    });
    expect(presetRange('thisMonth', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('thisMonth', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('last month and this year, across the year’s end', () => {
    expect(presetRange('lastMonth', '2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('lastMonth', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('thisYear', '2026-11-22')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('a kept preset follows the calendar; a range of one’s own stays', () => {
    const kept = defaultPageRange('2026-11-22');
    expect(rangeOf(kept, '2026-12-02')).toEqual({ from: '2026-12-01', to: '2026-12-31', warehouse: null });
    const own = { preset: 'custom' as const, from: '2026-03-02', to: '2026-03-09', warehouse: '2' };
    expect(rangeOf(own, '2026-12-02')).toEqual({ from: '2026-03-02', to: '2026-03-09', warehouse: '2' });
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
      formatFor('cs'),
    );
    expect(counts).toEqual([
      { label: '1.3.', Jihlava: 2, Brod: 0 },
      { label: '2.3.', Jihlava: 0, Brod: 0 },
      { label: '3.3.', Jihlava: 0, Brod: 1 },
    ]);
    expect(totals[0]).toEqual({ label: '1.3.', Jihlava: 100.1, Brod: 0 });
  });

  it('sums a long range by month, each labelled in the user’s language', () => {
    const range = { from: '2026-01-20', to: '2026-04-02' };
    const days = [day('2026-01-20', 1, 1, 1), day('2026-01-31', 1, 2, 1), day('2026-04-02', 2, 3, 1)];
    const { counts } = perPeriod(range, days, warehouses, formatFor('cs'));
    expect(counts.map((c) => c.label)).toEqual(['1/2026', '2/2026', '3/2026', '4/2026']);
    expect(counts[0]).toMatchObject({ Jihlava: 3, Brod: 0 });
    expect(counts[3]).toMatchObject({ Jihlava: 0, Brod: 3 });
    expect(perPeriod(range, days, warehouses, formatFor('en')).counts.map((c) => c.label)).toEqual([
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
    ]);
  });
});

const product = (id: number, name: string, shorten: string, czk: number): ProductStats => ({
  id,
  name,
  shorten_name: shorten,
  measurement_unit: 'PRMS',
  count: 3,
  order_count: 2,
  prices: czk ? [{ currency: 'CZK', amount: czk }] : [{ currency: 'EUR', amount: 90 }],
});
const products = [
  product(5, 'Buk štípaný sypané 33 cm', 'BK33S', 12540),
  product(9, 'Dřevo na gril buk', 'GRI', 4980),
  product(11, 'Borovice štípaná sypané 50 cm', 'BO50S', 0),
];

describe('the best sellers’ chart', () => {
  it('names each product, never by its short code, and leaves out what sold for no CZK', () => {
    expect(bestSellers(products)).toEqual([
      { product: 'Buk štípaný sypané 33 cm', CZK: 12540 },
      { product: 'Dřevo na gril buk', CZK: 4980 },
    ]);
  });

  it('puts a long name on two even lines at a space, cut with … only past them', () => {
    expect(nameLines('Dřevo na gril buk')).toEqual(['Dřevo na gril buk']);
    expect(nameLines('Borovice štípaná sypané 50 cm')).toEqual(['Borovice štípaná', 'sypané 50 cm']);
    expect(nameLines('Buk štípaný sypané 33 cm')).toEqual(['Buk štípaný', 'sypané 33 cm']);
    expect(nameLines('Směs tvrdého dřeva rovnané 33 cm k tomu ještě dlouhý dovětek')).toEqual([
      'Směs tvrdého dřeva',
      'rovnané 33 cm k tomu…',
    ]);
    expect(nameLines('Bukovépalivovédřevoextradlouhé')).toEqual(['Bukovépalivovédřevoe…']);
  });
});

const warehouseStats: AnswerOf<typeof statsEndpoints.byWarehouses> = {
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
  days: [],
};

function renderPage(functions: Parameters<typeof makeProfile>[0] = ['dispatcher']) {
  return renderWithApp(<OverviewsPage />, {
    path: '/overviews',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/stats_by_warehouses': { body: warehouseStats },
      'GET /api/stats_for_products': { body: { items: products } },
      'GET /api/get_collected_revenue_by_warehouses': { body: { items: [], collectors: [] } },
      'GET /api/stats_collectors': { body: { items: [] } },
      'GET /api/warehouses/own': { body: ownWarehouses },
    },
  });
}

const calls = [
  'GET /api/stats_by_warehouses',
  'GET /api/stats_for_products',
  'GET /api/get_collected_revenue_by_warehouses',
];

describe('OverviewsPage', () => {
  it('has one range for the whole page, this month by default, asked of every block', async () => {
    const { api } = renderPage();
    const table = await screen.findByRole('table', { name: t('overviews.warehouses.title') });
    await waitFor(() => expect(within(table).getByText('3 307,97 Kč')).toBeTruthy());
    expect(screen.getAllByLabelText(t('overviews.from'))).toHaveLength(1);
    expect(screen.getAllByLabelText(t('overviews.to'))).toHaveLength(1);
    const month = defaultPageRange();
    await waitFor(() => {
      for (const call of calls)
        expect(Object.fromEntries(api.sent(call)[0]!.url.searchParams), call).toEqual({
          from: month.from,
          to: month.to,
        });
    });
    expect(
      screen.getByRole('button', { name: t('overviews.range.thisMonth') }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByRole('table', { name: t('overviews.products.title') }).textContent).toContain(
      'Buk štípaný sypané 33 cm',
    );
  });

  it('a preset or a warehouse changes every block at once', async () => {
    const { api, user } = renderPage();
    await screen.findByText('3 307,97 Kč');
    await user.click(screen.getByRole('button', { name: t('overviews.range.lastMonth') }));
    const last = presetRange('lastMonth');
    await waitFor(() => {
      for (const call of calls)
        expect(Object.fromEntries(api.sent(call).at(-1)!.url.searchParams), call).toMatchObject(last);
    });
    expect(field(t('overviews.from')).value).toBe(formatFor('cs').day(last.from));
    expect(
      screen.getByRole('button', { name: t('overviews.range.lastMonth') }).getAttribute('aria-pressed'),
    ).toBe('true');
    await user.click(field(t('overviews.warehouse')));
    await user.click(await screen.findByRole('option', { name: 'Sklad Třebíč', hidden: true }));
    await waitFor(() => {
      for (const call of calls)
        expect(Object.fromEntries(api.sent(call).at(-1)!.url.searchParams), call).toMatchObject({
          ...last,
          warehouse: '2',
        });
    });
    // A block's own filter stays the block's.
    const block = screen.getByRole('region', { name: t('overviews.warehouses.title') });
    await user.click(within(block).getByRole('radio', { name: t('overviews.done.true') }));
    await waitFor(() =>
      expect(api.sent('GET /api/stats_by_warehouses').at(-1)!.url.searchParams.get('done')).toBe('true'),
    );
    expect(api.sent('GET /api/stats_for_products').at(-1)!.url.searchParams.get('done')).toBeNull();
  });

  it('a day typed in makes the range one’s own: no preset is pressed', async () => {
    const { api, user } = renderPage();
    await screen.findByText('3 307,97 Kč');
    await user.click(screen.getByRole('button', { name: t('overviews.range.thisYear') }));
    const year = presetRange('thisYear');
    const from = field(t('overviews.from'));
    await user.clear(from);
    await user.type(from, formatFor('cs').day(`${year.from.slice(0, 4)}-02-03`));
    await user.tab();
    await waitFor(() =>
      expect(api.sent('GET /api/stats_by_warehouses').at(-1)!.url.searchParams.get('from')).toBe(
        `${year.from.slice(0, 4)}-02-03`,
      ),
    );
    for (const preset of ['thisMonth', 'lastMonth', 'thisYear'])
      expect(
        screen.getByRole('button', { name: t(`overviews.range.${preset}`) }).getAttribute('aria-pressed'),
      ).toBe('false');
  });

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
