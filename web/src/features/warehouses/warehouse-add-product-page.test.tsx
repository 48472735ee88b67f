import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { optionsOf, pickOption } from '../../test-form';
import { renderWithApp, t } from '../../test-utils';
import { stockRows, warehouseRoutes } from './test-fixtures';
import { WarehouseAddProductPage } from './warehouse-add-product-page';

const offered = [
  { ...stockRows[0]!.product, subtype: 'soft' },
  { ...stockRows[1]!.product, subtype: 'hard' },
  {
    id: 7,
    name: 'Piliny',
    shorten_name: 'PIL',
    type: 'Doplňkový prodej',
    subtype: null,
    length: 0,
    measurement_unit: 'PRMS',
  },
];

function renderAddProduct(extra = {}) {
  return renderWithApp(<WarehouseAddProductPage />, {
    path: '/warehouse/1/add-product',
    route: '/warehouse/:id/add-product',
    fetch: warehouseRoutes(['warehouseman'], {
      'GET /api/unhidden_products': { body: { items: offered } },
      'GET /api/warehouse/1/product_stock': { body: { items: stockRows, total: 2 } },
      ...extra,
    }),
  });
}

describe('WarehouseAddProductPage', () => {
  it('offers only the products the warehouse does not keep yet, and adds the chosen one', async () => {
    const { user, api } = renderAddProduct({
      'POST /api/warehouse/1/add_product': {
        status: 201,
        body: { item: { warehouse_id: 1, product: { ...offered[2], hidden: false }, amount: 0 } },
      },
    });
    await screen.findByText('Sklad Jihlava');
    await waitFor(() => expect(api.sent('GET /api/warehouse/1/product_stock')).toHaveLength(1));
    await waitFor(async () =>
      expect(await optionsOf(user, t('stock.fields.product'))).toEqual(['Piliny (PIL)']),
    );
    await pickOption(user, t('stock.fields.product'), 'Piliny (PIL)');
    await user.click(screen.getByRole('button', { name: t('stock.addProduct') }));
    await waitFor(() => expect(api.sent('POST /api/warehouse/1/add_product')).toHaveLength(1));
    expect(api.sent('POST /api/warehouse/1/add_product')[0]?.body).toEqual({ product_id: 7 });
    expect((await screen.findByTestId('location')).textContent).toBe('/warehouse/1');
  });

  it('without a product chosen shows the missing-fields alert and sends nothing', async () => {
    const { user, api } = renderAddProduct();
    await screen.findByText('Sklad Jihlava');
    await user.click(screen.getByRole('button', { name: t('stock.addProduct') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(api.sent('POST /api/warehouse/1/add_product')).toHaveLength(0);
  });
});
