import type { FunctionName } from '@letokruh/contracts/permissions';
import type { UserItem } from '@letokruh/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, type MockRoutes, makeProfile, renderWithApp, t } from '../../test-utils';
import { makeUser } from './test-data';
import { UserPage } from './user-page';

const technician = makeUser(2, ['technical_specialist'], {
  first_name: 'Tomáš',
  last_name: 'Svoboda',
  name: 'Tomáš Svoboda',
  username: 'technician',
  maximum_order_count: 8,
  version: 5,
});

function renderUser(
  item: UserItem | null,
  functions: FunctionName[] = ['owner'],
  fetch: MockRoutes = {},
  me = 1,
) {
  return renderWithApp(<UserPage />, {
    path: `/user/${item?.id ?? 42}`,
    route: '/user/:id',
    fetch: {
      'GET /api/auth/user': { body: { user: makeProfile(functions, { id: me }) } },
      [`GET /api/user/${item?.id ?? 42}`]: item
        ? { body: { item } }
        : { status: 404, body: { error_code: 202, message: 'User not found' } },
      'GET /api/calendar_feeds/all': { body: { items: [] } },
      ...fetch,
    },
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('UserPage', () => {
  it('saves the edited fields with the version and goes back to the list', async () => {
    const { user, api } = renderUser(technician, ['owner'], {
      'PUT /api/user/2/edit': {
        body: { item: { ...technician, last_name: 'Dvořáček', name: 'Tomáš Dvořáček', version: 6 } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Tomáš Svoboda' })).toBeTruthy();
    expect(field(t('users.fields.username')).value).toBe('technician');
    expect(field(t('users.fields.maximumOrderCount')).value).toBe('8');
    await user.clear(field(t('users.fields.lastName')));
    await user.type(field(t('users.fields.lastName')), 'Dvořáček');
    await user.type(field(t('users.fields.phone')), '777123456');
    await user.click(screen.getByRole('checkbox', { name: t('functions.warehouseman') }));
    await user.click(screen.getByRole('button', { name: t('users.save') }));

    await waitFor(() => expect(location()).toBe('/users'));
    expect(await screen.findByText(t('users.saved', { name: 'Tomáš Dvořáček' }))).toBeTruthy();
    expect(api.sent('PUT /api/user/2/edit')[0]?.body).toEqual({
      first_name: 'Tomáš',
      last_name: 'Dvořáček',
      email: technician.email,
      phone: '+420777123456',
      functions: ['technical_specialist', 'warehouseman'],
      maximum_order_count: 8,
      version: 5,
    });
  });

  it('without the technician function the order limit is hidden and sent as null', async () => {
    const { user, api } = renderUser(technician, ['owner'], {
      'PUT /api/user/2/edit': { body: { item: technician } },
    });
    await screen.findByRole('heading', { name: 'Tomáš Svoboda' });
    await user.click(screen.getByRole('checkbox', { name: t('functions.driver') }));
    await user.click(screen.getByRole('checkbox', { name: t('functions.technical_specialist') }));
    expect(screen.queryByText(t('users.fields.maximumOrderCount'))).toBeNull();
    await user.click(screen.getByRole('button', { name: t('users.save') }));
    await waitFor(() => expect(api.sent('PUT /api/user/2/edit')).toHaveLength(1));
    expect(api.sent('PUT /api/user/2/edit')[0]?.body).toMatchObject({
      functions: ['driver'],
      maximum_order_count: null,
    });
  });

  it('checks the fields before sending: an empty last name and no function send nothing', async () => {
    const { user, api } = renderUser(technician);
    await screen.findByRole('heading', { name: 'Tomáš Svoboda' });
    await user.clear(field(t('users.fields.lastName')));
    await user.click(screen.getByRole('checkbox', { name: t('functions.technical_specialist') }));
    await user.click(screen.getByRole('button', { name: t('users.save') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('users.checkFields'));
    expect(screen.getByText(t('users.invalid.last_name'))).toBeTruthy();
    expect(screen.getByText(t('users.invalid.functions'))).toBeTruthy();
    expect(api.sent('PUT /api/user/2/edit')).toEqual([]);
  });

  it('a stale version (409) says so, stays, and reloading takes the newer record', async () => {
    let version = 5;
    const { user, api } = renderUser(technician, ['owner'], {
      'GET /api/user/2': () => ({
        body: { item: { ...technician, first_name: version > 5 ? 'Nový' : 'Tomáš', version } },
      }),
      'PUT /api/user/2/edit': () => {
        version = 6;
        return { status: 409, body: { error_code: 140, message: 'stale' } };
      },
    });
    await screen.findByRole('heading', { name: 'Tomáš Svoboda' });
    await user.type(field(t('users.fields.phone')), '603 111 222');
    await user.click(screen.getByRole('button', { name: t('users.save') }));
    expect((await screen.findByRole('alert')).textContent).toContain(t('errors.140'));
    expect(screen.queryByTestId('location')).toBeNull();
    await user.click(screen.getByRole('button', { name: t('common.reload') }));
    await waitFor(() => expect(field(t('users.fields.firstName')).value).toBe('Nový'));
    expect(field(t('users.fields.phone')).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.sent('GET /api/user/2')).toHaveLength(2);
  });

  it('an unknown user (404) goes back to the list with the 202 text', async () => {
    renderUser(null);
    await waitFor(() => expect(location()).toBe('/users'));
    expect(await screen.findByText(t('errors.202'))).toBeTruthy();
  });

  it('a dispatcher sees the user read-only', async () => {
    renderUser(technician, ['dispatcher'], {}, 99);
    await screen.findByRole('heading', { name: 'Tomáš Svoboda' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: t('users.save') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('users.deactivate') })).toBeNull();
    expect(screen.getByText(t('functions.technical_specialist'))).toBeTruthy();
    expect(screen.getByText('8')).toBeTruthy();
  });

  it('another owner may edit an owner and untick the owner function; the last owner answer shows', async () => {
    const boss = makeUser(1, ['owner'], { name: 'Petr Dvořák' });
    const { user, api } = renderUser(
      boss,
      ['owner'],
      {
        'PUT /api/user/1/edit': {
          status: 409,
          body: { error_code: 205, message: 'last owner', fields: ['functions'] },
        },
      },
      50,
    );
    await screen.findByRole('heading', { name: 'Petr Dvořák' });
    const ownerBox = screen.getByRole('checkbox', { name: t('functions.owner') }) as HTMLInputElement;
    expect(ownerBox.checked).toBe(true);
    expect(ownerBox.disabled).toBe(false);
    // Owners are still never deactivated.
    expect(screen.queryByRole('button', { name: t('users.deactivate') })).toBeNull();
    await user.click(ownerBox);
    await user.click(screen.getByRole('checkbox', { name: t('functions.dispatcher') }));
    await user.click(screen.getByRole('button', { name: t('users.save') }));
    await waitFor(() => expect(api.sent('PUT /api/user/1/edit')).toHaveLength(1));
    expect(api.sent('PUT /api/user/1/edit')[0]?.body).toMatchObject({ functions: ['dispatcher'] });
    await waitFor(() => expect(document.body.textContent).toContain(t('errors.205')));
  });

  it('only an owner may tick the owner function', async () => {
    const dispatcherWithRights = makeProfile(['dispatcher'], {
      id: 99,
      permissions: [...makeProfile(['dispatcher']).permissions, 'change_user'],
    });
    renderWithApp(<UserPage />, {
      path: '/user/2',
      route: '/user/:id',
      fetch: {
        'GET /api/auth/user': { body: { user: dispatcherWithRights } },
        'GET /api/user/2': { body: { item: technician } },
      },
    });
    await screen.findByRole('heading', { name: 'Tomáš Svoboda' });
    expect((screen.getByRole('checkbox', { name: t('functions.owner') }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('checkbox', { name: t('functions.driver') }) as HTMLInputElement).disabled).toBe(
      false,
    );
  });

  it('shows a sign-in lock; an owner unlocks it, a dispatcher only sees it', async () => {
    const locked = { ...technician, sign_in_locked_until: '2026-11-25T14:30:00.000Z' };
    const { user, api } = renderUser(locked, ['owner'], {
      'PUT /api/user/2/unlock': { body: { item: { ...technician, sign_in_locked_until: null } } },
    });
    const alert = await screen.findByTestId('sign-in-lock');
    // Prague wall-clock time: 15:30 in winter.
    expect(alert.textContent).toContain(t('users.signInLocked'));
    expect(alert.textContent).toContain('15:30');
    await user.click(screen.getByRole('button', { name: t('users.unlock') }));
    await waitFor(() => expect(api.sent('PUT /api/user/2/unlock')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('sign-in-lock')).toBeNull());
    expect(await screen.findByText(t('users.unlocked', { name: 'Tomáš Svoboda' }))).toBeTruthy();
  });

  it('a dispatcher sees the lock without the unlock button', async () => {
    const locked = { ...technician, sign_in_locked_until: '2026-11-25T14:30:00.000Z' };
    renderUser(locked, ['dispatcher'], {}, 99);
    await screen.findByTestId('sign-in-lock');
    expect(screen.queryByRole('button', { name: t('users.unlock') })).toBeNull();
  });

  it('shows the owner the user’s calendar links and revokes one (decision 0073)', async () => {
    const driver = makeUser(5, ['driver'], { name: 'Josef Černý', username: 'driver' });
    const feed = {
      id: 31,
      kind: 'driver',
      subject_id: 5,
      subject_name: 'Josef Černý',
      user: { id: 5, name: 'Josef Černý' },
      created_at: '2026-11-20T08:00:00.000Z',
      created_by: { id: 5, name: 'Josef Černý' },
      last_fetched_at: '2026-11-28T06:15:00.000Z',
      works: true,
    };
    const { user, api } = renderUser(driver, ['owner'], {
      'GET /api/calendar_feeds/all': () => ({
        body: { items: api.sent('DELETE /api/calendar_feeds/all/31/revoke').length ? [] : [feed] },
      }),
      'DELETE /api/calendar_feeds/all/31/revoke': { body: { items: [] } },
    });
    const line = await screen.findByRole('group', { name: t('users.feeds.driver', { name: 'Josef Černý' }) });
    expect(api.sent('GET /api/calendar_feeds/all')[0]!.url.searchParams.get('user')).toBe('5');
    expect(line.textContent).toContain(t('users.feeds.lastFetched', { date: '28.11.2026 07:15' }));
    await user.click(screen.getByRole('button', { name: t('users.feeds.revoke') }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: t('users.feeds.revokeConfirm') }),
    );
    await waitFor(() => expect(api.sent('DELETE /api/calendar_feeds/all/31/revoke')).toHaveLength(1));
    expect(await screen.findByText(t('users.feeds.none'))).toBeTruthy();
  });

  it('shows no calendar links to a dispatcher, nor asks for them', async () => {
    const { api } = renderUser(technician, ['dispatcher'], {}, 99);
    expect(await screen.findByRole('heading', { name: 'Tomáš Svoboda' })).toBeTruthy();
    expect(screen.queryByText(t('users.feeds.heading'))).toBeNull();
    expect(api.sent('GET /api/calendar_feeds/all')).toHaveLength(0);
  });
});
