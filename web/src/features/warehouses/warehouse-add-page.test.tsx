import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, pickOption } from '../../test-form';
import { field, renderWithApp, t } from '../../test-utils';
import { jihlava, warehouseRoutes } from './test-fixtures';
import { WarehouseAddPage } from './warehouse-add-page';

function renderAdd(extra = {}) {
  return renderWithApp(<WarehouseAddPage />, {
    path: '/warehouses/add',
    fetch: warehouseRoutes(['owner'], extra),
  });
}

type User = ReturnType<typeof renderAdd>['user'];

async function fillRequired(user: User) {
  await fillIn(user, t('warehouses.fields.name'), 'Sklad Pelhřimov');
  await fillIn(user, t('warehouses.fields.address'), 'Nádražní 1570, 393 01 Pelhřimov');
  await fillIn(user, t('warehouses.fields.town'), 'Pelhřimov');
  await fillIn(user, t('warehouses.fields.zip'), '393 01');
  await fillIn(user, t('warehouses.fields.lat'), '49,4269');
  await fillIn(user, t('warehouses.fields.lon'), '15.2215');
}

describe('WarehouseAddPage', () => {
  it('labels latitude and longitude for what they are', async () => {
    renderAdd();
    expect(field('Zeměpisná šířka (lat)')).toBeTruthy();
    expect(field('Zeměpisná délka (lon)')).toBeTruthy();
  });

  it('an empty form shows the red missing-fields alert and sends nothing', async () => {
    const { user, api } = renderAdd();
    await user.clear(field(t('warehouses.fields.country')));
    await user.click(screen.getByRole('button', { name: t('warehouses.create') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    for (const label of ['name', 'address', 'town', 'zip', 'country', 'lat', 'lon'])
      expect(field(t(`warehouses.fields.${label}`)).getAttribute('aria-invalid'), label).toBe('true');
    expect(api.sent('POST /api/warehouse/add')).toHaveLength(0);
  });

  it('sends the creation payload with staff from /drivers and /warehousemen, then lists', async () => {
    const { user, api } = renderAdd({
      'POST /api/warehouse/add': { status: 201, body: { item: { ...jihlava, name: 'Sklad Pelhřimov' } } },
    });
    await fillRequired(user);
    await pickOption(user, t('warehouses.fields.drivers'), 'Martin Kučera');
    await pickOption(user, t('warehouses.fields.warehousemen'), 'Pavel Horák');
    await user.click(screen.getByRole('button', { name: t('warehouses.create') }));
    await waitFor(() => expect(api.sent('POST /api/warehouse/add')).toHaveLength(1));
    expect(api.sent('POST /api/warehouse/add')[0]?.body).toEqual({
      name: 'Sklad Pelhřimov',
      address: 'Nádražní 1570, 393 01 Pelhřimov',
      town: 'Pelhřimov',
      zip: '393 01',
      country: 'Česká republika',
      lat: 49.4269,
      lon: 15.2215,
      drivers: [12],
      warehousemen: [22],
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/warehouses');
  });

  it('a latitude out of range is refused before sending', async () => {
    const { user, api } = renderAdd();
    await fillRequired(user);
    await fillIn(user, t('warehouses.fields.lat'), '149');
    await user.click(screen.getByRole('button', { name: t('warehouses.create') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.120'));
    expect(field(t('warehouses.fields.lat')).getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/warehouse/add')).toHaveLength(0);
  });

  it("shows the server's refusal and marks the fields it names", async () => {
    const { user } = renderAdd({
      'POST /api/warehouse/add': {
        status: 400,
        body: { error_code: 120, message: 'invalid', fields: ['drivers'] },
      },
    });
    await fillRequired(user);
    await pickOption(user, t('warehouses.fields.drivers'), 'Josef Černý');
    await user.click(screen.getByRole('button', { name: t('warehouses.create') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.120'));
    expect(field(t('warehouses.fields.drivers')).getAttribute('aria-invalid')).toBe('true');
    expect(field(t('warehouses.fields.name')).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
