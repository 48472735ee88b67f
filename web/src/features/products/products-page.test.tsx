import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pickOption } from '../../test-form';
import { renderWithApp, t } from '../../test-utils';
import { ProductsPage } from './products-page';
import { piliny, productRoutes, smrk } from './test-fixtures';

function renderProducts(functions: Parameters<typeof productRoutes>[0], extra = {}) {
  return renderWithApp(<ProductsPage />, {
    path: '/products',
    fetch: productRoutes(functions, {
      'GET /api/products': { body: { items: [smrk, piliny], total: 2 } },
      ...extra,
    }),
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('ProductsPage', () => {
  it('shows type, length, unit and the prices of each currency with VAT per warehouse', async () => {
    renderProducts(['technical_specialist']);
    await screen.findByText('Smrk štípaný sypané 33 cm');
    const [name, type, length, unit, czk, eur] = cells(rowOf('Smrk štípaný sypané 33 cm'));
    expect(name).toBe('Smrk štípaný sypané 33 cmSM33S');
    expect(type).toBe(t('products.types.soft'));
    expect(length).toBe('33 cm');
    expect(unit).toBe('PRMS');
    expect(czk?.replace(/\s/g, ' ')).toBe('Sklad Jihlava1 190,00 KčDPH 21 %Sklad Třebíč1 150,00 KčDPH 21 %');
    expect(eur?.replace(/\s/g, ' ')).toBe('Sklad Jihlava47,50 €DPH 20 %');
    // Removed from the offer: said so; no price shows as a dash.
    const removed = rowOf('Piliny');
    expect(within(removed).getByText(t('products.notOffered'))).toBeTruthy();
    expect(within(removed).getByText(t('products.subtypes.hard'))).toBeTruthy();
    expect(within(removed).getAllByText('—')).toHaveLength(2);
  });

  it('a technician (view_product only) sees no add, no change of price, no removal', async () => {
    renderProducts(['technical_specialist']);
    await screen.findByText('Smrk štípaný sypané 33 cm');
    expect(screen.queryByRole('link', { name: t('products.add') })).toBeNull();
    expect(screen.queryByRole('link', { name: t('products.changePrice') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('products.remove') })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: t('common.actions') })).toBeNull();
  });

  it('the owner adds, changes prices and removes from the offer after confirming', async () => {
    const { user, api } = renderProducts(['owner'], {
      'DELETE /api/product/5/delete': { body: { item: { ...smrk, hidden: true, price_history: [] } } },
    });
    await screen.findByText('Smrk štípaný sypané 33 cm');
    expect(screen.getByRole('link', { name: t('products.add') }).getAttribute('href')).toBe('/product/add');
    const row = rowOf('Smrk štípaný sypané 33 cm');
    expect(
      within(row)
        .getByRole('link', { name: t('products.changePrice') })
        .getAttribute('href'),
    ).toBe('/product/change-price/5');
    // A product already removed has nothing to remove.
    expect(within(rowOf('Piliny')).queryByRole('button', { name: t('products.remove') })).toBeNull();
    await user.click(within(row).getByRole('button', { name: t('products.remove') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('products.removeQuestion', { name: smrk.name }))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t('products.remove') }));
    await waitFor(() => expect(api.sent('DELETE /api/product/5/delete')).toHaveLength(1));
    expect(await screen.findByText(t('products.removed', { name: smrk.name }))).toBeTruthy();
  });

  it('lists the products on offer by default; the filters change the query', async () => {
    const { user, api } = renderProducts(['warehouseman']);
    await screen.findByText('Smrk štípaný sypané 33 cm');
    expect(api.sent('GET /api/products')[0]?.url.search).toBe('?current_page=1&per_page=10&hidden=false');
    await pickOption(user, t('products.fields.type'), t('products.types.hard'));
    await pickOption(user, t('products.offer'), t('products.offers.all'));
    await waitFor(() =>
      expect(api.sent('GET /api/products').at(-1)?.url.search).toBe(
        `?current_page=1&per_page=10&type=${encodeURIComponent('Tvrdé')}`,
      ),
    );
  });
});
