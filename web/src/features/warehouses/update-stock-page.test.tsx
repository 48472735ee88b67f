import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn } from '../../test-form';
import { field, renderWithApp, t } from '../../test-utils';
import { stockRows, warehouseRoutes } from './test-fixtures';
import { UpdateStockPage } from './update-stock-page';

function renderUpdate(extra = {}) {
  return renderWithApp(<UpdateStockPage />, {
    path: '/update-stock/1/5',
    route: '/update-stock/:warehouseId/:productId',
    fetch: warehouseRoutes(['warehouseman'], {
      'GET /api/update_stock/1/5': { body: { item: stockRows[0] } },
      ...extra,
    }),
  });
}

const save = () => screen.getByRole('button', { name: t('stock.saveChange') });

describe('UpdateStockPage', () => {
  it('shows the current amount and the amount the change leads to', async () => {
    const { user } = renderUpdate();
    await screen.findByTestId('stock-figures');
    expect(screen.getByTestId('current-amount').textContent).toBe('12,5 PRMS');
    expect(screen.getByText('Smrk štípaný sypané 33 cm')).toBeTruthy();
    await fillIn(user, t('stock.fields.change'), '-2,5');
    expect(screen.getByTestId('amount-after').textContent).toBe(`${t('stock.amountAfter')}: 10 PRMS`);
  });

  it('shows reserved, available and projected, and the product in every warehouse', async () => {
    renderUpdate();
    const figures = await screen.findByTestId('stock-figures');
    expect(within(figures).getByText('4 PRMS')).toBeTruthy();
    expect(within(figures).getByText('8,5 PRMS')).toBeTruthy();
    expect(within(figures).getByText('10,5 PRMS')).toBeTruthy();
    const table = await screen.findByTestId('stock-by-warehouse');
    const trebic = within(table)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('Sklad Třebíč'))!;
    expect(trebic.querySelectorAll('[data-short]')).toHaveLength(1);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('sends the signed change and goes back to the warehouse stock', async () => {
    const { user, api } = renderUpdate({
      'PUT /api/update_stock/1/5': { body: { item: { ...stockRows[0], amount: 10 } } },
    });
    await screen.findByTestId('stock-figures');
    await fillIn(user, t('stock.fields.change'), '-2,5');
    await user.click(save());
    await waitFor(() => expect(api.sent('PUT /api/update_stock/1/5')).toHaveLength(1));
    expect(api.sent('PUT /api/update_stock/1/5')[0]?.body).toEqual({ amount: -2.5 });
    expect((await screen.findByTestId('location')).textContent).toBe('/warehouse/1');
  });

  it.each([
    ['', 'errors.missingFields'],
    ['0', 'stock.zeroChange'],
    ['1000001', 'stock.outOfBounds'],
    ['-1000001', 'stock.outOfBounds'],
    ['-13', 'stock.belowZero'],
  ])('refuses the change "%s" with %s and sends nothing', async (typed, key) => {
    const { user, api } = renderUpdate();
    await screen.findByTestId('stock-figures');
    if (typed) await fillIn(user, t('stock.fields.change'), typed);
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(t(key));
    expect(api.sent('PUT /api/update_stock/1/5')).toHaveLength(0);
  });

  it('marks the change as a required field', async () => {
    renderUpdate();
    await screen.findByTestId('stock-figures');
    expect(field(t('stock.fields.change')).required).toBe(true);
  });

  it('a 409 from the server (someone took stock meanwhile) says it would go below zero', async () => {
    const { user } = renderUpdate({
      'PUT /api/update_stock/1/5': { status: 409, body: { error_code: 140, message: 'conflict' } },
    });
    await screen.findByTestId('stock-figures');
    await fillIn(user, t('stock.fields.change'), '-12');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(t('stock.belowZero'));
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
