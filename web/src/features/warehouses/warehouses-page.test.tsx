import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, renderWithApp, t } from '../../test-utils';
import { jihlava, jihlavaSummary, trebicSummary, warehouseRoutes } from './test-fixtures';
import { WarehousesPage } from './warehouses-page';

const listAnswer = { body: { items: [jihlavaSummary, trebicSummary], total: 2 } };

function renderList(functions: Parameters<typeof warehouseRoutes>[0]) {
  return renderWithApp(<WarehousesPage />, {
    path: '/warehouses',
    fetch: warehouseRoutes(functions, { 'GET /api/warehouses': listAnswer }),
  });
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('WarehousesPage', () => {
  it('lists id, name and full address with links to the stock and the edit form', async () => {
    renderList(['owner']);
    expect(await screen.findByRole('link', { name: 'Sklad Jihlava' })).toBeTruthy();
    const jihlava = within(row('Sklad Jihlava'));
    expect(jihlava.getByText('1')).toBeTruthy();
    expect(jihlava.getByText('Pávovská 4760/18, 586 01 Jihlava')).toBeTruthy();
    expect(jihlava.getByRole('link', { name: t('warehouses.stock') }).getAttribute('href')).toBe(
      '/warehouse/1',
    );
    expect(jihlava.getByRole('link', { name: t('common.edit') }).getAttribute('href')).toBe(
      '/warehouse/1/edit',
    );
    expect(screen.getByRole('link', { name: t('warehouses.add') }).getAttribute('href')).toBe(
      '/warehouses/add',
    );
    expect(screen.getByText(t('common.records', { count: 2 }))).toBeTruthy();
  });

  it('hides a warehouse only after the confirm dialog, then reloads the list', async () => {
    const { user, api } = renderList(['owner']);
    api.on('DELETE /api/warehouse/3/hide', {
      body: { item: { ...jihlava, ...trebicSummary, hidden: true } },
    });
    await screen.findByRole('link', { name: 'Sklad Třebíč' });
    await user.click(within(row('Sklad Třebíč')).getByRole('button', { name: t('warehouses.hide') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t('warehouses.hideQuestion', { name: 'Sklad Třebíč' }))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t('common.back') }));
    expect(api.sent('DELETE /api/warehouse/3/hide')).toHaveLength(0);

    await user.click(within(row('Sklad Třebíč')).getByRole('button', { name: t('warehouses.hide') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('warehouses.hide') }),
    );
    await waitFor(() => expect(api.sent('DELETE /api/warehouse/3/hide')).toHaveLength(1));
    expect(await screen.findByText(t('warehouses.hidden', { name: 'Sklad Třebíč' }))).toBeTruthy();
    await waitFor(() => expect(api.sent('GET /api/warehouses').length).toBeGreaterThan(1));
  });

  it('a dispatcher may edit but neither add nor hide (add_warehouse, delete_warehouse)', async () => {
    renderList(['dispatcher']);
    await screen.findByRole('link', { name: 'Sklad Jihlava' });
    expect(within(row('Sklad Jihlava')).getByRole('link', { name: t('common.edit') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('warehouses.hide') })).toBeNull();
    expect(screen.queryByRole('link', { name: t('warehouses.add') })).toBeNull();
  });

  it('a warehouseman (stock work, change_warehouse) sees the stock but no edit (manage_warehouse)', async () => {
    renderList(['warehouseman']);
    await screen.findByRole('link', { name: 'Sklad Jihlava' });
    expect(screen.getAllByRole('link', { name: t('warehouses.stock') })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: t('common.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('warehouses.hide') })).toBeNull();
  });

  it('a technician only looks: stock links, no edit, no hide, no add', async () => {
    renderList(['technical_specialist']);
    await screen.findByRole('link', { name: 'Sklad Jihlava' });
    expect(screen.getAllByRole('link', { name: t('warehouses.stock') })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: t('common.edit') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('warehouses.hide') })).toBeNull();
    expect(screen.queryByRole('link', { name: t('warehouses.add') })).toBeNull();
  });

  it('sends the name filter and asks for warehouses not in use when ticked', async () => {
    const { user, api } = renderList(['owner']);
    await screen.findByRole('link', { name: 'Sklad Jihlava' });
    expect(api.sent('GET /api/warehouses')[0]?.url.search).toBe('?current_page=1&per_page=10');
    await user.click(screen.getByRole('checkbox', { name: t('warehouses.showNotInUse') }));
    await user.type(field(t('warehouses.fields.name')), 'Jih');
    await waitFor(() => {
      const last = api.sent('GET /api/warehouses').at(-1)!.url.searchParams;
      expect(last.get('name')).toBe('Jih');
      expect(last.get('hidden')).toBe('true');
    });
  });
});
