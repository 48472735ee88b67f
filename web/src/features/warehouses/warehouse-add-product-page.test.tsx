import type { ProductBase } from '@letokruh/contracts/products';
import type { ProductStock } from '@letokruh/contracts/stock';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { optionsOf, pickOption } from '../../test-form';
import { renderWithApp, t } from '../../test-utils';
import { stockRows, warehouseRoutes } from './test-fixtures';
import { WarehouseAddProductPage } from './warehouse-add-product-page';

const sawdust: ProductStock['product'] = {
  id: 7,
  name: 'Piliny',
  shorten_name: 'PIL',
  type: 'Doplňkový prodej',
  length: 0,
  measurement_unit: 'PRMS',
  hidden: false,
};
/** The products on offer (`GET /unhidden_products`) name a subtype and never a hidden flag. */
const onOffer = (
  { hidden, ...rest }: ProductStock['product'],
  subtype: ProductBase['subtype'],
): ProductBase => ({
  ...rest,
  subtype,
});
const offered: ProductBase[] = [
  onOffer(stockRows[0]!.product, 'soft'),
  onOffer(stockRows[1]!.product, 'hard'),
  onOffer(sawdust, null),
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
        body: {
          item: {
            warehouse_id: 1,
            product: sawdust,
            amount: 0,
            reserved: 0,
            available: 0,
            projected: 0,
            projected_date: '2026-03-02',
          },
        },
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
