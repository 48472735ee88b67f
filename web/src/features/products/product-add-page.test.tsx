import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, optionsOf, pickOption } from '../../test-form';
import { field, renderWithApp, t } from '../../test-utils';
import { ProductAddPage } from './product-add-page';
import { productRoutes, smrkDetail } from './test-fixtures';

function renderAdd(extra = {}) {
  return renderWithApp(<ProductAddPage />, {
    path: '/product/add',
    fetch: productRoutes(['owner'], extra),
  });
}
type User = ReturnType<typeof renderAdd>['user'];

const create = () => screen.getByRole('button', { name: t('products.create') });
const czkLabel = t('products.priceFor', { currency: 'CZK' });
const eurLabel = t('products.priceFor', { currency: 'EUR' });
const vatCzk = t('products.vatFor', { currency: 'CZK' });
const vatEur = t('products.vatFor', { currency: 'EUR' });

async function fillProduct(user: User) {
  await fillIn(user, t('products.fields.name'), 'Smrk štípaný sypané 33 cm');
  await fillIn(user, t('products.fields.shortenName'), 'SM33S');
  await pickOption(user, t('products.fields.type'), t('products.types.soft'));
  await fillIn(user, t('products.fields.lengthCm'), '33');
  await pickOption(user, t('products.fields.measurementUnit'), t('products.units.PRMS'));
}

describe('ProductAddPage', () => {
  it('offers the types, units and the VAT rates valid today per country, standard preselected', async () => {
    const { user } = renderAdd();
    await screen.findByRole('heading', { name: t('products.addHeading') });
    expect(await optionsOf(user, t('products.fields.type'))).toEqual(['Měkké', 'Tvrdé', 'Doplňkový prodej']);
    expect(await optionsOf(user, t('products.fields.measurementUnit'))).toEqual([
      t('products.units.PRMS'),
      t('products.units.PRMR'),
    ]);
    expect(field(vatCzk).value).toBe('21 %');
    expect(field(vatEur).value).toBe('20 %');
    // The prices start today (after 2023): Czechia 21, 12, 0; Austria 20, 13, 10, 0.
    expect(await optionsOf(user, vatCzk)).toEqual(['21 %', '12 %', '0 %']);
    expect(await optionsOf(user, vatEur)).toEqual(['20 %', '13 %', '10 %', '0 %']);
  });

  it('without the required fields shows the missing-fields alert and sends nothing', async () => {
    const { user, api } = renderAdd();
    await user.click(create());
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    for (const label of ['name', 'shortenName', 'type', 'lengthCm', 'measurementUnit'])
      expect(field(t(`products.fields.${label}`)).getAttribute('aria-invalid'), label).toBe('true');
    expect(api.sent('POST /api/product/add')).toHaveLength(0);
  });

  it('sends the product with a price per currency and VAT, then goes to the list', async () => {
    const { user, api } = renderAdd({ 'POST /api/product/add': { status: 201, body: { item: smrkDetail } } });
    await fillProduct(user);
    await fillIn(user, czkLabel, '1190');
    await fillIn(user, eurLabel, '47,5');
    await pickOption(user, vatEur, '20 %');
    await user.click(create());
    await waitFor(() => expect(api.sent('POST /api/product/add')).toHaveLength(1));
    const body = api.sent('POST /api/product/add')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      name: 'Smrk štípaný sypané 33 cm',
      shorten_name: 'SM33S',
      type: 'Měkké',
      subtype: 'soft',
      length: 33,
      measurement_unit: 'PRMS',
      description: '',
      priceForm: [
        { currency: 'CZK', price: 1190, vat: 21 },
        { currency: 'EUR', price: 47.5, vat: 20 },
      ],
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/products');
  });

  it('a price for one warehouse needs its warehouse and price, and is sent with it', async () => {
    const { user, api } = renderAdd({ 'POST /api/product/add': { status: 201, body: { item: smrkDetail } } });
    await fillProduct(user);
    await user.click(screen.getByRole('button', { name: t('products.addWarehousePrice') }));
    await user.click(create());
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(api.sent('POST /api/product/add')).toHaveLength(0);
    await pickOption(user, t('products.fields.warehouse'), 'Sklad Třebíč');
    await fillIn(user, t('products.fields.price'), '1150');
    await user.click(create());
    await waitFor(() => expect(api.sent('POST /api/product/add')).toHaveLength(1));
    expect((api.sent('POST /api/product/add')[0]!.body as { priceForm: unknown }).priceForm).toEqual([
      { warehouse: 3, currency: 'CZK', price: 1150, vat: 21 },
    ]);
  });

  it.each([
    ['length', t('products.fields.lengthCm'), '1000001'],
    ['price', czkLabel, '1000000,01'],
  ])('a %s over 1 000 000 is refused before sending', async (_, label, value) => {
    const { user, api } = renderAdd();
    await fillProduct(user);
    await fillIn(user, label, value);
    await user.click(create());
    expect((await screen.findByRole('alert')).textContent).toBe(t('products.outOfBounds'));
    expect(field(label).getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/product/add')).toHaveLength(0);
  });
});
