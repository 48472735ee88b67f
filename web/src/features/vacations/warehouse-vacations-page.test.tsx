import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pickOption } from '../../test-form';
import { renderWithApp, t } from '../../test-utils';
import { afternoon, inventory, vacationRoutes } from './test-fixtures';
import { WarehouseVacationsPage } from './vacations-page';

function renderList(functions: Parameters<typeof vacationRoutes>[0]) {
  return renderWithApp(<WarehouseVacationsPage />, {
    path: '/warehouse-vacations',
    fetch: vacationRoutes(functions),
  });
}

const row = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('WarehouseVacationsPage', () => {
  it('lists closures with the warehouse, Czech days, the hours of a part-day closure and its state', async () => {
    renderList(['dispatcher']);
    expect(await screen.findByRole('cell', { name: 'Sklad Třebíč' }, { timeout: 3000 })).toBeTruthy();
    const trebic = within(row('Sklad Třebíč'));
    expect(trebic.getByText('13.3.2030')).toBeTruthy();
    expect(trebic.getByText('14.3.2030')).toBeTruthy();
    expect(trebic.getByText(t('vacations.states.upcoming'))).toBeTruthy();
    const jihlava = within(row('Sklad Jihlava'));
    expect(jihlava.getByText('8.3.2030 12:00')).toBeTruthy();
    expect(jihlava.getByText('8.3.2030 18:00')).toBeTruthy();
    expect(jihlava.getByRole('link', { name: t('common.edit') }).getAttribute('href')).toBe(
      '/warehouse-vacation/42/edit',
    );
    expect(screen.getByRole('link', { name: t('vacations.addWarehouse') }).getAttribute('href')).toBe(
      '/warehouse-vacation/add',
    );
    expect(screen.getByText(t('common.records', { count: 2 }))).toBeTruthy();
  });

  it('deactivates a closure only after the confirm dialog, then reloads the list', async () => {
    const { user, api } = renderList(['dispatcher']);
    api.on('DELETE /api/vacation_warehouse/41/delete', { body: { item: { ...inventory, active: false } } });
    await screen.findByRole('cell', { name: 'Sklad Třebíč' });
    const deactivate = () =>
      user.click(within(row('Sklad Třebíč')).getByRole('button', { name: t('vacations.deactivate') }));
    await deactivate();
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        t('vacations.deactivateWarehouseQuestion', {
          name: 'Sklad Třebíč',
          from: '13.3.2030',
          to: '14.3.2030',
        }),
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t('common.back') }));
    expect(api.sent('DELETE /api/vacation_warehouse/41/delete')).toHaveLength(0);

    await deactivate();
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('vacations.deactivate') }),
    );
    await waitFor(() => expect(api.sent('DELETE /api/vacation_warehouse/41/delete')).toHaveLength(1));
    expect(await screen.findByText(t('vacations.deactivated'))).toBeTruthy();
    await waitFor(() => expect(api.sent('GET /api/warehouse_vacations').length).toBeGreaterThan(1));
  });

  it('a technician only looks: no add, no edit, no deactivate', async () => {
    renderList(['technical_specialist']);
    await screen.findByRole('cell', { name: 'Sklad Třebíč' });
    expect(screen.queryByRole('link', { name: t('common.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('vacations.deactivate') })).toBeNull();
    expect(screen.queryByRole('link', { name: t('vacations.addWarehouse') })).toBeNull();
  });

  it('a driver without view_vacationwarehouse is told so and nothing is loaded', async () => {
    const { api } = renderList(['driver']);
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
    expect(api.sent('GET /api/warehouse_vacations')).toHaveLength(0);
  });

  it('filters by warehouse and pages with the chosen page size', async () => {
    const { user, api } = renderList(['dispatcher']);
    await screen.findByRole('cell', { name: 'Sklad Třebíč' });
    expect(api.sent('GET /api/warehouse_vacations')[0]?.url.search).toBe('?current_page=1&per_page=10');
    await pickOption(user, t('vacations.fields.warehouse'), 'Sklad Jihlava');
    await waitFor(() =>
      expect(api.sent('GET /api/warehouse_vacations').at(-1)?.url.searchParams.get('warehouse')).toBe('1'),
    );
    expect(afternoon.warehouse.id).toBe(1);
  });
});
