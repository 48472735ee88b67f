import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, renderWithApp, t } from '../../test-utils';
import { stockChanges, stockRows, warehouseRoutes } from './test-fixtures';
import { WarehouseStockPage } from './warehouse-stock-page';

function renderStock(functions: Parameters<typeof warehouseRoutes>[0]) {
  return renderWithApp(<WarehouseStockPage />, {
    path: '/warehouse/1',
    route: '/warehouse/:id',
    fetch: warehouseRoutes(functions, {
      'GET /api/warehouse/1/product_stock': { body: { items: stockRows, total: 2 } },
      'GET /api/product_stock_changes/1': { body: { items: stockChanges, total: 2 } },
    }),
  });
}

const tables = () => screen.getAllByRole('table');
const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text)) as HTMLElement;

describe('WarehouseStockPage', () => {
  it('shows each product with its amount and unit, with links to add and to change stock', async () => {
    renderStock(['warehouseman']);
    expect(await screen.findByRole('heading', { name: 'Sklad Jihlava' })).toBeTruthy();
    await screen.findByText('Buk štípaný rovnané 100 cm');
    const stock = tables()[0]!;
    expect(within(rowOf(stock, 'Smrk')).getByText('12,5 PRMS')).toBeTruthy();
    expect(within(rowOf(stock, 'Buk')).getByText('3 PRMR')).toBeTruthy();
    const change = within(rowOf(stock, 'Smrk')).getByRole('link', {
      name: t('stock.changeOf', { name: 'Smrk štípaný sypané 33 cm' }),
    });
    expect(change.getAttribute('href')).toBe('/update-stock/1/5');
    expect(screen.getByRole('link', { name: t('stock.addProduct') }).getAttribute('href')).toBe(
      '/warehouse/1/add-product',
    );
    expect(screen.getByRole('link', { name: t('conversions.open') }).getAttribute('href')).toBe(
      '/warehouse/1/conversion',
    );
  });

  it('shows on hand, reserved, available (below zero marked) and projected for a picked day', async () => {
    const { user, api } = renderStock(['technical_specialist']);
    await screen.findByText('Buk štípaný rovnané 100 cm');
    const stock = tables()[0]!;
    const headers = within(stock)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining([
        t('stock.fields.onHand'),
        t('stock.fields.reserved'),
        t('stock.fields.available'),
      ]),
    );
    const smrk = rowOf(stock, 'Smrk');
    expect(within(smrk).getByText('4 PRMS')).toBeTruthy();
    expect(within(smrk).getByText('8,5 PRMS')).toBeTruthy();
    expect(within(smrk).getByText('10,5 PRMS')).toBeTruthy();
    const buk = rowOf(stock, 'Buk');
    const short = buk.querySelectorAll('[data-short]');
    expect(short).toHaveLength(2);
    expect(short[0]!.textContent).toContain(t('stock.overPromised'));
    // The projection's day goes to the server; today's is left to its default.
    expect(api.sent('GET /api/warehouse/1/product_stock')[0]?.url.searchParams.has('date')).toBe(false);
    const day = field(t('stock.projectionDay'));
    await user.clear(day);
    await user.type(day, '24.12.2030');
    await user.tab();
    await waitFor(() =>
      expect(api.sent('GET /api/warehouse/1/product_stock').at(-1)?.url.searchParams.get('date')).toBe(
        '2030-12-24',
      ),
    );
    expect(
      screen.getByRole('columnheader', { name: t('stock.fields.projected', { day: '24.12.2030' }) }),
    ).toBeTruthy();
  });

  it('with change_warehouse shows the history: when, product, signed change, amount after, reason, who', async () => {
    const { api } = renderStock(['warehouseman']);
    expect(await screen.findByRole('heading', { name: t('stock.historyHeading') })).toBeTruthy();
    await waitFor(() => expect(tables()).toHaveLength(2));
    const history = tables()[1]!;
    const manual = rowOf(history, t('stock.reasons.manual'));
    expect(within(manual).getByText('−2 PRMS'.replace('−', '-'))).toBeTruthy();
    expect(within(manual).getByText('12,5 PRMS')).toBeTruthy();
    expect(within(manual).getByText('Karel Procházka')).toBeTruthy();
    expect(within(manual).getByText('2.3.2026 09:15')).toBeTruthy();
    const undone = rowOf(history, t('stock.reasons.order_undone'));
    expect(within(undone).getByText('+14,5 PRMS')).toBeTruthy();
    // The link goes to the order; its text is the order's number, never the internal id (decision 0024).
    expect(within(undone).getByRole('link').getAttribute('href')).toBe('/order/123');
    expect(within(undone).getByRole('link').textContent).toBe(
      `${t('stock.reasons.order_undone')} 2026000123`,
    );
    expect(api.sent('GET /api/product_stock_changes/1')[0]?.url.search).toBe('?current_page=1&per_page=10');
  });

  it('a technician (view only) sees the stock but neither the history nor any change link', async () => {
    const { api } = renderStock(['technical_specialist']);
    await screen.findByText('Buk štípaný rovnané 100 cm');
    expect(tables()).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: t('stock.historyHeading') })).toBeNull();
    expect(screen.queryByRole('link', { name: t('stock.addProduct') })).toBeNull();
    expect(screen.queryByRole('link', { name: t('conversions.open') })).toBeNull();
    expect(screen.queryByRole('link', { name: /Změnit stav/ })).toBeNull();
    // The history is not even asked for: the server would refuse it (403).
    expect(api.sent('GET /api/product_stock_changes/1')).toHaveLength(0);
  });
});
