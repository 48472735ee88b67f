import type { FunctionName } from '@letokruh/contracts/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { makeUser } from './test-data';
import { UsersPage } from './users-page';

const owner = makeUser(1, ['owner'], { name: 'Petr Dvořák', username: 'owner' });
const technician = makeUser(2, ['technical_specialist'], { name: 'Tomáš Svoboda', maximum_order_count: 8 });
const retired = makeUser(3, ['driver'], { name: 'Josef Černý', is_active: false });
const list = { items: [owner, technician, retired], total: 3 };

function renderUsers(functions: FunctionName[], fetch: MockRoutes = {}, profileId = 1) {
  return renderWithApp(<UsersPage />, {
    path: '/users',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions, { id: profileId }) } },
      'GET /api/users': { body: list },
      ...fetch,
    },
  });
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('UsersPage', () => {
  it('lists the users with functions and state; the owner gets add, edit and (de)activate', async () => {
    const { api } = renderUsers(['owner']);
    expect(await screen.findByRole('link', { name: 'Tomáš Svoboda' })).toBeTruthy();
    expect(api.sent('GET /api/users')[0]?.url.search).toBe('?current_page=1&per_page=10');
    expect(screen.getByRole('link', { name: t('users.add') }).getAttribute('href')).toBe('/user/add');
    expect(within(row('Tomáš Svoboda')).getByText(t('functions.technical_specialist'))).toBeTruthy();
    expect(within(row('Tomáš Svoboda')).getByText(t('users.active'))).toBeTruthy();
    expect(within(row('Josef Černý')).getByText(t('users.inactive'))).toBeTruthy();
    const edit = within(row('Tomáš Svoboda')).getByRole('link', { name: t('common.edit') });
    expect(edit.getAttribute('href')).toBe('/user/2');
    expect(within(row('Tomáš Svoboda')).getByRole('button', { name: t('users.deactivate') })).toBeTruthy();
    expect(within(row('Josef Černý')).getByRole('button', { name: t('users.reactivate') })).toBeTruthy();
    // The owner's own row: editable by themself, never deactivated.
    expect(within(row('Petr Dvořák')).getByRole('link', { name: t('common.edit') })).toBeTruthy();
    expect(within(row('Petr Dvořák')).queryByRole('button')).toBeNull();
    expect(screen.getByText(t('common.records', { count: 3 }))).toBeTruthy();
  });

  it('a typed name is asked of the server after a pause, accents as typed', async () => {
    const { api } = renderUsers(['owner']);
    await screen.findByRole('link', { name: 'Tomáš Svoboda' });
    fireEvent.change(screen.getByLabelText(t('users.search')), { target: { value: ' cerny ' } });
    await waitFor(() =>
      expect(api.sent('GET /api/users').at(-1)?.url.search).toBe('?current_page=1&per_page=10&name=cerny'),
    );
    // The list keeps its filter for the session: leave it empty for the next test.
    fireEvent.change(screen.getByLabelText(t('users.search')), { target: { value: '' } });
  });

  it('a dispatcher (view_user only) gets detail links and no add or (de)activate buttons', async () => {
    renderUsers(['dispatcher'], {}, 99);
    await screen.findByRole('link', { name: 'Tomáš Svoboda' });
    expect(screen.queryByRole('link', { name: t('users.add') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('users.deactivate') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('users.reactivate') })).toBeNull();
    expect(within(row('Tomáš Svoboda')).getByRole('link', { name: t('common.detail') })).toBeTruthy();
    expect(within(row('Petr Dvořák')).getByRole('link', { name: t('common.detail') })).toBeTruthy();
  });

  it('another owner may edit an owner but not deactivate them', async () => {
    renderUsers(['owner'], {}, 50);
    await screen.findByRole('link', { name: 'Petr Dvořák' });
    expect(within(row('Petr Dvořák')).getByRole('link', { name: t('common.edit') })).toBeTruthy();
    expect(within(row('Petr Dvořák')).queryByRole('button')).toBeNull();
  });

  it('an inactive holder of the owner function may be reactivated by an owner only', async () => {
    const former = makeUser(4, ['owner'], { name: 'Eva Stará', is_active: false });
    const routes = { 'GET /api/users': { body: { items: [owner, former], total: 2 } } };
    const { unmount } = renderUsers(['owner'], routes);
    await screen.findByRole('link', { name: 'Eva Stará' });
    expect(within(row('Eva Stará')).getByRole('button', { name: t('users.reactivate') })).toBeTruthy();
    unmount();
    // A dispatcher given delete_user reactivates others, not an owner.
    const dispatcher = makeProfile(['dispatcher'], { id: 99 });
    renderWithApp(<UsersPage />, {
      path: '/users',
      fetch: {
        ...routes,
        'GET /api/auth/user': {
          body: { user: { ...dispatcher, permissions: [...dispatcher.permissions, 'delete_user'] } },
        },
      },
    });
    await screen.findByRole('link', { name: 'Eva Stará' });
    expect(within(row('Eva Stará')).queryByRole('button')).toBeNull();
  });

  it('a driver without view_user is told so and nothing is asked of the server', async () => {
    const { api } = renderUsers(['driver']);
    expect(await screen.findByText(t('common.accessDenied'))).toBeTruthy();
    expect(api.sent('GET /api/users')).toEqual([]);
  });

  it('a page size of 20 asks for 20 rows from the first page', async () => {
    const { user, api } = renderUsers(['owner']);
    await screen.findByRole('link', { name: 'Tomáš Svoboda' });
    await user.click(screen.getByRole('combobox', { name: t('common.perPage') }));
    // The dropdown is still in its opening transition in jsdom, hence hidden: true.
    await user.click(await screen.findByRole('option', { name: '20', hidden: true }));
    await waitFor(() => expect(api.sent('GET /api/users')).toHaveLength(2));
    expect(api.sent('GET /api/users')[1]?.url.search).toBe('?current_page=1&per_page=20');
  });

  it('deactivation asks first, then sends DELETE and reloads the list', async () => {
    const { user, api } = renderUsers(['owner'], {
      'DELETE /api/user/2/delete': { body: { item: { ...technician, is_active: false } } },
    });
    await screen.findByRole('link', { name: 'Tomáš Svoboda' });
    await user.click(within(row('Tomáš Svoboda')).getByRole('button', { name: t('users.deactivate') }));
    const dialog = await screen.findByRole('dialog', { name: t('users.deactivateTitle') });
    expect(dialog.textContent).toContain('Tomáš Svoboda');
    expect(api.sent('DELETE /api/user/2/delete')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: t('users.deactivate') }));
    expect(await screen.findByText(t('users.deactivated', { name: 'Tomáš Svoboda' }))).toBeTruthy();
    expect(api.sent('DELETE /api/user/2/delete')).toHaveLength(1);
    await waitFor(() => expect(api.sent('GET /api/users')).toHaveLength(2));
  });

  it('a refused deactivation shows the error code text (201)', async () => {
    const { user } = renderUsers(['owner'], {
      'DELETE /api/user/2/delete': { status: 403, body: { error_code: 201, message: 'owner' } },
    });
    await screen.findByRole('link', { name: 'Tomáš Svoboda' });
    await user.click(within(row('Tomáš Svoboda')).getByRole('button', { name: t('users.deactivate') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: t('users.deactivate') }));
    expect(await screen.findByText(t('errors.201'))).toBeTruthy();
  });

  it('reactivation is sent at once', async () => {
    const { user, api } = renderUsers(['owner'], {
      'PUT /api/user/3/reactivate': { body: { item: { ...retired, is_active: true } } },
    });
    await screen.findByRole('link', { name: 'Josef Černý' });
    await user.click(within(row('Josef Černý')).getByRole('button', { name: t('users.reactivate') }));
    expect(await screen.findByText(t('users.reactivated', { name: 'Josef Černý' }))).toBeTruthy();
    expect(api.sent('PUT /api/user/3/reactivate')).toHaveLength(1);
  });
});
