import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, pickOption } from '../../test-form';
import { field, renderWithApp, t } from '../../test-utils';
import { jihlava, warehouseRoutes } from './test-fixtures';
import { WarehouseEditPage } from './warehouse-edit-page';

function renderEdit(extra = {}) {
  return renderWithApp(<WarehouseEditPage />, {
    path: '/warehouse/1/edit',
    route: '/warehouse/:id/edit',
    fetch: warehouseRoutes(['dispatcher'], extra),
  });
}

/** The chips a MultiSelect shows for its chosen values. */
const chosen = (label: string) =>
  [...(field(label).closest('.mantine-MultiSelect-root')?.querySelectorAll('.mantine-Pill-label') ?? [])].map(
    (p) => p.textContent,
  );

describe('WarehouseEditPage', () => {
  it('starts from the saved drivers, warehousemen and cars', async () => {
    renderEdit();
    expect(
      await screen.findByRole('heading', { name: t('warehouses.editHeading', { name: 'Sklad Jihlava' }) }),
    );
    expect(chosen(t('warehouses.fields.drivers'))).toEqual(['Josef Černý', 'Martin Kučera']);
    expect(chosen(t('warehouses.fields.warehousemen'))).toEqual(['Karel Procházka']);
    expect(field(t('warehouses.carName', { number: 1 })).value).toBe('Avia D120 (1J7 3309)');
    expect(field(t('warehouses.carColor', { number: 2 })).value).toBe('#2b8a3e');
  });

  it('sends staff and cars with the version, then goes back to the list', async () => {
    const { user, api } = renderEdit({ 'PUT /api/warehouse/1/edit': { body: { item: jihlava } } });
    await screen.findByDisplayValue('Avia D120 (1J7 3309)');
    await pickOption(user, t('warehouses.fields.warehousemen'), 'Pavel Horák');
    await user.click(screen.getByRole('button', { name: t('warehouses.removeCar', { number: 2 }) }));
    await fillIn(user, t('warehouses.carName', { number: 1 }), 'Avia D90');
    await user.click(screen.getByRole('button', { name: t('warehouses.addCar') }));
    await fillIn(user, t('warehouses.carName', { number: 2 }), 'Multicar M27');
    await fillIn(user, t('warehouses.carColor', { number: 2 }), '#ff0000');
    await user.click(screen.getByRole('button', { name: t('common.save') }));
    await waitFor(() => expect(api.sent('PUT /api/warehouse/1/edit')).toHaveLength(1));
    expect(api.sent('PUT /api/warehouse/1/edit')[0]?.body).toEqual({
      drivers: [11, 12],
      warehousemen: [21, 22],
      cars: [
        { id: 31, name: 'Avia D90', hex_color: '#74b816' },
        { name: 'Multicar M27', hex_color: '#ff0000' },
      ],
      version: 4,
    });
    expect((await screen.findByTestId('location')).textContent).toBe('/warehouses');
  });

  it('a car without a name shows the missing-fields alert and sends nothing', async () => {
    const { user, api } = renderEdit();
    await screen.findByDisplayValue('Avia D120 (1J7 3309)');
    await user.click(screen.getByRole('button', { name: t('warehouses.addCar') }));
    await user.click(screen.getByRole('button', { name: t('common.save') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.missingFields'));
    expect(field(t('warehouses.carName', { number: 3 })).getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('PUT /api/warehouse/1/edit')).toHaveLength(0);
  });

  it('a stale edit (409) says someone else changed it and stays', async () => {
    const { user } = renderEdit({
      'PUT /api/warehouse/1/edit': { status: 409, body: { error_code: 140, message: 'conflict' } },
    });
    await screen.findByDisplayValue('Avia D120 (1J7 3309)');
    await user.click(screen.getByRole('button', { name: t('common.save') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.140'));
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
