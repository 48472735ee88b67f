import type { FunctionName } from '@letokruh/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ownWarehouses } from '../../test-data';
import { field, makeProfile, renderWithApp, t } from '../../test-utils';
import { clearListStates } from '../../ui/list-state';
import { CustomersPage } from './customers-page';
import { makeCustomer } from './test-data';

const list = {
  items: [
    makeCustomer(5),
    makeCustomer(6, {
      name: 'Josef Novák',
      first_name: 'Josef',
      last_name: 'Novák',
      organization_name: 'Pila Novák',
      to_contact: true,
      pre_phone: '+421',
      phone: '905111222',
      whole_phone: '+421905111222',
    }),
  ],
  total: 2,
};

function renderList(functions: FunctionName[] = ['technical_specialist']) {
  return renderWithApp(<CustomersPage />, {
    path: '/customers',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions) } },
      'GET /api/customers': { body: list },
      'GET /api/warehouses/own': { body: ownWarehouses },
    },
  });
}

const lastSearch = (api: ReturnType<typeof renderList>['api']) =>
  Object.fromEntries(api.sent('GET /api/customers').at(-1)?.url.searchParams ?? []);

beforeEach(() => clearListStates());

describe('CustomersPage', () => {
  it('lists customers with links to their detail, the phone as read, and the add link', async () => {
    const { api } = renderList();
    const novak = await screen.findByRole('link', { name: 'Josef Novák' });
    expect(novak.getAttribute('href')).toBe('/customer/6');
    expect(screen.getByRole('link', { name: '10006' }).getAttribute('href')).toBe('/customer/6');
    const row = novak.closest('tr') as HTMLElement;
    expect(within(row).getByText('+421 905 111 222')).toBeTruthy();
    expect(within(row).getByText('Pila Novák')).toBeTruthy();
    expect(within(row).getByText(t('customers.toContactYes'))).toBeTruthy();
    expect(
      within(row)
        .getByRole('link', { name: t('common.edit') })
        .getAttribute('href'),
    ).toBe('/customer/6/edit');
    expect(screen.getByRole('link', { name: t('customers.add') }).getAttribute('href')).toBe('/customer/add');
    expect(api.sent('GET /api/customers')[0]?.url.search).toBe('?current_page=1&per_page=10');
  });

  it('a driver (view only) gets neither the add link nor edit buttons', async () => {
    renderList(['driver']);
    await screen.findByRole('link', { name: 'Josef Novák' });
    expect(screen.queryByRole('link', { name: t('customers.add') })).toBeNull();
    expect(screen.queryByRole('link', { name: t('common.edit') })).toBeNull();
  });

  it('sends each filter after typing stops, and keeps them when the list is left and opened again', async () => {
    const first = renderList();
    await screen.findByRole('link', { name: 'Josef Novák' });
    const { user } = first;
    await user.type(field(t('customers.filters.fullName')), 'nov');
    await user.type(field(t('customers.filters.internId')), '10a06');
    await user.type(field(t('customers.filters.phone')), '905');
    await waitFor(() =>
      expect(lastSearch(first.api)).toMatchObject({ fullName: 'nov', internId: '1006', phone: '905' }),
    );
    // Typing is debounced (500 ms): not one call per keystroke.
    expect(first.api.sent('GET /api/customers').length).toBeLessThanOrEqual(3);
    first.unmount();

    const again = renderList();
    await screen.findByRole('link', { name: 'Josef Novák' });
    expect(field(t('customers.filters.fullName')).value).toBe('nov');
    expect(field(t('customers.filters.internId')).value).toBe('1006');
    expect(again.api.sent('GET /api/customers')[0]?.url.searchParams.get('fullName')).toBe('nov');
  });

  it('the clear-filters button empties every filter and asks for the whole list', async () => {
    const { user, api } = renderList();
    await screen.findByRole('link', { name: 'Josef Novák' });
    const clear = screen.getByRole('button', { name: t('common.clearFilters') });
    expect(clear.hasAttribute('disabled')).toBe(true);
    await user.type(field(t('customers.filters.address')), 'Polná');
    await waitFor(() => expect(lastSearch(api).address).toBe('Polná'));
    await user.click(clear);
    expect(field(t('customers.filters.address')).value).toBe('');
    await waitFor(() => expect(lastSearch(api)).toEqual({ current_page: '1', per_page: '10' }));
  });

  it('filters by warehouse, and the clear button drops it', async () => {
    const { user, api } = renderList();
    await screen.findByRole('link', { name: 'Josef Novák' });
    await user.click(field(t('customers.filters.warehouse')));
    await user.click(await screen.findByRole('option', { name: 'Sklad Třebíč', hidden: true }));
    await waitFor(() => expect(lastSearch(api).warehouse).toBe('2'));
    await user.click(screen.getByRole('button', { name: t('common.clearFilters') }));
    await waitFor(() => expect(lastSearch(api)).toEqual({ current_page: '1', per_page: '10' }));
  });

  it('a page size of 50 asks for 50 rows from the first page', async () => {
    const { user, api } = renderList();
    await screen.findByRole('link', { name: 'Josef Novák' });
    await user.click(screen.getByRole('combobox', { name: t('common.perPage') }));
    await user.click(await screen.findByRole('option', { name: '50', hidden: true }));
    await waitFor(() => expect(lastSearch(api)).toMatchObject({ per_page: '50', current_page: '1' }));
  });
});
